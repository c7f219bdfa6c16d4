ALTER TABLE "lessons" ADD COLUMN "pool_tutor_price" integer;--> statement-breakpoint
ALTER TABLE "lesson_words" ADD COLUMN "lang" text;--> statement-breakpoint
CREATE INDEX "ledger_entries_earning_time_idx" ON "ledger_entries" USING btree ("created_at") WHERE kind = 'tutor_earning';--> statement-breakpoint
ALTER TABLE "lesson_words" ADD CONSTRAINT "lesson_words_lang_ck" CHECK ("lesson_words"."lang" is null or "lesson_words"."lang" in ('ru', 'kk', 'en'));