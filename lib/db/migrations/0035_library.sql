CREATE TABLE "library_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"student_id" integer NOT NULL,
	"unit_id" integer NOT NULL,
	"version_id" integer NOT NULL,
	"step_id" text NOT NULL,
	"answer" jsonb NOT NULL,
	"correct" boolean,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "library_courses" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"subject" text NOT NULL,
	"level" text NOT NULL,
	"age_band" text NOT NULL,
	"title" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"author_id" integer,
	"reviewer_id" integer,
	"published_at" timestamp with time zone,
	"starter_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "library_courses_slug_unique" UNIQUE("slug"),
	CONSTRAINT "library_courses_subject_ck" CHECK ("library_courses"."subject" in ('english', 'kazakh')),
	CONSTRAINT "library_courses_level_ck" CHECK ("library_courses"."level" in ('A1', 'A2', 'B1', 'B2', 'C1')),
	CONSTRAINT "library_courses_age_ck" CHECK ("library_courses"."age_band" in ('kids_5_8', 'kids_9_12', 'teens', 'adults')),
	CONSTRAINT "library_courses_status_ck" CHECK ("library_courses"."status" in ('draft', 'review', 'published')),
	CONSTRAINT "library_courses_slug_ck" CHECK ("library_courses"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$')
);
--> statement-breakpoint
CREATE TABLE "library_progress" (
	"student_id" integer NOT NULL,
	"unit_id" integer NOT NULL,
	"version_id" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "library_progress_student_id_unit_id_pk" PRIMARY KEY("student_id","unit_id")
);
--> statement-breakpoint
CREATE TABLE "library_unit_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"unit_id" integer NOT NULL,
	"version" integer NOT NULL,
	"title" jsonb NOT NULL,
	"steps" jsonb NOT NULL,
	"published_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "library_unit_versions_version_ck" CHECK ("library_unit_versions"."version" >= 1)
);
--> statement-breakpoint
CREATE TABLE "library_units" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"key" text NOT NULL,
	"position" integer NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "word_cards" (
	"student_id" integer NOT NULL,
	"word_id" integer NOT NULL,
	"due" timestamp with time zone NOT NULL,
	"stability" double precision NOT NULL,
	"difficulty" double precision NOT NULL,
	"elapsed_days" integer NOT NULL,
	"scheduled_days" integer NOT NULL,
	"learning_steps" integer NOT NULL,
	"reps" integer NOT NULL,
	"lapses" integer NOT NULL,
	"state" smallint NOT NULL,
	"last_review" timestamp with time zone,
	CONSTRAINT "word_cards_student_id_word_id_pk" PRIMARY KEY("student_id","word_id")
);
--> statement-breakpoint
CREATE TABLE "word_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"student_id" integer NOT NULL,
	"word_id" integer NOT NULL,
	"rating" smallint NOT NULL,
	"reviewed_at" timestamp with time zone NOT NULL,
	"due" timestamp with time zone NOT NULL,
	CONSTRAINT "word_reviews_rating_ck" CHECK ("word_reviews"."rating" between 1 and 4)
);
--> statement-breakpoint
ALTER TABLE "library_answers" ADD CONSTRAINT "library_answers_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_answers" ADD CONSTRAINT "library_answers_unit_id_library_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."library_units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_answers" ADD CONSTRAINT "library_answers_version_id_library_unit_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."library_unit_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_courses" ADD CONSTRAINT "library_courses_author_id_staff_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_courses" ADD CONSTRAINT "library_courses_reviewer_id_staff_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_progress" ADD CONSTRAINT "library_progress_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_progress" ADD CONSTRAINT "library_progress_unit_id_library_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."library_units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_progress" ADD CONSTRAINT "library_progress_version_id_library_unit_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."library_unit_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_unit_versions" ADD CONSTRAINT "library_unit_versions_unit_id_library_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."library_units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_unit_versions" ADD CONSTRAINT "library_unit_versions_created_by_staff_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_units" ADD CONSTRAINT "library_units_course_id_library_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."library_courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "word_cards" ADD CONSTRAINT "word_cards_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "word_cards" ADD CONSTRAINT "word_cards_word_id_lesson_words_id_fk" FOREIGN KEY ("word_id") REFERENCES "public"."lesson_words"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "word_reviews" ADD CONSTRAINT "word_reviews_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "word_reviews" ADD CONSTRAINT "word_reviews_word_id_lesson_words_id_fk" FOREIGN KEY ("word_id") REFERENCES "public"."lesson_words"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "library_answers_student_unit_idx" ON "library_answers" USING btree ("student_id","unit_id","step_id");--> statement-breakpoint
CREATE INDEX "library_courses_catalogue_idx" ON "library_courses" USING btree ("status","subject","level");--> statement-breakpoint
CREATE UNIQUE INDEX "library_unit_versions_uq" ON "library_unit_versions" USING btree ("unit_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "library_units_key_uq" ON "library_units" USING btree ("course_id","key");--> statement-breakpoint
CREATE INDEX "word_cards_due_idx" ON "word_cards" USING btree ("student_id","due");--> statement-breakpoint
CREATE INDEX "word_reviews_student_idx" ON "word_reviews" USING btree ("student_id","reviewed_at");