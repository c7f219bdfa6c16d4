ALTER TABLE "lesson_words" ALTER COLUMN "lesson_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "lesson_words" ADD COLUMN "unit_id" integer;--> statement-breakpoint
ALTER TABLE "lesson_words" ADD CONSTRAINT "lesson_words_unit_id_library_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."library_units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lesson_words_unit_word_uq" ON "lesson_words" USING btree ("student_id","unit_id","word") WHERE "lesson_words"."unit_id" is not null;--> statement-breakpoint
ALTER TABLE "lesson_words" ADD CONSTRAINT "lesson_words_source_ck" CHECK (("lesson_words"."lesson_id" is null) <> ("lesson_words"."unit_id" is null));