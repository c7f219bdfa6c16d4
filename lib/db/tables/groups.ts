// ── Group lessons (issue 33, lib/groups, docs/payments.md "Group seats"): a group is a course with
// its dated lessons (rows of `lessons` with `group_id`, kind `group`, no student: lib/lessons runs
// them), a seat per student bought through the checkout, and a waitlist. Money is in the ledger
// (the seat's rows on `student_balance:<student>` carry its order's id), never in a stored total.
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { AGE_BANDS, GROUP_LESSON_MINUTES, GROUP_LESSONS_MAX, GROUP_LEVELS, GROUP_MAX_SEATS, GROUP_PRICE_MIN_TIYN, GROUP_STATUSES, GROUP_SUBJECTS, SEAT_STATUSES, WAITLIST_STATUSES, type AgeBand, type GroupLevel, type GroupStatus, type GroupSubject, type SeatStatus, type WaitlistStatus } from '../../validations/group-rules';
import { users } from './accounts';
import { createdAt } from './columns';
import { companies, companyEmployees } from './companies';
import { paymentOrders } from './payments';
import { staff } from './staff';

/** `'a', 'b'` for a check's `in (…)`: the lists are the code's own constants, never input. */
const list = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/**
 * A group: one course of `lessons` dated lessons on `weekdays` at `start_minute` (Almaty) from
 * `start_date`, each `duration_minutes` long, with one tutor, `min_seats` to start (checked two days
 * before the first lesson) and at most `max_seats` (never more than 6), at `price_per_lesson_tiyn` a
 * seat a lesson. A closed corporate group has `company_id`: its company's employees only, billed on
 * the company's invoice, invisible to everyone else.
 */
