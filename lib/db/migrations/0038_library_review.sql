ALTER TABLE "library_courses" ADD COLUMN "submitted_by" integer;--> statement-breakpoint
ALTER TABLE "library_courses" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "library_courses" ADD CONSTRAINT "library_courses_submitted_by_staff_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;