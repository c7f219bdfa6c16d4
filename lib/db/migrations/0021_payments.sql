CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"txn_id" uuid NOT NULL,
	"account" text NOT NULL,
	"amount_tiyn" bigint NOT NULL,
	"kind" text NOT NULL,
	"order_id" integer,
	"package_id" integer,
	"lesson_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_amount_nonzero" CHECK ("ledger_entries"."amount_tiyn" <> 0),
	CONSTRAINT "ledger_entries_account_name" CHECK ("ledger_entries"."account" ~ '^(provider_clearing|school_revenue|refunds_due|student_balance:[0-9]+|tutor_payable:[0-9]+)$')
);
--> statement-breakpoint
CREATE TABLE "lesson_packages" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"tutor_id" integer NOT NULL,
	"subject" text NOT NULL,
	"plan" text NOT NULL,
	"lessons_total" integer NOT NULL,
	"per_lesson_tiyn" bigint NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lesson_packages_lessons_positive" CHECK ("lesson_packages"."lessons_total" > 0 and "lesson_packages"."per_lesson_tiyn" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"student_id" integer NOT NULL,
	"tutor_id" integer NOT NULL,
	"subject" text NOT NULL,
	"plan" text NOT NULL,
	"lessons" integer NOT NULL,
	"tutor_price" integer NOT NULL,
	"per_lesson_tiyn" bigint NOT NULL,
	"amount_tiyn" bigint NOT NULL,
	"currency" text DEFAULT 'KZT' NOT NULL,
	"promo_code" text,
	"promo_percent" integer DEFAULT 0 NOT NULL,
	"provider" text NOT NULL,
	"test" boolean DEFAULT false NOT NULL,
	"invoice_id" text NOT NULL,
	"secret_hash" text NOT NULL,
	"provider_payment_id" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"failure_reason" text,
	"locale" text DEFAULT 'ru' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"checked_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_orders_amount_positive" CHECK ("payment_orders"."amount_tiyn" > 0 and "payment_orders"."per_lesson_tiyn" > 0 and "payment_orders"."lessons" > 0),
	CONSTRAINT "payment_orders_amount_total" CHECK ("payment_orders"."amount_tiyn" = "payment_orders"."per_lesson_tiyn" * "payment_orders"."lessons"),
	CONSTRAINT "payment_orders_status" CHECK ("payment_orders"."status" in ('pending', 'paid', 'declined', 'expired', 'refunded')),
	CONSTRAINT "payment_orders_plan" CHECK ("payment_orders"."plan" in ('basic', 'advanced', 'intensive')),
	CONSTRAINT "payment_orders_currency" CHECK ("payment_orders"."currency" = 'KZT'),
	CONSTRAINT "payment_orders_promo" CHECK ("payment_orders"."promo_percent" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "payment_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"package_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"amount_tiyn" bigint NOT NULL,
	"lessons" integer NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"due_by" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone,
	CONSTRAINT "payment_refunds_amount_positive" CHECK ("payment_refunds"."amount_tiyn" > 0 and "payment_refunds"."lessons" > 0),
	CONSTRAINT "payment_refunds_status" CHECK ("payment_refunds"."status" in ('requested', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "provider_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"payment_id" text NOT NULL,
	"event" text NOT NULL,
	"source" text NOT NULL,
	"payload" jsonb NOT NULL,
	"order_id" integer,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "package_id" integer;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_order_id_payment_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."payment_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_package_id_lesson_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."lesson_packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_packages" ADD CONSTRAINT "lesson_packages_order_id_payment_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."payment_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_packages" ADD CONSTRAINT "lesson_packages_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_packages" ADD CONSTRAINT "lesson_packages_tutor_id_users_id_fk" FOREIGN KEY ("tutor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_tutor_id_users_id_fk" FOREIGN KEY ("tutor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_order_id_payment_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."payment_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_package_id_lesson_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."lesson_packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_events" ADD CONSTRAINT "provider_events_order_id_payment_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."payment_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_entries_account_idx" ON "ledger_entries" USING btree ("account","package_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_txn_idx" ON "ledger_entries" USING btree ("txn_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lesson_packages_order_uq" ON "lesson_packages" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "lesson_packages_student_idx" ON "lesson_packages" USING btree ("student_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_orders_invoice_uq" ON "payment_orders" USING btree ("provider","invoice_id");--> statement-breakpoint
CREATE INDEX "payment_orders_student_idx" ON "payment_orders" USING btree ("student_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_orders_pending_idx" ON "payment_orders" USING btree ("status","created_at") WHERE status = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refunds_open_uq" ON "payment_refunds" USING btree ("package_id") WHERE status = 'requested';--> statement-breakpoint
CREATE INDEX "payment_refunds_status_idx" ON "payment_refunds" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "provider_events_once_uq" ON "provider_events" USING btree ("provider","payment_id","event");--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_package_id_lesson_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."lesson_packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lessons_package_idx" ON "lessons" USING btree ("package_id") WHERE package_id is not null;--> statement-breakpoint
-- The ledger's rule, kept by the database: the rows of one transaction sum to zero, checked at commit
-- (a deferred constraint trigger), so no code path can write half of a money move.
CREATE FUNCTION ledger_txn_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (SELECT coalesce(sum(amount_tiyn), 0) FROM ledger_entries WHERE txn_id = NEW.txn_id) <> 0 THEN
    RAISE EXCEPTION 'ledger transaction % does not sum to zero', NEW.txn_id USING ERRCODE = '23514';
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_entries_balanced AFTER INSERT OR UPDATE ON ledger_entries DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_txn_balanced();--> statement-breakpoint
-- Append-only: a posted row is never changed or removed (a correction is a new transaction).
CREATE FUNCTION ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger_entries is append-only' USING ERRCODE = '42501';
END;
$$;--> statement-breakpoint
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
