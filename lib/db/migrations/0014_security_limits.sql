ALTER TABLE "kazakh_test_takers" ADD COLUMN "identity_checked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- A student could hold several booked trials with one tutor (one per subject) before this index:
-- the earliest stays, the later ones are cancelled as by the student, so the index can be built.
UPDATE "lessons" AS l SET "status" = 'cancelled', "cancelled_at" = now(), "cancelled_by" = 'student', "updated_at" = now()
WHERE l."kind" = 'trial' AND l."status" = 'booked' AND EXISTS (
  SELECT 1 FROM "lessons" AS e
  WHERE e."kind" = 'trial' AND e."status" = 'booked' AND e."student_id" = l."student_id" AND e."tutor_id" = l."tutor_id"
    AND (e."starts_at", e."id") < (l."starts_at", l."id")
);--> statement-breakpoint
CREATE UNIQUE INDEX "lessons_one_trial_tutor_uq" ON "lessons" USING btree ("student_id","tutor_id") WHERE kind = 'trial' and status = 'booked';
