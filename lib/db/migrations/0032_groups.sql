CREATE TABLE "lesson_student_facts" (
	"lesson_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"present" boolean NOT NULL,
	"minutes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lesson_student_facts_lesson_id_student_id_pk" PRIMARY KEY("lesson_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "group_seats" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"status" text NOT NULL,
	"held_until" timestamp with time zone,
	"offer" boolean DEFAULT false NOT NULL,
	"order_id" integer,
	"lessons" integer NOT NULL,
	"per_lesson_tiyn" bigint NOT NULL,
	"amount_tiyn" bigint NOT NULL,
	"covers_from" timestamp with time zone NOT NULL,
	"moved_from_seat_id" integer,
	"company_employee_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"end_reason" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_seats_status" CHECK ("group_seats"."status" in ('held', 'paid', 'cancelled', 'refunded', 'moved')),
	CONSTRAINT "group_seats_amounts" CHECK ("group_seats"."lessons" >= 0 and "group_seats"."per_lesson_tiyn" >= 0 and "group_seats"."amount_tiyn" = "group_seats"."lessons" * "group_seats"."per_lesson_tiyn"),
	CONSTRAINT "group_seats_held" CHECK (("group_seats"."status" = 'held') = ("group_seats"."held_until" is not null))
);
--> statement-breakpoint
CREATE TABLE "group_waitlist" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"position" integer NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"seat_id" integer,
	"offered_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_waitlist_status" CHECK ("group_waitlist"."status" in ('waiting', 'offered', 'taken', 'expired', 'left'))
);
--> statement-breakpoint
CREATE TABLE "groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"subject" text NOT NULL,
	"level" text NOT NULL,
	"age_band" text NOT NULL,
	"tutor_id" integer NOT NULL,
	"weekdays" integer[] NOT NULL,
	"start_minute" integer NOT NULL,
	"duration_minutes" integer DEFAULT 60 NOT NULL,
	"start_date" date NOT NULL,
	"lessons_count" integer NOT NULL,
	"min_seats" integer DEFAULT 3 NOT NULL,
	"max_seats" integer DEFAULT 6 NOT NULL,
	"price_per_lesson_tiyn" bigint NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"company_id" integer,
	"janus_server" text,
	"merged_into_id" integer,
	"cancel_reason" text,
	"cancelled_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "groups_subject" CHECK ("groups"."subject" in ('english', 'kazakh')),
	CONSTRAINT "groups_level" CHECK ("groups"."level" in ('A1', 'A2', 'B1', 'B2', 'C1')),
	CONSTRAINT "groups_age_band" CHECK ("groups"."age_band" in ('kids_5_8', 'kids_9_12', 'teens', 'adults')),
	CONSTRAINT "groups_status" CHECK ("groups"."status" in ('draft', 'open', 'running', 'finished', 'cancelled')),
	CONSTRAINT "groups_seats" CHECK ("groups"."min_seats" >= 1 and "groups"."min_seats" <= "groups"."max_seats" and "groups"."max_seats" <= 6),
	CONSTRAINT "groups_price" CHECK ("groups"."price_per_lesson_tiyn" >= 350000 and "groups"."price_per_lesson_tiyn" % 100 = 0),
	CONSTRAINT "groups_schedule" CHECK (cardinality("groups"."weekdays") between 1 and 7 and "groups"."weekdays" <@ array[1,2,3,4,5,6,7] and "groups"."start_minute" between 0 and 1439 and "groups"."duration_minutes" between 30 and 120 and "groups"."lessons_count" between 1 and 120)
);
--> statement-breakpoint
ALTER TABLE "payment_orders" DROP CONSTRAINT "payment_orders_plan";--> statement-breakpoint
ALTER TABLE "payment_refunds" DROP CONSTRAINT "payment_refunds_amount_positive";--> statement-breakpoint
ALTER TABLE "payment_refunds" ALTER COLUMN "package_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "group_id" integer;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "group_earning_base" integer;--> statement-breakpoint
ALTER TABLE "tutor_profiles" ADD COLUMN "teaches_groups" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "lesson_attendance" ADD COLUMN "user_id" integer;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "product" text DEFAULT 'package' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "group_id" integer;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "group_seat_id" integer;--> statement-breakpoint
ALTER TABLE "lesson_student_facts" ADD CONSTRAINT "lesson_student_facts_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_student_facts" ADD CONSTRAINT "lesson_student_facts_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_seats" ADD CONSTRAINT "group_seats_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_seats" ADD CONSTRAINT "group_seats_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_seats" ADD CONSTRAINT "group_seats_order_id_payment_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."payment_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_seats" ADD CONSTRAINT "group_seats_company_employee_id_company_employees_id_fk" FOREIGN KEY ("company_employee_id") REFERENCES "public"."company_employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_waitlist" ADD CONSTRAINT "group_waitlist_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_waitlist" ADD CONSTRAINT "group_waitlist_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_waitlist" ADD CONSTRAINT "group_waitlist_seat_id_group_seats_id_fk" FOREIGN KEY ("seat_id") REFERENCES "public"."group_seats"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_tutor_id_users_id_fk" FOREIGN KEY ("tutor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_created_by_staff_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lesson_student_facts_student_idx" ON "lesson_student_facts" USING btree ("student_id","lesson_id");--> statement-breakpoint
CREATE UNIQUE INDEX "group_seats_live_uq" ON "group_seats" USING btree ("group_id","student_id") WHERE status in ('held', 'paid');--> statement-breakpoint
CREATE UNIQUE INDEX "group_seats_order_uq" ON "group_seats" USING btree ("order_id") WHERE order_id is not null and status in ('held', 'paid');--> statement-breakpoint
CREATE INDEX "group_seats_group_idx" ON "group_seats" USING btree ("group_id","status");--> statement-breakpoint
CREATE INDEX "group_seats_student_idx" ON "group_seats" USING btree ("student_id","created_at");--> statement-breakpoint
CREATE INDEX "group_seats_held_idx" ON "group_seats" USING btree ("held_until") WHERE status = 'held';--> statement-breakpoint
CREATE UNIQUE INDEX "group_waitlist_position_uq" ON "group_waitlist" USING btree ("group_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "group_waitlist_live_uq" ON "group_waitlist" USING btree ("group_id","student_id") WHERE status in ('waiting', 'offered');--> statement-breakpoint
CREATE INDEX "groups_public_idx" ON "groups" USING btree ("status","subject","level") WHERE company_id is null;--> statement-breakpoint
CREATE INDEX "groups_tutor_idx" ON "groups" USING btree ("tutor_id");--> statement-breakpoint
CREATE INDEX "groups_company_idx" ON "groups" USING btree ("company_id") WHERE company_id is not null;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_attendance" ADD CONSTRAINT "lesson_attendance_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lessons_group_idx" ON "lessons" USING btree ("group_id","starts_at") WHERE group_id is not null;--> statement-breakpoint
CREATE INDEX "payment_orders_group_idx" ON "payment_orders" USING btree ("group_id") WHERE group_id is not null;--> statement-breakpoint
CREATE INDEX "payment_refunds_seat_idx" ON "payment_refunds" USING btree ("group_seat_id") WHERE group_seat_id is not null;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_group_kind" CHECK (("lessons"."kind" = 'group') = ("lessons"."group_id" is not null) and ("lessons"."kind" <> 'group' or "lessons"."student_id" is null));--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_product" CHECK ("payment_orders"."product" in ('package', 'group_seat') and ("payment_orders"."product" = 'group_seat') = ("payment_orders"."plan" = 'group') and ("payment_orders"."product" = 'group_seat') = ("payment_orders"."group_id" is not null));--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_plan" CHECK ("payment_orders"."plan" in ('basic', 'advanced', 'intensive', 'group'));--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_what" CHECK (("payment_refunds"."package_id" is null) <> ("payment_refunds"."group_seat_id" is null));--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_amount_positive" CHECK ("payment_refunds"."amount_tiyn" > 0 and "payment_refunds"."lessons" >= 0);