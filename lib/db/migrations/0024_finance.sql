CREATE TABLE "payout_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"register_id" integer NOT NULL,
	"tutor_id" integer NOT NULL,
	"lessons" integer NOT NULL,
	"plan" text NOT NULL,
	"fee_percent" integer NOT NULL,
	"price_sum_tiyn" bigint NOT NULL,
	"booked_tiyn" bigint NOT NULL,
	"earning_tiyn" bigint NOT NULL,
	CONSTRAINT "payout_lines_amounts" CHECK ("payout_lines"."lessons" > 0 and "payout_lines"."earning_tiyn" >= 0 and "payout_lines"."booked_tiyn" >= 0 and "payout_lines"."price_sum_tiyn" >= "payout_lines"."earning_tiyn"),
	CONSTRAINT "payout_lines_plan" CHECK ("payout_lines"."plan" in ('basic', 'advanced', 'intensive'))
);
--> statement-breakpoint
CREATE TABLE "payout_registers" (
	"id" serial PRIMARY KEY NOT NULL,
	"month" text NOT NULL,
	"status" text DEFAULT 'approved' NOT NULL,
	"tutors" integer NOT NULL,
	"lessons" integer NOT NULL,
	"total_tiyn" bigint NOT NULL,
	"approved_by" integer,
	"approved_at" timestamp with time zone DEFAULT now() NOT NULL,
	"exported_at" timestamp with time zone,
	"paid_by" integer,
	"paid_at" timestamp with time zone,
	CONSTRAINT "payout_registers_month" CHECK ("payout_registers"."month" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
	CONSTRAINT "payout_registers_status" CHECK ("payout_registers"."status" in ('approved', 'paid'))
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_account_name";--> statement-breakpoint
ALTER TABLE "payment_refunds" DROP CONSTRAINT "payment_refunds_status";--> statement-breakpoint
DROP INDEX "payment_refunds_open_uq";--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "payout_register_id" integer;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "decided_by" integer;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "decision_reason" text;--> statement-breakpoint
ALTER TABLE "payout_lines" ADD CONSTRAINT "payout_lines_register_id_payout_registers_id_fk" FOREIGN KEY ("register_id") REFERENCES "public"."payout_registers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_lines" ADD CONSTRAINT "payout_lines_tutor_id_users_id_fk" FOREIGN KEY ("tutor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_lines_register_tutor_uq" ON "payout_lines" USING btree ("register_id","tutor_id");--> statement-breakpoint
CREATE INDEX "payout_lines_tutor_idx" ON "payout_lines" USING btree ("tutor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_registers_month_uq" ON "payout_registers" USING btree ("month");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refunds_open_uq" ON "payment_refunds" USING btree ("package_id") WHERE status in ('requested', 'review');--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_name" CHECK ("ledger_entries"."account" ~ '^(provider_clearing|school_revenue|refunds_due|student_balance:[0-9]+|tutor_payable:[0-9]+|payouts_bank)$');--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_status" CHECK ("payment_refunds"."status" in ('review', 'requested', 'done', 'failed', 'rejected'));