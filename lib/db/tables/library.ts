// ── The course library (issue 34, lib/library, docs/library.md): courses → units → versions of a
// unit's steps; a student's answers and per-unit progress; the word trainer's FSRS cards.
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { AGE_BANDS, COURSE_STATUSES, LIBRARY_LEVELS, LIBRARY_SUBJECTS, type AgeBand, type CourseStatus, type LibraryLevel, type LibrarySubject, type Localized, type StoredStep } from '../../validations/library-rules';
import { users } from './accounts';
import { createdAt } from './columns';
import { lessons } from './marketplace';
import { staff } from './staff';

/** A published course's edited fields waiting for review, and every staff member who wrote them (none of whom may publish them). */
export interface PendingCourseFields {
  fields: { subject: LibrarySubject; level: LibraryLevel; ageBand: AgeBand; title: Localized; description: Localized };
  by: number[];
}

const list = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/** A course: its subject, level and age band as groups use them; titles in three languages. */
export const libraryCourses = pgTable(
  'library_courses',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    subject: text('subject').$type<LibrarySubject>().notNull(),
    level: text('level').$type<LibraryLevel>().notNull(),
    ageBand: text('age_band').$type<AgeBand>().notNull(),
    title: jsonb('title').$type<Localized>().notNull(),
    description: jsonb('description').$type<Localized>().notNull(),
    status: text('status').$type<CourseStatus>().notNull().default('draft'),
    /** Null for the starter set the seed loads (written by the school, not by an account). */
    authorId: integer('author_id').references(() => staff.id, { onDelete: 'set null' }),
    reviewerId: integer('reviewer_id').references(() => staff.id, { onDelete: 'set null' }),
    /**
     * Who sent the course (a draft, or a published course's changed units) to review, and when; null
     * when nothing waits for review. The one who sent it never publishes it (lib/library/authoring.ts).
     */
    submittedBy: integer('submitted_by').references(() => staff.id, { onDelete: 'set null' }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /**
     * A published course's fields as edited and not yet reviewed (students and tutors keep seeing the
     * published ones above until a second methodologist publishes these), with everyone who wrote them; null
     * when none wait (lib/library/courses.ts proposeFields).
     */
    pendingFields: jsonb('pending_fields').$type<PendingCourseFields>(),
    /** A starter course: the hash of the repository's file the seed last loaded (lib/library/starter.ts). */
    starterHash: text('starter_hash'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('library_courses_subject_ck', sql`${t.subject} in (${list(LIBRARY_SUBJECTS)})`),
    check('library_courses_level_ck', sql`${t.level} in (${list(LIBRARY_LEVELS)})`),
    check('library_courses_age_ck', sql`${t.ageBand} in (${list(AGE_BANDS)})`),
    check('library_courses_status_ck', sql`${t.status} in (${list(COURSE_STATUSES)})`),
    check('library_courses_slug_ck', sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    index('library_courses_catalogue_idx').on(t.status, t.subject, t.level),
  ],
);

/** A unit of a course: its stable key (the file's unit id) and place; its content is in its versions. */
export const libraryUnits = pgTable(
  'library_units',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => libraryCourses.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    position: integer('position').notNull(),
    /** A unit left out of a re-imported file: hidden, its students' progress kept. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('library_units_key_uq').on(t.courseId, t.key)],
);

/**
 * A version of a unit's content. The latest version is edited in place until it is published; an
 * edit of a published version makes the next one. Students get the latest published version.
 */
export const libraryUnitVersions = pgTable(
  'library_unit_versions',
  {
    id: serial('id').primaryKey(),
    unitId: integer('unit_id')
      .notNull()
      .references(() => libraryUnits.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    title: jsonb('title').$type<Localized>().notNull(),
    steps: jsonb('steps').$type<StoredStep[]>().notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => staff.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('library_unit_versions_uq').on(t.unitId, t.version), check('library_unit_versions_version_ck', sql`${t.version} >= 1`)],
);

/**
 * A student's place in a unit: the version they work on. Answers are kept by the step's stable id,
 * so moving to a newer version keeps every answered step the new version still has.
 */
export const libraryProgress = pgTable(
  'library_progress',
  {
    studentId: integer('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    unitId: integer('unit_id')
      .notNull()
      .references(() => libraryUnits.id, { onDelete: 'cascade' }),
    versionId: integer('version_id')
      .notNull()
      .references(() => libraryUnitVersions.id),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.studentId, t.unitId] })],
);

/**
 * Every answer a student gave to an exercise, with the version it was given on. `correct` is the
 * server's check; null for writing and speaking until a tutor checks them.
 */
export const libraryAnswers = pgTable(
  'library_answers',
  {
    id: serial('id').primaryKey(),
    studentId: integer('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    unitId: integer('unit_id')
      .notNull()
      .references(() => libraryUnits.id, { onDelete: 'cascade' }),
    versionId: integer('version_id')
      .notNull()
      .references(() => libraryUnitVersions.id),
    stepId: text('step_id').notNull(),
    answer: jsonb('answer').$type<unknown>().notNull(),
    correct: boolean('correct'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** A writing or speaking answer a tutor checked (lib/library/homework.ts checkHomeworkAnswer): who, when, and what they wrote to the student. */
    checkedBy: integer('checked_by').references(() => users.id, { onDelete: 'set null' }),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    comment: text('comment'),
  },
  (t) => [index('library_answers_student_unit_idx').on(t.studentId, t.unitId, t.stepId)],
);

/**
 * Homework (lib/library/homework.ts, docs/library.md "Homework"): a unit of the library the tutor
 * assigned in a lesson's report to one of its students, due by the end of a school day (Almaty). A
 * group lesson's report assigns it to each of the lesson's students (a row each). The student's work
 * is their progress and answers in the unit: homework only points at it.
 */
export const homework = pgTable(
  'homework',
  {
    id: serial('id').primaryKey(),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tutorId: integer('tutor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    unitId: integer('unit_id')
      .notNull()
      .references(() => libraryUnits.id, { onDelete: 'cascade' }),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('homework_lesson_student_unit_uq').on(t.lessonId, t.studentId, t.unitId),
    index('homework_student_idx').on(t.studentId, t.dueOn),
    index('homework_tutor_idx').on(t.tutorId, t.dueOn),
  ],
);
