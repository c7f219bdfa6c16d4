CREATE TABLE "lesson_attendance_corrections" (
	"id" serial PRIMARY KEY NOT NULL,
	"lesson_id" integer NOT NULL,
	"by_user_id" integer NOT NULL,
	"from_status" text NOT NULL,
	"status" text NOT NULL,
	"no_show" text,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lesson_attendance_corrections_reason_ck" CHECK (length(btrim("lesson_attendance_corrections"."reason")) > 0)
);
--> statement-breakpoint
CREATE TABLE "lesson_reports" (
	"lesson_id" integer PRIMARY KEY NOT NULL,
	"student_id" integer NOT NULL,
	"tutor_id" integer NOT NULL,
	"covered" text NOT NULL,
	"homework" text DEFAULT '' NOT NULL,
	"level" text NOT NULL,
	"marks" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "fact_status" text;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "fact_no_show" text;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "company_employee_id" integer;--> statement-breakpoint
ALTER TABLE "lesson_attendance_corrections" ADD CONSTRAINT "lesson_attendance_corrections_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_attendance_corrections" ADD CONSTRAINT "lesson_attendance_corrections_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_reports" ADD CONSTRAINT "lesson_reports_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_reports" ADD CONSTRAINT "lesson_reports_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_reports" ADD CONSTRAINT "lesson_reports_tutor_id_users_id_fk" FOREIGN KEY ("tutor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lesson_attendance_corrections_lesson_idx" ON "lesson_attendance_corrections" USING btree ("lesson_id","created_at");--> statement-breakpoint
CREATE INDEX "lesson_reports_student_idx" ON "lesson_reports" USING btree ("student_id","created_at");--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_company_employee_id_company_employees_id_fk" FOREIGN KEY ("company_employee_id") REFERENCES "public"."company_employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lessons_company_employee_idx" ON "lessons" USING btree ("company_employee_id","starts_at") WHERE company_employee_id is not null;--> statement-breakpoint
-- Lessons closed before the room's facts were kept apart from the tutor's mark: their outcome is the only record there is.
UPDATE "lessons" SET "fact_status" = "status", "fact_no_show" = "no_show" WHERE "status" IN ('held', 'not_held');
