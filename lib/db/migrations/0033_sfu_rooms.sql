CREATE TABLE "lesson_room_removals" (
	"lesson_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"by_user_id" integer NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lesson_room_removals_lesson_id_user_id_pk" PRIMARY KEY("lesson_id","user_id"),
	CONSTRAINT "lesson_room_removals_reason_ck" CHECK (length(btrim("lesson_room_removals"."reason")) > 0)
);
--> statement-breakpoint
CREATE TABLE "lesson_sfu_admissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"lesson_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"token" text NOT NULL,
	"feed_id" bigint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lesson_sfu_rooms" (
	"lesson_id" integer PRIMARY KEY NOT NULL,
	"server_id" text NOT NULL,
	"room" bigint NOT NULL,
	"pin" text NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lesson_room_removals" ADD CONSTRAINT "lesson_room_removals_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_room_removals" ADD CONSTRAINT "lesson_room_removals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_room_removals" ADD CONSTRAINT "lesson_room_removals_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_sfu_admissions" ADD CONSTRAINT "lesson_sfu_admissions_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_sfu_admissions" ADD CONSTRAINT "lesson_sfu_admissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_sfu_rooms" ADD CONSTRAINT "lesson_sfu_rooms_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lesson_sfu_admissions_lesson_idx" ON "lesson_sfu_admissions" USING btree ("lesson_id","user_id");