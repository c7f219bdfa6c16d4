ALTER TABLE "companies" ADD COLUMN "bank_iban" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "bank_name" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "bank_bic" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "kbe" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "signatory_name" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "signatory_position" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "contract_number" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "contract_date" text;--> statement-breakpoint
ALTER TABLE "company_employees" ADD COLUMN "user_id" integer;--> statement-breakpoint
ALTER TABLE "company_employees" ADD COLUMN "lessons_invite_hash" text;--> statement-breakpoint
ALTER TABLE "company_employees" ADD COLUMN "lessons_invite_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "company_employees" ADD CONSTRAINT "company_employees_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "company_employees_user_uq" ON "company_employees" USING btree ("company_id","user_id") WHERE user_id is not null;--> statement-breakpoint
CREATE INDEX "company_employees_phone_idx" ON "company_employees" USING btree ("phone") WHERE phone is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "company_employees_lessons_invite_uq" ON "company_employees" USING btree ("lessons_invite_hash") WHERE lessons_invite_hash is not null;