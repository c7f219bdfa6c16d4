import 'server-only';
// What happens to a paid lesson's money after it was booked (docs/payments.md, "A paid lesson's
// money"): given back to the package (a cancel in time, any cancel by the tutor, the tutor's
// no-show) or earned by the tutor (held, the student's no-show, the student's late cancel: offer
// 4.3, tutor rules 3.5-3.6). Each is a new balanced ledger transaction carrying the lesson's id,
// written in the caller's transaction with the lesson's row locked: a lesson is given back or
// earned at most once, however often or wherever the caller runs.
import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { ApiError } from '@/lib/api/errors';
import { companyInvoices, ledgerEntries, lessonPackages, lessons, paymentOrders, tutorProfiles } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { addMonths } from '@/lib/time/calendar';
import { schoolDate, schoolInstant } from '@/lib/time/school-zone';
import { ACCOUNTS, post } from '@/lib/money/ledger';
import { TIYN_PER_TENGE, tutorEarningTiyn } from '@/lib/money/model';
import { lockEmployee, poolReturnAccount } from './pool-locks';
import { pricePerLesson, STUDENT_PLANS, type PlanId } from '@/lib/tariffs';

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

// ── A company pool lesson's spend (from lib/payments/company-pools.ts: the pool spends per lesson here; invoices and allocations stay there) ──

/**
 * The company price of a pool lesson: the published Intensive plan's price per lesson at the
 * standard tutor price (5 000 ₸ − 10 % = 4 500 ₸, "individual lessons from 4 500 ₸"): a pool of 10
 * to 1 000 lessons is bought in bulk, so it gets the deepest published plan discount.
 */
export const COMPANY_LESSON_TIYN = pricePerLesson(STUDENT_PLANS.find((p) => p.id === 'intensive')!) * TIYN_PER_TENGE;

/** Lessons left on an account, per invoice (oldest first): its rows for the invoice ÷ the invoice's price per lesson. */
export async function lessonsLeft(tx: Db, account: string): Promise<{ invoiceId: number; perLessonTiyn: number; lessons: number }[]> {
  const rows = await tx
    .select({ invoiceId: ledgerEntries.companyInvoiceId, sum: sql<string>`sum(${ledgerEntries.amountTiyn})::text`, perLessonTiyn: companyInvoices.perLessonTiyn })
    .from(ledgerEntries)
    .innerJoin(companyInvoices, eq(companyInvoices.id, ledgerEntries.companyInvoiceId))
    .where(eq(ledgerEntries.account, account))
    .groupBy(ledgerEntries.companyInvoiceId, companyInvoices.perLessonTiyn)
    .orderBy(ledgerEntries.companyInvoiceId);
  return rows.map((r) => ({ invoiceId: r.invoiceId!, perLessonTiyn: r.perLessonTiyn, lessons: Math.floor(Number(r.sum) / r.perLessonTiyn) })).filter((r) => r.lessons > 0);
}

/**
 * The highest tutor price (whole tenge) a company pool lesson can pay for: the tutor earns their
 * own price less their plan's fee (at most 60 % of it, on Intensive), and that must not be more
 * than the company paid for the lesson (4 500 ₸ → 7 500 ₸). A dearer tutor's lesson cannot be
 * paid from a pool: the school would pay the tutor more than it received.
 */
export const poolTutorPriceMax = (perLessonTiyn = COMPANY_LESSON_TIYN): number => Math.floor(perLessonTiyn / tutorEarningTiyn(1, 'intensive'));

/** Why a linked lesson is not paid from the employee's pool: none left, a student's package pays, or the tutor did not come. */
export type PoolSpend = 'spent' | 'none_left' | 'package' | 'not_held';

/**
 * The hook of a lesson's company link (lib/marketplace/admin.ts setLessonCompany) and of a booking, in its
 * transaction: the lesson holds at most one spent pool lesson, of the employee it is linked to.
 * Linked to an employee with lessons left: one is spent (`company_lesson_spent`: employee balance →
 * `school_revenue`, the lesson's id on both rows) and the tutor's price is kept on the lesson for
 * their earning (`pool_tutor_price`); relinked elsewhere or unlinked: that lesson goes back first
 * (`company_lesson_returned`). The same link again changes nothing. Not spent: a lesson paid from a
 * student's package (`package`), a cancelled lesson or one the tutor (or both) did not come to
 * (`not_held`), an employee with none left (`none_left`). A lesson already settled by the room's
 * log gets its money at once (held → the tutor earns). Refused: a free trial (409 `pool_trial`: a
 * 30-minute trial is free for everyone and never a paid 50-minute pool lesson), a tutor dearer than
 * `poolTutorPriceMax` (409 `pool_tutor_price`), and any change once the tutor earned the pool
 * lesson (409 `lesson_decided`). The employee's own booking from the pool (lib/payments/pool-booking.ts)
 * spends through `postPoolSpend` too.
 */
