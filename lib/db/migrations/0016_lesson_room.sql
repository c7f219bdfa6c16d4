CREATE TABLE "lesson_attendance" (
	"id" serial PRIMARY KEY NOT NULL,
	"lesson_id" integer NOT NULL,
	"side" text NOT NULL,
	"connection" text NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lesson_attendance_kind_ck" CHECK ("lesson_attendance"."kind" in ('join', 'leave', 'heartbeat') and "lesson_attendance"."side" in ('student', 'tutor'))
);
--> statement-breakpoint
CREATE TABLE "lesson_room_events" (
	"lesson_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"side" text NOT NULL,
	"to_side" text,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lesson_room_events_lesson_id_seq_pk" PRIMARY KEY("lesson_id","seq"),
	CONSTRAINT "lesson_room_events_kind_ck" CHECK ("lesson_room_events"."kind" in ('signal', 'chat', 'notes', 'vocab', 'board', 'presence')),
	CONSTRAINT "lesson_room_events_side_ck" CHECK ("lesson_room_events"."side" in ('student', 'tutor', 'server') and ("lesson_room_events"."to_side" is null or "lesson_room_events"."to_side" in ('student', 'tutor'))),
	CONSTRAINT "lesson_room_events_size_ck" CHECK (octet_length("lesson_room_events"."payload"::text) <= 262144)
);
--> statement-breakpoint
CREATE TABLE "lesson_rooms" (
	"lesson_id" integer PRIMARY KEY NOT NULL,
	"last_seq" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lesson_words" (
	"id" serial PRIMARY KEY NOT NULL,
	"lesson_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"word" text NOT NULL,
	"translation" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lesson_attendance" ADD CONSTRAINT "lesson_attendance_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_room_events" ADD CONSTRAINT "lesson_room_events_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_rooms" ADD CONSTRAINT "lesson_rooms_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_words" ADD CONSTRAINT "lesson_words_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_words" ADD CONSTRAINT "lesson_words_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lesson_attendance_lesson_idx" ON "lesson_attendance" USING btree ("lesson_id","at");--> statement-breakpoint
CREATE INDEX "lesson_words_student_idx" ON "lesson_words" USING btree ("student_id","created_at");