CREATE TABLE "company_invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"company_id" integer NOT NULL,
	"created_by" integer,
	"locale" text DEFAULT 'ru' NOT NULL,
	"lessons" integer NOT NULL,
	"per_lesson_tiyn" bigint NOT NULL,
	"amount_tiyn" bigint NOT NULL,
	"vat_payer" boolean NOT NULL,
	"vat_percent" integer NOT NULL,
	"vat_tiyn" bigint NOT NULL,
	"school" jsonb NOT NULL,
	"buyer" jsonb NOT NULL,
	"status" text DEFAULT 'issued' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_on" text,
	"payment_order" text,
	"paid_by" integer,
	"paid_at" timestamp with time zone,
	"cancelled_by" integer,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	CONSTRAINT "company_invoices_amounts" CHECK ("company_invoices"."lessons" > 0 and "company_invoices"."per_lesson_tiyn" > 0 and "company_invoices"."amount_tiyn" = "company_invoices"."per_lesson_tiyn" * "company_invoices"."lessons" and "company_invoices"."vat_tiyn" >= 0 and "company_invoices"."vat_tiyn" < "company_invoices"."amount_tiyn"),
	CONSTRAINT "company_invoices_status" CHECK ("company_invoices"."status" in ('issued', 'paid', 'cancelled')),
	CONSTRAINT "company_invoices_paid" CHECK (("company_invoices"."status" = 'paid') = ("company_invoices"."paid_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_account_name";--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "bin" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "legal_address" text;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "company_invoice_id" integer;--> statement-breakpoint
ALTER TABLE "company_invoices" ADD CONSTRAINT "company_invoices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_invoices" ADD CONSTRAINT "company_invoices_created_by_company_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."company_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "company_invoices_number_uq" ON "company_invoices" USING btree ("number");--> statement-breakpoint
CREATE INDEX "company_invoices_company_idx" ON "company_invoices" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "company_invoices_status_idx" ON "company_invoices" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "ledger_entries_invoice_idx" ON "ledger_entries" USING btree ("company_invoice_id","account");--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_name" CHECK ("ledger_entries"."account" ~ '^(provider_clearing|school_revenue|refunds_due|student_balance:[0-9]+|tutor_payable:[0-9]+|payouts_bank|bank_transfers|company_balance:[0-9]+|employee_balance:[0-9]+)$');