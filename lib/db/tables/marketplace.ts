// ── Marketplace (issue 14): tutors' profiles, availability and trial lessons.
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ProfileData } from '../../validations/tutor-profile';
import { createdAt } from './columns';
import { companyEmployees } from './companies';
import { groups } from './groups';
import { lessonPackages } from './payments';
import { outbox } from './platform';
import { staff } from './staff';
import { users } from './accounts';

/** One weekly range in the school's time (Asia/Almaty): minutes from local midnight, start < end. */
export type TimeRange = [number, number];

/** ISO weekday (1 = Monday … 7 = Sunday) → its ranges. */
export type WeeklyRules = Partial<Record<'1' | '2' | '3' | '4' | '5' | '6' | '7', TimeRange[]>>;

/**
 * A tutor's booking rules (lib/lessons/availability.ts). One row per tutor: the weekly ranges
 * and the dates off are small JSON values read together with the row, so the free slots of a
 * thousand tutors come from two queries.
 */
export const tutorSchedules = pgTable('tutor_schedules', {
  tutorId: integer('tutor_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  weekly: jsonb('weekly').$type<WeeklyRules>().notNull().default({}),
  /** Local dates (YYYY-MM-DD, Asia/Almaty) with no lessons. */
  daysOff: jsonb('days_off').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  minNoticeMinutes: integer('min_notice_minutes').notNull().default(720),
  horizonDays: integer('horizon_days').notNull().default(28),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type LessonStatus = 'hold' | 'booked' | 'cancelled' | 'held' | 'not_held';
export type LessonKind = 'trial' | 'paid' | 'group';

/**
 * Trial lessons, and the short holds taken while a visitor signs in. The database refuses two
 * live rows of one tutor whose times overlap: an exclusion constraint (btree_gist) added by the
 * migration, `lessons_no_overlap`, on (tutor_id =, tstzrange(starts_at, ends_at) &&) for every
 * status but `cancelled`. An expired hold is deleted in the booking's transaction before the insert.
 */
export const lessons = pgTable(
  'lessons',
  {
    id: serial('id').primaryKey(),
    tutorId: integer('tutor_id')
      .notNull()
      .references(() => users.id),
    /** Null while a hold waits for its visitor to sign in. */
    studentId: integer('student_id').references(() => users.id),
    /** `group`: a dated lesson of a group (`group_id`), with no `student_id`: its students are the group's paid seats. */
    kind: text('kind').$type<LessonKind>().notNull().default('trial'),
    /** A paid lesson: the package it takes a lesson from (lib/lessons/paid.ts). */
    packageId: integer('package_id').references(() => lessonPackages.id),
    subject: text('subject').notNull(),
    status: text('status').$type<LessonStatus>().notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** A hold: the secret its visitor brings back, and when it lapses. */
    holdTokenHash: text('hold_token_hash'),
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    /** The booking request's idempotency key (per student): a retry answers the same lesson. */
    idempotencyKey: text('idempotency_key'),
    /** The .ics SEQUENCE: raised by every reschedule or cancel. */
    sequence: integer('sequence').notNull().default(0),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledBy: text('cancelled_by').$type<'student' | 'tutor'>(),
    /** Cancelled by the tutor less than 24 hours before the start (still before the deadline): counted for the back office. */
    lateCancel: boolean('late_cancel').notNull().default(false),
    /** Not held: who did not come. */
    noShow: text('no_show').$type<'student' | 'tutor' | 'both'>(),
    markedAt: timestamp('marked_at', { withTimezone: true }),
    /**
     * The outcome from the room's log (lib/lessons/attendance.ts), whatever the tutor marked:
     * `status` may carry the tutor's correction (lesson_attendance_corrections), these never do.
     * Null until the lesson is settled. The back office's trial figures count these.
     */
    factStatus: text('fact_status').$type<'held' | 'not_held'>(),
    factNoShow: text('fact_no_show').$type<'student' | 'tutor' | 'both'>(),
    /** The company that pays for this lesson: the student is this employee on its roster (HR sees attended minutes, never content). */
    companyEmployeeId: integer('company_employee_id').references(() => companyEmployees.id, { onDelete: 'set null' }),
    /**
     * A lesson paid from a company's pool: the tutor's price (whole tenge) when the pool lesson was
     * spent, what the tutor's earning and the payout register count for it (a package lesson's price
     * is its order's `tutor_price`). Null for every other lesson.
     */
    poolTutorPrice: integer('pool_tutor_price'),
    /** A group's lesson (lib/groups): the group it belongs to. */
    groupId: integer('group_id').references(() => groups.id),
    /**
     * A group lesson the tutor earned: what the earning was counted from (whole tenge: the lesson's
     * paid seats' prices, at least the group's minimum of seats; lib/money/model.ts groupEarningBase),
     * which the payout register counts as the lesson's price. Null for every other lesson.
     */
    groupEarningBase: integer('group_earning_base'),
    rating: integer('rating'),
    ratingComment: text('rating_comment'),
    remindedDayAt: timestamp('reminded_day_at', { withTimezone: true }),
    remindedHourAt: timestamp('reminded_hour_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('lessons_tutor_time_idx').on(t.tutorId, t.startsAt),
    index('lessons_student_time_idx').on(t.studentId, t.startsAt),
    index('lessons_company_employee_idx').on(t.companyEmployeeId, t.startsAt).where(sql`company_employee_id is not null`),
    index('lessons_package_idx').on(t.packageId).where(sql`package_id is not null`),
    index('lessons_group_idx').on(t.groupId, t.startsAt).where(sql`group_id is not null`),
    // A group lesson has a group and no student; no other lesson has a group.
    check('lessons_group_kind', sql`(${t.kind} = 'group') = (${t.groupId} is not null) and (${t.kind} <> 'group' or ${t.studentId} is null)`),
    uniqueIndex('lessons_idempotency_uq').on(t.studentId, t.idempotencyKey),
    // One free trial per student per subject (a cancelled one may be booked again).
    uniqueIndex('lessons_one_trial_uq')
      .on(t.studentId, t.subject)
      .where(sql`kind = 'trial' and status in ('booked', 'held', 'not_held')`),
    // One live (booked) trial per student with one tutor, whatever the subject (security review L2).
    uniqueIndex('lessons_one_trial_tutor_uq')
      .on(t.studentId, t.tutorId)
      .where(sql`kind = 'trial' and status = 'booked'`),
  ],
);

/** The outbox messages sent about a lesson, for the back office's delivery status. */
export const lessonMessages = pgTable(
  'lesson_messages',
  {
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    outboxId: integer('outbox_id')
      .notNull()
      .references(() => outbox.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    recipientRole: text('recipient_role').$type<'student' | 'tutor'>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.lessonId, t.outboxId] })],
);

/**
 * A tutor's public profile (issue 14, lib/marketplace/tutor-profile.ts), one per tutor, keyed by the
 * user. `published` is what the catalogue shows; `draft` is what the tutor edits. A submission
 * (`review_status` pending) waits for a reviewer while the published version stays visible; an
 * approval copies the draft into `published`.
 */
export const tutorProfiles = pgTable(
  'tutor_profiles',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull().unique(),
    draft: jsonb('draft').$type<ProfileData>().notNull(),
    published: jsonb('published').$type<ProfileData>(),
    /** none: nothing waits; pending: the draft waits for a reviewer; rejected: sent back with a reason. */
    reviewStatus: text('review_status').$type<'none' | 'pending' | 'rejected'>().notNull().default('none'),
    /** The reviewer's note on a return (with the reasons ticked, lib/validations/tutor-profile.ts). */
    rejectReason: text('reject_reason'),
    rejectReasons: jsonb('reject_reasons').$type<string[]>(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    reviewerId: integer('reviewer_id').references(() => staff.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** The school lets this tutor teach groups (staff set it; lib/groups): only such a tutor is given a group. */
    teachesGroups: boolean('teaches_groups').notNull().default(false),
    /** Demo tutors of the embedded database (lib/db/seed.ts): never on PostgreSQL. */
    demo: boolean('demo').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('tutor_profiles_review_idx').on(t.reviewStatus, t.submittedAt)],
);
