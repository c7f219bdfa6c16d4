import 'server-only';
// A group lesson's life after its end (docs/payments.md, "Group seats"): who sat in it, each
// student's facts from the room's log, each seat's lesson spent and the tutor's earning. A group
// lesson is a row of `lessons` (kind `group`, `group_id`, no student): its students are the group's
// seats that cover it. Written in the caller's transaction with the lesson's row locked: a lesson is
// spent per seat and earned at most once, however often the job runs.
import { and, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { groups, groupSeats, ledgerEntries, lessons, lessonStudentFacts } from '@/lib/db/schema';
import { rowsOf } from '@/lib/db/rows';
import type { Db } from '@/lib/db/types';
import { ACCOUNTS, balance, moveByInvoice, post } from '@/lib/money/ledger';
import { groupEarningBase, groupTutorEarningTiyn } from '@/lib/money/model';
import { isEarned } from './money';

type LessonRow = typeof lessons.$inferSelect;
export type Seat = typeof groupSeats.$inferSelect;

/**
 * The seat's money: a card seat's rows on the student's balance carrying its order's id; a corporate
 * seat's (no order: its company's group invoice paid it) the balance of its own account `group_seat:<id>`.
 */
export const seatBalance = (db: Db, seat: Pick<Seat, 'id' | 'studentId' | 'orderId'>): Promise<number> =>
  seat.orderId === null ? balance(db, ACCOUNTS.groupSeat(seat.id)) : balance(db, ACCOUNTS.studentBalance(seat.studentId), eq(ledgerEntries.orderId, seat.orderId));

/**
 * A corporate seat is paid from its company's group money (`company_groups:<company>`, its paid group
 * invoices, oldest first) onto the seat's account (`company_group_seat`, each row with its invoice).
 * The caller holds the company's row lock and has checked the money is there.
 */
export const fundCorporateSeat = (tx: Db, seatId: number, companyId: number, amountTiyn: number) =>
  moveByInvoice(tx, 'company_group_seat', ACCOUNTS.companyGroups(companyId), ACCOUNTS.groupSeat(seatId), amountTiyn);

/** A corporate seat's money (all of it, or `amountTiyn`) back to its company's group money (`company_group_returned`), per invoice. */
export async function returnCorporateSeat(tx: Db, seatId: number, companyId: number, amountTiyn?: number): Promise<number> {
  const amount = amountTiyn ?? (await balance(tx, ACCOUNTS.groupSeat(seatId)));
  if (amount <= 0) return 0;
  await moveByInvoice(tx, 'company_group_returned', ACCOUNTS.groupSeat(seatId), ACCOUNTS.companyGroups(companyId), amount);
  return amount;
}

/** A moved corporate seat takes `amountTiyn` of its old seat's money onto the new one (`company_group_seat`). */
export const carryCorporateSeat = (tx: Db, fromSeatId: number, toSeatId: number, amountTiyn: number) =>
  moveByInvoice(tx, 'company_group_seat', ACCOUNTS.groupSeat(fromSeatId), ACCOUNTS.groupSeat(toSeatId), amountTiyn);

/**
 * Whether a seat sat in a group lesson starting at `startsAt` (a time, or the outer query's
 * `lessons.starts_at`): it covers the lesson (`covers_from` at or before its start) and was paid when
 * the lesson started: paid now, or ended (left, refunded, moved) after its start.
 */
export const seatSatIn = (startsAt: Date | AnyPgColumn) =>
  sql`(${groupSeats.coversFrom} <= ${startsAt} and (${groupSeats.status} = 'paid' or (${groupSeats.status} in ('refunded', 'moved') and ${groupSeats.paidAt} is not null and ${groupSeats.endedAt} >= ${startsAt})))`;

/**
 * The seats a group lesson is for (`seatSatIn`). The group's students, present or not: a student who
 * missed a lesson has spent it.
 */
export async function seatsOfLesson(db: Db, lesson: Pick<LessonRow, 'groupId' | 'startsAt'>): Promise<Seat[]> {
  if (lesson.groupId === null) return [];
  return db
    .select()
    .from(groupSeats)
    .where(and(eq(groupSeats.groupId, lesson.groupId), seatSatIn(lesson.startsAt)))
    .orderBy(groupSeats.id);
}

/**
 * A group lesson's group as the lists name it (left-joined on `lessons.group_id`: null for a one-on-one
 * lesson): its subject and level, and how many students sat in it (`seatSatIn`).
 */
export const lessonGroupColumns = {
  groupSubject: groups.subject,
  groupLevel: groups.level,
  groupStudents: sql<number>`(select count(distinct ${groupSeats.studentId})::int from ${groupSeats} where ${groupSeats.groupId} = ${lessons.groupId} and ${seatSatIn(lessons.startsAt)})`,
};

/** The view of a lesson's group from `lessonGroupColumns` (null: not a group lesson). */
export function lessonGroupView(lesson: Pick<LessonRow, 'groupId'>, row: { groupSubject: string | null; groupLevel: string | null; groupStudents: number | null }) {
  if (lesson.groupId === null || row.groupSubject === null) return null;
  return { id: lesson.groupId, subject: row.groupSubject, level: row.groupLevel ?? '', students: Number(row.groupStudents ?? 0) };
}

/** A student's group lessons: those of a group where one of the student's seats sat in them (`seatSatIn`). */
export const seatedIn = (studentId: number) =>
  sql`(${lessons.kind} = 'group' and exists (select 1 from ${groupSeats} where ${groupSeats.groupId} = ${lessons.groupId} and ${groupSeats.studentId} = ${studentId} and ${seatSatIn(lessons.startsAt)}))`;

/**
 * The students of a lesson: a one-on-one lesson's student, or a group lesson's seated students (paid
 * seats covering it). What the room, the notices and the reminders ask about a lesson's students.
 */
export async function lessonStudentIds(db: Db, lesson: Pick<LessonRow, 'kind' | 'studentId' | 'groupId' | 'startsAt'>): Promise<number[]> {
  if (lesson.kind !== 'group') return lesson.studentId === null ? [] : [lesson.studentId];
  return (await seatsOfLesson(db, lesson)).filter((s) => s.status === 'paid').map((s) => s.studentId);
}

/** Whether `userId` is a student of the lesson (its own student, or a paid seat of its group covering it). */
export async function isLessonStudent(db: Db, lesson: Pick<LessonRow, 'kind' | 'studentId' | 'groupId' | 'startsAt'>, userId: number): Promise<boolean> {
  return (await lessonStudentIds(db, lesson)).includes(userId);
}

async function lockLesson(tx: Db, lessonId: number): Promise<LessonRow | null> {
  const rows = rowsOf<{ id: number }>(await tx.execute(sql`select id from ${lessons} where ${lessons.id} = ${lessonId} for update`));
  if (rows.length === 0) return null;
  const [lesson] = await tx.select().from(lessons).where(eq(lessons.id, lessonId)).limit(1);
  return lesson ?? null;
}

/** Whether this seat's lesson is spent: a card seat's `lesson_spent` row with its order, a corporate seat's `company_group_lesson` row on its account. */
async function seatSpent(tx: Db, seat: Seat, lessonId: number): Promise<boolean> {
  const mine =
    seat.orderId === null
      ? and(eq(ledgerEntries.kind, 'company_group_lesson'), eq(ledgerEntries.account, ACCOUNTS.groupSeat(seat.id)))
      : and(eq(ledgerEntries.kind, 'lesson_spent'), eq(ledgerEntries.orderId, seat.orderId), eq(ledgerEntries.account, ACCOUNTS.studentBalance(seat.studentId)));
  const [row] = await tx.select({ id: ledgerEntries.id }).from(ledgerEntries).where(and(eq(ledgerEntries.lessonId, lessonId), mine)).limit(1);
  return Boolean(row);
}

/**
 * Each seat of a group lesson spends its price of a lesson, once, while the seat's money holds it: a
 * card seat `student_balance` → `school_revenue` (`lesson_spent`, the seat's order and the lesson's
 * id); a corporate seat `group_seat:<seat>` → `school_revenue` (`company_group_lesson`, the lesson's
 * id and the company invoice that paid it). Returns each seat's price of the lesson (what the tutor's
 * earning is counted from): a seat whose money does not hold it counts for nothing. The lesson's row
 * is locked by the caller.
 */
export async function spendGroupLesson(tx: Db, lesson: LessonRow): Promise<number[]> {
  const prices: number[] = [];
  for (const seat of await seatsOfLesson(tx, lesson)) {
    if (seat.perLessonTiyn <= 0) continue;
    if (await seatSpent(tx, seat, lesson.id)) {
      prices.push(seat.perLessonTiyn);
      continue;
    }
    if ((await seatBalance(tx, seat)) < seat.perLessonTiyn) continue;
    if (seat.orderId === null) await moveByInvoice(tx, 'company_group_lesson', ACCOUNTS.groupSeat(seat.id), ACCOUNTS.schoolRevenue, seat.perLessonTiyn, { lessonId: lesson.id });
    else
      await post(
        tx,
        'lesson_spent',
        [
          { account: ACCOUNTS.studentBalance(seat.studentId), amountTiyn: -seat.perLessonTiyn },
          { account: ACCOUNTS.schoolRevenue, amountTiyn: seat.perLessonTiyn },
        ],
        { orderId: seat.orderId, lessonId: lesson.id },
      );
    prices.push(seat.perLessonTiyn);
  }
  return prices;
}

/**
 * A group lesson that counts as taught: every seat's lesson spent, then the tutor's earning once
 * (lib/money/model.ts groupEarningBase and groupTutorEarningTiyn: their plan's share of what the
 * seats paid for the lesson, at least as for the group's minimum of seats, within what a company's
 * seats paid for a closed group; Basic until the month's register), `school_revenue` → `tutor_payable:<tutor>`; the base is kept on the lesson for the
 * payout register. 'none' when it was already earned.
 */
export async function earnGroupLesson(tx: Db, lessonId: number): Promise<'earned' | 'none'> {
  const lesson = await lockLesson(tx, lessonId);
  if (!lesson || lesson.kind !== 'group' || lesson.groupId === null) return 'none';
  const prices = await spendGroupLesson(tx, lesson);
  if (await isEarned(tx, lessonId)) return 'none';
  const [group] = await tx.select({ minSeats: groups.minSeats, pricePerLessonTiyn: groups.pricePerLessonTiyn, companyId: groups.companyId }).from(groups).where(eq(groups.id, lesson.groupId)).limit(1);
  if (prices.length === 0) return 'none';
  const base = groupEarningBase(prices, group!);
  const earning = groupTutorEarningTiyn(base);
  await post(
    tx,
    'tutor_earning',
    [
      { account: ACCOUNTS.schoolRevenue, amountTiyn: -earning },
      { account: ACCOUNTS.tutorPayable(lesson.tutorId), amountTiyn: earning },
    ],
    { lessonId },
  );
  await tx.update(lessons).set({ groupEarningBase: base }).where(eq(lessons.id, lessonId));
  return 'earned';
}

export interface StudentFact {
  studentId: number;
  present: boolean;
  minutes: number;
}

/**
 * A settled group lesson's money, by its facts: held (the tutor with a student long enough) or the
 * students' no-show (the tutor came, nobody else did) → spent and earned; the tutor's no-show, or
 * too short together → nothing moves: the lesson is owed to its students (a make-up lesson the
 * school adds spends it, or the group's end gives it back: lib/groups).
 */
export async function settleGroupLessonMoney(tx: Db, lessonId: number, fact: { status: 'held' | 'not_held'; noShow: 'student' | 'tutor' | 'both' | null }): Promise<'earned' | 'none'> {
  if (fact.status === 'held' || fact.noShow === 'student') return earnGroupLesson(tx, lessonId);
  return 'none';
}

/** Stores each seated student's facts of a lesson once (the job's settle). */
export async function recordStudentFacts(tx: Db, lessonId: number, facts: StudentFact[]): Promise<void> {
  if (facts.length === 0) return;
  await tx
    .insert(lessonStudentFacts)
    .values(facts.map((f) => ({ lessonId, studentId: f.studentId, present: f.present, minutes: f.minutes })))
    .onConflictDoNothing();
}
