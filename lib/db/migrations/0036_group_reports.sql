-- A group lesson's report is one row per marked student (issue 33): the key becomes (lesson, student).
ALTER TABLE "lesson_reports" DROP CONSTRAINT "lesson_reports_pkey";--> statement-breakpoint
ALTER TABLE "lesson_reports" ADD CONSTRAINT "lesson_reports_lesson_id_student_id_pk" PRIMARY KEY("lesson_id","student_id");
