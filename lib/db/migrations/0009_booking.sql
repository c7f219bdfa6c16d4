CREATE TABLE "lesson_messages" (
	"lesson_id" integer NOT NULL,
	"outbox_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"recipient_role" text NOT NULL,
	CONSTRAINT "lesson_messages_lesson_id_outbox_id_pk" PRIMARY KEY("lesson_id","outbox_id")
);
--> statement-breakpoint
CREATE TABLE "lessons" (
	"id" serial PRIMARY KEY NOT NULL,
	"tutor_id" integer NOT NULL,
	"student_id" integer,
	"kind" text DEFAULT 'trial' NOT NULL,
	"subject" text NOT NULL,
	"status" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"hold_token_hash" text,
	"hold_expires_at" timestamp with time zone,
	"idempotency_key" text,
	"sequence" integer DEFAULT 0 NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" text,
	"late_cancel" boolean DEFAULT false NOT NULL,
	"no_show" text,
	"marked_at" timestamp with time zone,
	"rating" integer,
	"rating_comment" text,
	"reminded_day_at" timestamp with time zone,
	"reminded_hour_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tutor_schedules" (
	"tutor_id" integer PRIMARY KEY NOT NULL,
	"weekly" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"days_off" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"min_notice_minutes" integer DEFAULT 720 NOT NULL,
	"horizon_days" integer DEFAULT 28 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "ics" text;--> statement-breakpoint
ALTER TABLE "lesson_messages" ADD CONSTRAINT "lesson_messages_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_messages" ADD CONSTRAINT "lesson_messages_outbox_id_outbox_id_fk" FOREIGN KEY ("outbox_id") REFERENCES "public"."outbox"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_tutor_id_users_id_fk" FOREIGN KEY ("tutor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tutor_schedules" ADD CONSTRAINT "tutor_schedules_tutor_id_users_id_fk" FOREIGN KEY ("tutor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lessons_tutor_time_idx" ON "lessons" USING btree ("tutor_id","starts_at");--> statement-breakpoint
CREATE INDEX "lessons_student_time_idx" ON "lessons" USING btree ("student_id","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "lessons_idempotency_uq" ON "lessons" USING btree ("student_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "lessons_one_trial_uq" ON "lessons" USING btree ("student_id","subject") WHERE kind = 'trial' and status in ('booked', 'held', 'not_held');--> statement-breakpoint
-- The database itself refuses a second live lesson (or hold) of one tutor at an overlapping time.
-- btree_gist ships with PostgreSQL (contrib; trusted since 13, so the database's owner may create
-- it) and PGlite loads it in lib/db/open.ts. Unlike the search's pg_trgm there is no fallback: a
-- database without it must not take bookings, so the migration fails loudly.
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_time_order" CHECK ("ends_at" > "starts_at");--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_no_overlap" EXCLUDE USING gist ("tutor_id" WITH =, tstzrange("starts_at", "ends_at", '[)') WITH &&) WHERE ("status" <> 'cancelled');
