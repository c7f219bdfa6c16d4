CREATE TABLE "homework" (
	"id" serial PRIMARY KEY NOT NULL,
	"lesson_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"tutor_id" integer NOT NULL,
	"unit_id" integer NOT NULL,
	"due_on" date NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "library_answers" ADD COLUMN "checked_by" integer;--> statement-breakpoint
ALTER TABLE "library_answers" ADD COLUMN "checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "library_answers" ADD COLUMN "comment" text;--> statement-breakpoint
ALTER TABLE "homework" ADD CONSTRAINT "homework_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework" ADD CONSTRAINT "homework_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework" ADD CONSTRAINT "homework_tutor_id_users_id_fk" FOREIGN KEY ("tutor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework" ADD CONSTRAINT "homework_unit_id_library_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."library_units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "homework_lesson_student_unit_uq" ON "homework" USING btree ("lesson_id","student_id","unit_id");--> statement-breakpoint
CREATE INDEX "homework_student_idx" ON "homework" USING btree ("student_id","due_on");--> statement-breakpoint
CREATE INDEX "homework_tutor_idx" ON "homework" USING btree ("tutor_id","due_on");--> statement-breakpoint
ALTER TABLE "library_answers" ADD CONSTRAINT "library_answers_checked_by_users_id_fk" FOREIGN KEY ("checked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;