export async function syncLessonPoolSpend(tx: Db, lessonId: number, employeeId: number | null): Promise<PoolSpend> {
  await tx.execute(sql`select id from lessons where id = ${lessonId} for update`);
  const [lesson] = await tx.select().from(lessons).where(eq(lessons.id, lessonId)).limit(1);
  // A free 30-minute trial is free for everyone: it never spends a paid 50-minute pool lesson
  // (nor earns the tutor one). Unlinking an old trial's link stays possible.
  if (employeeId !== null && lesson!.kind === 'trial') throw new ApiError(409, 'pool_trial');
  const spent = await poolSpendOf(tx, lessonId);
  if (spent && employeeId !== null && spent.account === ACCOUNTS.employeeBalance(employeeId)) return 'spent';
  if (spent && (await isEarned(tx, lessonId))) throw new ApiError(409, 'lesson_decided');
  if (spent) {
    await post(
      tx,
      'company_lesson_returned',
      [
        { account: ACCOUNTS.schoolRevenue, amountTiyn: -spent.amountTiyn },
        { account: await poolReturnAccount(tx, spent.account, spent.invoiceId), amountTiyn: spent.amountTiyn },
      ],
      { lessonId, companyInvoiceId: spent.invoiceId },
    );
  }
  if (employeeId === null) return 'none_left';
  if (lesson!.kind === 'paid' && lesson!.packageId !== null) return 'package';
  if (lesson!.status === 'cancelled' || (lesson!.factStatus === 'not_held' && (lesson!.factNoShow === 'tutor' || lesson!.factNoShow === 'both'))) return 'not_held';
  if (!(await lockEmployee(tx, employeeId))) return 'none_left';
  const [first] = await lessonsLeft(tx, ACCOUNTS.employeeBalance(employeeId));
  if (!first) return 'none_left';
  const price = await poolTutorPrice(tx, lesson!.tutorId, first.perLessonTiyn);
  await postPoolSpend(tx, lessonId, employeeId, first);
  await tx.update(lessons).set({ poolTutorPrice: price }).where(eq(lessons.id, lessonId));
  // Linked after the room's log settled it: its money follows the facts now, as the job would have.
  if (lesson!.factStatus) await settleLessonMoney(tx, lessonId, { status: lesson!.factStatus, noShow: lesson!.factNoShow });
  return 'spent';
}

/**
 * The tutor's published price (whole tenge: what their students pay and their earning is counted
 * from), when a pool lesson at `perLessonTiyn` can pay for it; 409 `pool_tutor_price` for a tutor
 * dearer than `poolTutorPriceMax` or without a published price.
 */
export async function poolTutorPrice(tx: Db, tutorId: number, perLessonTiyn = COMPANY_LESSON_TIYN): Promise<number> {
  const [profile] = await tx.select({ published: tutorProfiles.published }).from(tutorProfiles).where(eq(tutorProfiles.userId, tutorId)).limit(1);
  const price = profile?.published?.price ?? null;
  if (price === null || price > poolTutorPriceMax(perLessonTiyn)) throw new ApiError(409, 'pool_tutor_price');
  return price;
}

/** One pool lesson of the employee spent on a lesson (`company_lesson_spent`: the employee's balance → `school_revenue`), from the invoice `from`; the employee's row is locked by the caller. */
export async function postPoolSpend(tx: Db, lessonId: number, employeeId: number, from: { invoiceId: number; perLessonTiyn: number }): Promise<void> {
  await post(
    tx,
    'company_lesson_spent',
    [
      { account: ACCOUNTS.employeeBalance(employeeId), amountTiyn: -from.perLessonTiyn },
      { account: ACCOUNTS.schoolRevenue, amountTiyn: from.perLessonTiyn },
    ],
    { lessonId, companyInvoiceId: from.invoiceId },
  );
}
