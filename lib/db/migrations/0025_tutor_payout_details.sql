CREATE TABLE "tutor_payout_details" (
	"tutor_id" integer PRIMARY KEY NOT NULL,
	"iban_sealed" text NOT NULL,
	"iban_last4" text NOT NULL,
	"iin_sealed" text NOT NULL,
	"iin_last4" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tutor_payout_details" ADD CONSTRAINT "tutor_payout_details_tutor_id_users_id_fk" FOREIGN KEY ("tutor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;