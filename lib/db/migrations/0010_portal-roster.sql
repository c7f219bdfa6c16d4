CREATE TABLE "company_employees" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"last_name" text NOT NULL,
	"first_name" text NOT NULL,
	"iin_hash" text NOT NULL,
	"iin_last4" text NOT NULL,
	"iin_sealed" text NOT NULL,
	"position_code" text NOT NULL,
	"department" text,
	"phone" text,
	"email" text,
	"locale" text DEFAULT 'ru' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_employees" ADD CONSTRAINT "company_employees_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "company_employees_iin" ON "company_employees" USING btree ("company_id","iin_hash");--> statement-breakpoint
CREATE INDEX "company_employees_name_idx" ON "company_employees" USING btree ("company_id","last_name","first_name");