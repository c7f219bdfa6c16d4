import 'server-only';
// What happens to a paid lesson's money after it was booked (docs/payments.md, "A paid lesson's
// money"): given back to the package (a cancel in time, any cancel by the tutor, the tutor's
// no-show) or earned by the tutor (held, the student's no-show, the student's late cancel: offer
// 4.3, tutor rules 3.5-3.6). Each is a new balanced ledger transaction carrying the lesson's id,
// written in the caller's transaction with the lesson's row locked: a lesson is given back or
// earned at most once, however often or wherever the caller runs.
import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { ledgerEntries, lessonPackages, lessons, paymentOrders } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { addMonths } from '@/lib/time/calendar';
import { schoolDate, schoolInstant } from '@/lib/time/school-zone';
import { ACCOUNTS, post } from './ledger';
import { tutorEarningTiyn } from './model';
import type { PlanId } from '@/lib/tariffs';

/**
 * A paid lesson is cancelled or moved by the student up to this long before its start for the
 * lesson to come back (the published rule: FAQ, offer 4.3, tutor rules 3.5-3.6: 8 hours); later it
 * is spent. A free trial keeps its own 4 hours (CANCEL_DEADLINE_MINUTES).
 */
export const PAID_CANCEL_DEADLINE_MINUTES = 8 * 60;

export type LessonMoney = 'returned' | 'earned' | 'none';

/** The lesson's row, locked for this transaction, with what the ledger already says about it. */
async function lockedPaidLesson(tx: Db, lessonId: number) {
  const locked = await tx.execute(sql`select id from ${lessons} where ${lessons.id} = ${lessonId} and ${lessons.kind} = 'paid' and ${lessons.packageId} is not null for update`);
  const rows = (locked as unknown as { rows?: unknown[] }).rows ?? (locked as unknown as unknown[]);
  if (rows.length === 0) return null;
  const [lesson] = await tx.select().from(lessons).where(eq(lessons.id, lessonId)).limit(1);
  const kinds = await tx
    .selectDistinct({ kind: ledgerEntries.kind })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.lessonId, lessonId), inArray(ledgerEntries.kind, ['lesson_spent', 'lesson_returned', 'tutor_earning'])));
  const has = new Set(kinds.map((k) => k.kind));
  // Open: spent from the package and neither given back nor earned yet.
  return { lesson: lesson!, open: has.has('lesson_spent') && !has.has('lesson_returned') && !has.has('tutor_earning') };
}

/**
 * Gives a paid lesson back to its package: the reverse of its spend (`school_revenue` −price,
 * `student_balance` +price), once. 'none' for a trial, or a lesson already given back or earned.
 */
export async function giveLessonBack(tx: Db, lessonId: number): Promise<LessonMoney> {
  const found = await lockedPaidLesson(tx, lessonId);
  if (!found?.open) return 'none';
  const [pkg] = await tx.select().from(lessonPackages).where(eq(lessonPackages.id, found.lesson.packageId!)).limit(1);
  await post(
    tx,
    'lesson_returned',
    [
      { account: ACCOUNTS.schoolRevenue, amountTiyn: -pkg!.perLessonTiyn },
      { account: ACCOUNTS.studentBalance(pkg!.studentId), amountTiyn: pkg!.perLessonTiyn },
    ],
    { orderId: pkg!.orderId, packageId: pkg!.id, lessonId },
  );
  return 'returned';
}

/**
 * Books the tutor's earning for a paid lesson that counts as taught, once: the tutor's price at the
 * purchase less their plan's fee (every tutor on Basic until the payout register decides the plan),
 * `school_revenue` → `tutor_payable:<tutor>`. The student's side was booked when the lesson was.
 */
export async function bookTutorEarning(tx: Db, lessonId: number, tutorPlan: PlanId = 'basic'): Promise<LessonMoney> {
  const found = await lockedPaidLesson(tx, lessonId);
  if (!found?.open) return 'none';
  const [row] = await tx
    .select({ pkg: lessonPackages, tutorPrice: paymentOrders.tutorPrice })
    .from(lessonPackages)
    .innerJoin(paymentOrders, eq(paymentOrders.id, lessonPackages.orderId))
    .where(eq(lessonPackages.id, found.lesson.packageId!))
    .limit(1);
  const earning = tutorEarningTiyn(row!.tutorPrice, tutorPlan);
  await post(
    tx,
    'tutor_earning',
    [
      { account: ACCOUNTS.schoolRevenue, amountTiyn: -earning },
      { account: ACCOUNTS.tutorPayable(row!.pkg.tutorId), amountTiyn: earning },
    ],
    { orderId: row!.pkg.orderId, packageId: row!.pkg.id, lessonId },
  );
  return 'earned';
}

/**
 * The money of a paid lesson whose facts the room's log settled: held or the student's no-show →
 * the tutor earns; the tutor's no-show (or neither came) → back to the package. Not held with both
 * present (too short together) decides nothing: the tutor's correction and finance do.
 */
export async function settleLessonMoney(tx: Db, lessonId: number, fact: { status: 'held' | 'not_held'; noShow: 'student' | 'tutor' | 'both' | null }): Promise<LessonMoney> {
  if (fact.status === 'held' || fact.noShow === 'student') return bookTutorEarning(tx, lessonId);
  if (fact.noShow === 'tutor' || fact.noShow === 'both') return giveLessonBack(tx, lessonId);
  return 'none';
}

/**
 * A cancel of a paid lesson: by the tutor, always back; by the student up to
 * PAID_CANCEL_DEADLINE_MINUTES before the start, back, later spent (counted as taught: the tutor earns).
 */
export async function cancelLessonMoney(tx: Db, lesson: { id: number; startsAt: Date }, by: 'student' | 'tutor', now: Date): Promise<LessonMoney> {
  if (by === 'tutor' || lesson.startsAt.getTime() - now.getTime() >= PAID_CANCEL_DEADLINE_MINUTES * 60_000) return giveLessonBack(tx, lesson.id);
  return bookTutorEarning(tx, lesson.id);
}

export interface TutorMonth {
  /** The school month (YYYY-MM, Almaty). */
  month: string;
  /** Paid lessons of the month that count as taught (held, the student's no-show or late cancel). */
  lessons: number;
  earningTiyn: number;
}

/** The tutor's current month from the ledger: paid lessons earned (by the lesson's start) and their sum. */
export async function tutorMonth(db: Db, tutorId: number, now = new Date()): Promise<TutorMonth> {
  const first = `${schoolDate(now).slice(0, 7)}-01`;
  const from = schoolInstant(first, 0);
  const to = schoolInstant(addMonths(first, 1), 0);
  const [row] = await db
    .select({ n: sql<string>`count(distinct ${ledgerEntries.lessonId})`, sum: sql<string>`coalesce(sum(${ledgerEntries.amountTiyn}), 0)` })
    .from(ledgerEntries)
    .innerJoin(lessons, eq(lessons.id, ledgerEntries.lessonId))
    .where(and(eq(ledgerEntries.account, ACCOUNTS.tutorPayable(tutorId)), eq(ledgerEntries.kind, 'tutor_earning'), gte(lessons.startsAt, from), lt(lessons.startsAt, to)));
  return { month: first.slice(0, 7), lessons: Number(row?.n ?? 0), earningTiyn: Number(row?.sum ?? 0) };
}
