CREATE TABLE "fiscal_receipts" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"order_id" integer NOT NULL,
	"refund_id" integer,
	"student_id" integer NOT NULL,
	"amount_tiyn" bigint NOT NULL,
	"external_number" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"check_number" text,
	"ticket_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"issued_at" timestamp with time zone,
	CONSTRAINT "fiscal_receipts_kind" CHECK ("fiscal_receipts"."kind" in ('sale', 'sale_return')),
	CONSTRAINT "fiscal_receipts_status" CHECK ("fiscal_receipts"."status" in ('pending', 'issued')),
	CONSTRAINT "fiscal_receipts_amount_positive" CHECK ("fiscal_receipts"."amount_tiyn" > 0)
);
--> statement-breakpoint
ALTER TABLE "fiscal_receipts" ADD CONSTRAINT "fiscal_receipts_order_id_payment_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."payment_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fiscal_receipts" ADD CONSTRAINT "fiscal_receipts_refund_id_payment_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."payment_refunds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fiscal_receipts" ADD CONSTRAINT "fiscal_receipts_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fiscal_receipts_external_uq" ON "fiscal_receipts" USING btree ("external_number");--> statement-breakpoint
CREATE INDEX "fiscal_receipts_pending_idx" ON "fiscal_receipts" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "fiscal_receipts_order_idx" ON "fiscal_receipts" USING btree ("order_id");