-- Tutor chat help (issue 34, docs/chat-help.md): tutors' duty, questions and their messages; an order of chat help hours (product chat_help, plan chat) has no tutor, its refund neither a package nor a seat; a payout line carries the chat earning.
CREATE TABLE "chat_help_duty" (
	"tutor_id" integer PRIMARY KEY NOT NULL,
	"subjects" jsonb NOT NULL,
	"weekly" jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_help_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"question_id" integer NOT NULL,
	"side" text NOT NULL,
	"author_id" integer NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"photo" text,
	"blocks" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_help_messages_side_ck" CHECK ("chat_help_messages"."side" in ('student', 'tutor')),
	CONSTRAINT "chat_help_messages_content_ck" CHECK (length("chat_help_messages"."body") > 0 or "chat_help_messages"."photo" is not null),
	CONSTRAINT "chat_help_messages_blocks_ck" CHECK ("chat_help_messages"."blocks" >= 0 and ("chat_help_messages"."side" = 'tutor' or "chat_help_messages"."blocks" = 0))
);
--> statement-breakpoint
CREATE TABLE "chat_help_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"student_id" integer NOT NULL,
	"subject" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"tutor_id" integer,
	"on_duty" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"taken_at" timestamp with time zone,
	"first_answer_at" timestamp with time zone,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by" text,
	CONSTRAINT "chat_help_questions_subject_ck" CHECK ("chat_help_questions"."subject" in ('english', 'kazakh')),
	CONSTRAINT "chat_help_questions_status_ck" CHECK ("chat_help_questions"."status" in ('open', 'taken', 'closed')),
	CONSTRAINT "chat_help_questions_taken_ck" CHECK (("chat_help_questions"."status" <> 'open' or "chat_help_questions"."tutor_id" is null) and ("chat_help_questions"."status" <> 'taken' or "chat_help_questions"."tutor_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "payment_orders" DROP CONSTRAINT "payment_orders_plan";--> statement-breakpoint
ALTER TABLE "payment_orders" DROP CONSTRAINT "payment_orders_product";--> statement-breakpoint
ALTER TABLE "payment_refunds" DROP CONSTRAINT "payment_refunds_what";--> statement-breakpoint
ALTER TABLE "payout_lines" DROP CONSTRAINT "payout_lines_amounts";--> statement-breakpoint
ALTER TABLE "payment_orders" ALTER COLUMN "tutor_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payout_lines" ADD COLUMN "chat_tiyn" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_help_duty" ADD CONSTRAINT "chat_help_duty_tutor_id_users_id_fk" FOREIGN KEY ("tutor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_help_messages" ADD CONSTRAINT "chat_help_messages_question_id_chat_help_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."chat_help_questions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_help_messages" ADD CONSTRAINT "chat_help_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_help_questions" ADD CONSTRAINT "chat_help_questions_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_help_questions" ADD CONSTRAINT "chat_help_questions_tutor_id_users_id_fk" FOREIGN KEY ("tutor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_help_messages_question_idx" ON "chat_help_messages" USING btree ("question_id","id");--> statement-breakpoint
CREATE INDEX "chat_help_questions_student_idx" ON "chat_help_questions" USING btree ("student_id","created_at");--> statement-breakpoint
CREATE INDEX "chat_help_questions_queue_idx" ON "chat_help_questions" USING btree ("subject","created_at") WHERE status = 'open';--> statement-breakpoint
CREATE INDEX "chat_help_questions_tutor_idx" ON "chat_help_questions" USING btree ("tutor_id","last_message_at");--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_tutor_ck" CHECK ("payment_orders"."tutor_id" is not null or "payment_orders"."product" = 'chat_help');--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_plan" CHECK ("payment_orders"."plan" in ('basic', 'advanced', 'intensive', 'group', 'chat'));--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_product" CHECK ("payment_orders"."product" in ('package', 'group_seat', 'chat_help') and ("payment_orders"."product" = 'group_seat') = ("payment_orders"."plan" = 'group') and ("payment_orders"."product" = 'group_seat') = ("payment_orders"."group_id" is not null) and ("payment_orders"."product" = 'chat_help') = ("payment_orders"."plan" = 'chat'));--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_what" CHECK ("payment_refunds"."package_id" is null or "payment_refunds"."group_seat_id" is null);--> statement-breakpoint
ALTER TABLE "payout_lines" ADD CONSTRAINT "payout_lines_amounts" CHECK ("payout_lines"."lessons" >= 0 and "payout_lines"."chat_tiyn" >= 0 and ("payout_lines"."lessons" > 0 or "payout_lines"."chat_tiyn" > 0) and "payout_lines"."earning_tiyn" >= "payout_lines"."chat_tiyn" and "payout_lines"."booked_tiyn" >= 0 and "payout_lines"."price_sum_tiyn" >= "payout_lines"."earning_tiyn" - "payout_lines"."chat_tiyn");