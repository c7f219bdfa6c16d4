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
import { ACCOUNTS, post } from '@/lib/money/ledger';
import { tutorEarningTiyn } from '@/lib/money/model';
import { poolReturnAccount } from './pool-locks';
import type { PlanId } from '@/lib/tariffs';

/**
 * A paid lesson is cancelled or moved by the student up to this long before its start for the
 * lesson to come back (the published rule: FAQ, offer 4.3, tutor rules 3.5-3.6: 8 hours); later it
 * is spent. A free trial keeps its own 4 hours (CANCEL_DEADLINE_MINUTES).
 */
export const PAID_CANCEL_DEADLINE_MINUTES = 8 * 60;

export type LessonMoney = 'returned' | 'earned' | 'none';

/**
 * The pool lesson a lesson holds (lib/payments/company-pools.ts syncLessonPoolSpend, the pool's
 * booking): the employee's account and invoice it was spent from, and its amount, or null when it
 * holds none (never spent, or given back: to the employee, or to the company's pool once the
 * employee left). The school's side says whether it is held (a return may go to another account
 * than the spend came from); the last spend says from whom.
 */
export async function poolSpendOf(tx: Db, lessonId: number): Promise<{ account: string; invoiceId: number; amountTiyn: number } | null> {
  const rows = await tx
    .select({ id: ledgerEntries.id, account: ledgerEntries.account, invoiceId: ledgerEntries.companyInvoiceId, kind: ledgerEntries.kind, amountTiyn: ledgerEntries.amountTiyn })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.lessonId, lessonId), inArray(ledgerEntries.kind, ['company_lesson_spent', 'company_lesson_returned'])))
    .orderBy(ledgerEntries.id);
  const held = rows.filter((r) => r.account === ACCOUNTS.schoolRevenue).reduce((sum, r) => sum + r.amountTiyn, 0);
  if (held <= 0) return null;
  const last = rows.filter((r) => r.kind === 'company_lesson_spent' && r.account.startsWith('employee_balance:')).at(-1)!;
  return { account: last.account, invoiceId: last.invoiceId!, amountTiyn: -last.amountTiyn };
}

/** Whether the tutor's earning of a lesson is booked (a lesson is earned once, whatever paid for it). */
export async function isEarned(tx: Db, lessonId: number): Promise<boolean> {
  const [row] = await tx.select({ id: ledgerEntries.id }).from(ledgerEntries).where(and(eq(ledgerEntries.lessonId, lessonId), eq(ledgerEntries.kind, 'tutor_earning'))).limit(1);
  return Boolean(row);
}

type LessonRow = typeof lessons.$inferSelect;

/**
 * The lesson's row, locked for this transaction, with where its money came from and whether that
 * money is still open (spent and neither given back nor earned): a student's package (a paid
 * lesson) or a company's pool (a lesson linked to an employee with lessons left). Null for a lesson
 * nobody paid for (a free trial).
 */
async function lockedLessonMoney(tx: Db, lessonId: number): Promise<
  | { source: 'package'; lesson: LessonRow; open: boolean }
  | { source: 'pool'; lesson: LessonRow; open: boolean; pool: { account: string; invoiceId: number; amountTiyn: number } | null }
  | null
> {
  const locked = await tx.execute(sql`select id from ${lessons} where ${lessons.id} = ${lessonId} for update`);
  const rows = (locked as unknown as { rows?: unknown[] }).rows ?? (locked as unknown as unknown[]);
  if (rows.length === 0) return null;
  const [lesson] = await tx.select().from(lessons).where(eq(lessons.id, lessonId)).limit(1);
  if (lesson!.kind === 'paid' && lesson!.packageId !== null) {
    const kinds = await tx
      .selectDistinct({ kind: ledgerEntries.kind })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.lessonId, lessonId), inArray(ledgerEntries.kind, ['lesson_spent', 'lesson_returned', 'tutor_earning'])));
    const has = new Set(kinds.map((k) => k.kind));
    return { source: 'package', lesson: lesson!, open: has.has('lesson_spent') && !has.has('lesson_returned') && !has.has('tutor_earning') };
  }
  if (lesson!.poolTutorPrice === null) return null;
  const pool = await poolSpendOf(tx, lessonId);
  return { source: 'pool', lesson: lesson!, pool, open: pool !== null && !(await isEarned(tx, lessonId)) };
}

/**
 * Gives a lesson's money back where it came from, once: a paid lesson to its package (the reverse of
 * its spend: `school_revenue` −price, `student_balance` +price), a company pool lesson to the
 * employee it was spent from, or to the company's pool once that employee left the roster
 * (`company_lesson_returned`). 'none' for a free trial, or a lesson
 * already given back or earned.
 */
export async function giveLessonBack(tx: Db, lessonId: number): Promise<LessonMoney> {
  const found = await lockedLessonMoney(tx, lessonId);
  if (!found?.open) return 'none';
  if (found.source === 'pool') {
    const { account, invoiceId, amountTiyn } = found.pool!;
    await post(
      tx,
      'company_lesson_returned',
      [
        { account: ACCOUNTS.schoolRevenue, amountTiyn: -amountTiyn },
        // Back to the employee, or to the company's pool when the employee has left the roster.
        { account: await poolReturnAccount(tx, account, invoiceId), amountTiyn },
      ],
      { lessonId, companyInvoiceId: invoiceId },
    );
    return 'returned';
  }
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
 * Books the tutor's earning for a lesson that counts as taught, once: the tutor's price less their
 * plan's fee (every tutor on Basic until the payout register decides the plan), `school_revenue` →
 * `tutor_payable:<tutor>`. The price is the one at the purchase for a paid lesson (its order's), the
 * one when the pool lesson was spent for a company's lesson (`lessons.pool_tutor_price`): a tutor
 * earns the same for a lesson whoever paid for it. The payer's side was booked when the lesson was.
 */
export async function bookTutorEarning(tx: Db, lessonId: number, tutorPlan: PlanId = 'basic'): Promise<LessonMoney> {
  const found = await lockedLessonMoney(tx, lessonId);
  if (!found?.open) return 'none';
  if (found.source === 'pool') {
    const earning = tutorEarningTiyn(found.lesson.poolTutorPrice!, tutorPlan);
    await post(
      tx,
      'tutor_earning',
      [
        { account: ACCOUNTS.schoolRevenue, amountTiyn: -earning },
        { account: ACCOUNTS.tutorPayable(found.lesson.tutorId), amountTiyn: earning },
      ],
      { lessonId, companyInvoiceId: found.pool!.invoiceId },
    );
    return 'earned';
  }
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
 * The money of a paid or company pool lesson whose facts the room's log settled: held or the
 * student's no-show → the tutor earns; the tutor's no-show (or neither came) → back to the package
 * or the employee's pool. Not held with both
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
