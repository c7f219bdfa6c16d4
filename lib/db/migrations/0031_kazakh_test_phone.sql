ALTER TABLE "kazakh_test_takers" ADD COLUMN "phone_hash" text;--> statement-breakpoint
CREATE INDEX "kazakh_test_takers_phone_idx" ON "kazakh_test_takers" USING btree ("phone_hash","created_at");