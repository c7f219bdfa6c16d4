ALTER TABLE "kazakh_test_takers" ADD COLUMN "consent_version" text;--> statement-breakpoint
ALTER TABLE "kazakh_test_takers" ADD COLUMN "consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "plan" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "promo_code" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "consent_version" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "consent_version" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "consent_at" timestamp with time zone;