export const groups = pgTable(
  'groups',
  {
    id: serial('id').primaryKey(),
    subject: text('subject').$type<GroupSubject>().notNull(),
    level: text('level').$type<GroupLevel>().notNull(),
    ageBand: text('age_band').$type<AgeBand>().notNull(),
    tutorId: integer('tutor_id')
      .notNull()
      .references(() => users.id),
    /** ISO weekdays (1 = Monday … 7 = Sunday), ascending. */
    weekdays: integer('weekdays').array().notNull(),
    /** Minutes after midnight, Almaty. */
    startMinute: integer('start_minute').notNull(),
    durationMinutes: integer('duration_minutes').notNull().default(GROUP_LESSON_MINUTES.default),
    /** The school date (YYYY-MM-DD) the schedule starts on (the first lesson is on it or after it). */
    startDate: date('start_date', { mode: 'string' }).notNull(),
    lessonsCount: integer('lessons_count').notNull(),
    minSeats: integer('min_seats').notNull().default(3),
    maxSeats: integer('max_seats').notNull().default(GROUP_MAX_SEATS),
    pricePerLessonTiyn: bigint('price_per_lesson_tiyn', { mode: 'number' }).notNull(),
    description: text('description').notNull().default(''),
    status: text('status').$type<GroupStatus>().notNull().default('draft'),
    companyId: integer('company_id').references(() => companies.id),
    /** The Janus server the group's room is placed on (lib/sfu decides; null until it has). */
    janusServer: text('janus_server'),
    /** A group merged into another (its students moved there). */
    mergedIntoId: integer('merged_into_id'),
    cancelReason: text('cancel_reason'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => staff.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('groups_public_idx').on(t.status, t.subject, t.level).where(sql`company_id is null`),
    index('groups_tutor_idx').on(t.tutorId),
    index('groups_company_idx').on(t.companyId).where(sql`company_id is not null`),
    check('groups_subject', sql`${t.subject} in (${list(GROUP_SUBJECTS)})`),
    check('groups_level', sql`${t.level} in (${list(GROUP_LEVELS)})`),
    check('groups_age_band', sql`${t.ageBand} in (${list(AGE_BANDS)})`),
    check('groups_status', sql`${t.status} in (${list(GROUP_STATUSES)})`),
    check('groups_seats', sql`${t.minSeats} >= 1 and ${t.minSeats} <= ${t.maxSeats} and ${t.maxSeats} <= ${sql.raw(String(GROUP_MAX_SEATS))}`),
    check('groups_price', sql`${t.pricePerLessonTiyn} >= ${sql.raw(String(GROUP_PRICE_MIN_TIYN))} and ${t.pricePerLessonTiyn} % 100 = 0`),
    check('groups_schedule', sql`cardinality(${t.weekdays}) between 1 and 7 and ${t.weekdays} <@ array[1,2,3,4,5,6,7] and ${t.startMinute} between 0 and 1439 and ${t.durationMinutes} between ${sql.raw(String(GROUP_LESSON_MINUTES.min))} and ${sql.raw(String(GROUP_LESSON_MINUTES.max))} and ${t.lessonsCount} between 1 and ${sql.raw(String(GROUP_LESSONS_MAX))}`),
  ],
);

/**
 * A student's seat in a group. `held` while its buyer pays (`held_until`), or while the first of the
 * waitlist decides (`offer`); the group's row lock orders every change of its seats, so a group never
 * has more live seats (held and not lapsed, or paid) than `max_seats`. The seat's money: its order
 * paid `amount_tiyn` = `lessons` × `per_lesson_tiyn` for the group's lessons starting at or after
 * `covers_from`, onto `student_balance:<student>` (rows with the order's id); each lesson spends
 * `per_lesson_tiyn` when it ends (lib/lessons/group-money.ts), what is left goes back by the rules.
 * A corporate seat (`company_employee_id`) has no order: its company's invoice pays.
 */
export const groupSeats = pgTable(
  'group_seats',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id),
    studentId: integer('student_id')
      .notNull()
      .references(() => users.id),
    status: text('status').$type<SeatStatus>().notNull(),
    heldUntil: timestamp('held_until', { withTimezone: true }),
    /** A hold offered to the first of the waitlist (for WAITLIST_OFFER_HOURS), not taken by a buyer. */
    offer: boolean('offer').notNull().default(false),
    orderId: integer('order_id').references(() => paymentOrders.id),
    lessons: integer('lessons').notNull(),
    perLessonTiyn: bigint('per_lesson_tiyn', { mode: 'number' }).notNull(),
    amountTiyn: bigint('amount_tiyn', { mode: 'number' }).notNull(),
    coversFrom: timestamp('covers_from', { withTimezone: true }).notNull(),
    /** The seat this one replaced in another group (a merge or a move). */
    movedFromSeatId: integer('moved_from_seat_id'),
    companyEmployeeId: integer('company_employee_id').references(() => companyEmployees.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** Why a seat ended: lapsed, declined, left, group_cancelled, merged, moved, full (paid for a group that had filled). */
    endReason: text('end_reason'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One live seat per student in a group.
    uniqueIndex('group_seats_live_uq').on(t.groupId, t.studentId).where(sql`status in ('held', 'paid')`),
    // One live seat per order: a paid order buys one seat (a moved seat keeps its order in the new group).
    uniqueIndex('group_seats_order_uq').on(t.orderId).where(sql`order_id is not null and status in ('held', 'paid')`),
    index('group_seats_group_idx').on(t.groupId, t.status),
    index('group_seats_student_idx').on(t.studentId, t.createdAt),
    index('group_seats_held_idx').on(t.heldUntil).where(sql`status = 'held'`),
    check('group_seats_status', sql`${t.status} in (${list(SEAT_STATUSES)})`),
    check('group_seats_amounts', sql`${t.lessons} >= 0 and ${t.perLessonTiyn} >= 0 and ${t.amountTiyn} = ${t.lessons} * ${t.perLessonTiyn}`),
    check('group_seats_held', sql`(${t.status} = 'held') = (${t.heldUntil} is not null)`),
  ],
);

/**
 * A full group's waitlist: first in `position` first. When a seat frees, the first `waiting` one is
 * offered it: a held seat (`seat_id`) for WAITLIST_OFFER_HOURS (`offered_until`), told by SMS and
 * e-mail; bought → `taken`, lapsed → `expired` and the next is offered.
 */
export const groupWaitlist = pgTable(
  'group_waitlist',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id),
    studentId: integer('student_id')
      .notNull()
      .references(() => users.id),
    position: integer('position').notNull(),
    status: text('status').$type<WaitlistStatus>().notNull().default('waiting'),
    seatId: integer('seat_id').references(() => groupSeats.id),
    offeredUntil: timestamp('offered_until', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('group_waitlist_position_uq').on(t.groupId, t.position),
    uniqueIndex('group_waitlist_live_uq').on(t.groupId, t.studentId).where(sql`status in ('waiting', 'offered')`),
    check('group_waitlist_status', sql`${t.status} in (${list(WAITLIST_STATUSES)})`),
  ],
);
