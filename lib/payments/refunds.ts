import 'server-only';
// Refunds of unused lessons (public offer 5; docs/payments.md, "Refunds"): asked for in the
// cabinet, decided by the offer's rule (5.2: what the package's balance still holds = the amount paid
// less the lessons held or spent, at the package's price of a lesson, never below zero: the ledger's
// balance is that rule, so it lives here only), moved in the ledger at once, then sent to the card
// through the provider, retried by the job until the bank takes it; due within 10 business days.
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { ApiError } from '@/lib/api/errors';
import { dbErrorInfo } from '@/lib/db/errors';
import { ledgerEntries, lessonPackages, lessons, paymentOrders, paymentRefunds } from '@/lib/db/schema';
import { transaction } from '@/lib/db/transaction';
import type { Db } from '@/lib/db/types';
import { cancelLesson } from '@/lib/lessons/booking';
import { providerByName } from './config';
import { ACCOUNTS, balance, post } from '@/lib/money/ledger';
import { openRefund, REFUND_BUSINESS_DAYS, type Refund } from '@/lib/money/refunds';
import { PAID_CANCEL_DEADLINE_MINUTES } from '@/lib/lessons/money';
import { ProviderError } from './provider';
import { recordReceipt } from './receipts';

export { REFUND_BUSINESS_DAYS };
export type { Refund };

/** The provider's idempotency key of a refund (ePay: externalID): a retry never refunds twice. */
export const refundKey = (refund: { id: number }) => `tilmen-refund-${refund.id}`;

/**
 * A student asks for the unused lessons of a package back: with the package's row locked, its
 * balance is what is refunded (409 `nothing_to_refund` when empty); the ledger moves it from the
 * student's balance to `refunds_due` in the same transaction, so the lessons can no longer be
 * booked. Then the provider is asked (a failure is retried by the job).
 */
/** A booked lesson of a package as the refund's dialog names it. */
export interface RefundLesson {
  id: number;
  startsAt: string;
}

export interface RefundPreview {
  /** What the refund returns: the lessons left and the booked lessons it cancels, at the package's price. */
  amountTiyn: number;
  lessons: number;
  /** Lessons left in the package (not booked). */
  left: number;
  /** Booked lessons the refund cancels and returns: PAID_CANCEL_DEADLINE_MINUTES or more before their start. */
  cancel: RefundLesson[];
  /** Booked lessons it leaves as they are: closer to their start than that (they are held or count as taught, by the offer). */
  keep: RefundLesson[];
}

async function bookedAhead(db: Db, packageId: number, now: Date): Promise<{ cancel: RefundLesson[]; keep: RefundLesson[] }> {
  const rows = await db
    .select({ id: lessons.id, startsAt: lessons.startsAt })
    .from(lessons)
    .where(and(eq(lessons.packageId, packageId), eq(lessons.kind, 'paid'), eq(lessons.status, 'booked'), gt(lessons.startsAt, now)))
    .orderBy(lessons.startsAt);
  const deadline = now.getTime() + PAID_CANCEL_DEADLINE_MINUTES * 60_000;
  const view = (r: { id: number; startsAt: Date }) => ({ id: r.id, startsAt: r.startsAt.toISOString() });
  return { cancel: rows.filter((r) => r.startsAt.getTime() >= deadline).map(view), keep: rows.filter((r) => r.startsAt.getTime() < deadline).map(view) };
}

/**
 * What a refund of a package would do now (the cabinet's dialog, before "yes"): the lessons left,
 * the booked lessons it cancels and returns (those the cancel rule gives back: 8 hours or more
 * before their start) and those it leaves (the walk: "unused" is read as "not yet taken"; a refund
 * that silently left five booked lessons out showed "0 of 8 left").
 */
export async function refundPreview(db: Db, student: { id: number }, packageId: number, now = new Date()): Promise<RefundPreview> {
  const [pkg] = await db.select().from(lessonPackages).where(and(eq(lessonPackages.id, packageId), eq(lessonPackages.studentId, student.id))).limit(1);
  if (!pkg) throw new ApiError(404, 'not_found');
  const left = Math.floor((await balance(db, ACCOUNTS.studentBalance(student.id), pkg.id)) / pkg.perLessonTiyn);
  const { cancel, keep } = await bookedAhead(db, pkg.id, now);
  const lessonsBack = left + cancel.length;
  return { amountTiyn: lessonsBack * pkg.perLessonTiyn, lessons: lessonsBack, left, cancel, keep };
}

export async function requestRefund(db: Db, student: { id: number }, packageId: number, now = new Date()): Promise<Refund> {
  const [pkg] = await db.select().from(lessonPackages).where(and(eq(lessonPackages.id, packageId), eq(lessonPackages.studentId, student.id))).limit(1);
  if (!pkg) throw new ApiError(404, 'not_found');
  // The booked lessons the cancel rule gives back are cancelled first (each told to the tutor as a
  // cancel is), so their lessons are in the balance the refund returns; the rest stay booked.
  for (const lesson of (await bookedAhead(db, pkg.id, now)).cancel) {
    await cancelLesson(db, { id: student.id, scope: 'student', role: 'student' }, lesson.id, now, { forRefund: true }).catch((err: unknown) => {
      // Moved or cancelled meanwhile: the refund returns what the balance holds.
      if (!(err instanceof ApiError)) throw err;
    });
  }
  const account = ACCOUNTS.studentBalance(student.id);
  let refund: Refund;
  try {
    refund = await transaction(db, async (tx) => {
      await tx.execute(sql`select id from ${lessonPackages} where ${lessonPackages.id} = ${pkg.id} for update`);
      const amount = await balance(tx, account, pkg.id);
      const lessons = Math.floor(amount / pkg.perLessonTiyn);
      if (amount <= 0 || lessons <= 0) throw new ApiError(409, 'nothing_to_refund');
      const status = (await undecidedLessons(tx, pkg.id, now)) > 0 ? 'review' : 'requested';
      return openRefund(tx, { orderId: pkg.orderId, packageId: pkg.id, studentId: student.id, amountTiyn: amount, lessons, status }, now);
    });
  } catch (err) {
    const { code, constraint } = dbErrorInfo(err);
    if (code === '23505' && constraint === 'payment_refunds_open_uq') throw new ApiError(409, 'nothing_to_refund');
    throw err;
  }
  if (refund.status === 'review') return refund;
  return (await sendRefund(db, refund, now)) ?? refund;
}

/**
 * Lessons of a package whose money the rules have not decided: started, spent from the package,
 * and neither given back nor earned (not held with both in the room too briefly, or not settled
 * yet). A refund asked then waits for finance (`review`): the balance is set aside at once.
 */
export async function undecidedLessons(db: Db, packageId: number, now = new Date()): Promise<number> {
  const res = await db.execute<{ n: string }>(sql`
    select count(*)::text as n from lessons l
     where l.package_id = ${packageId} and l.kind = 'paid' and l.starts_at < ${now.toISOString()}::timestamptz
       and exists (select 1 from ${ledgerEntries} e where e.lesson_id = l.id and e.kind = 'lesson_spent')
       and not exists (select 1 from ${ledgerEntries} e where e.lesson_id = l.id and e.kind in ('lesson_returned', 'tutor_earning'))`);
  const rows = (res as unknown as { rows?: { n: string }[] }).rows ?? (res as unknown as { n: string }[]);
  return Number(rows[0]?.n ?? 0);
}

/**
 * Sends a requested refund to the provider; when the bank takes it, the refund is done and the
 * ledger moves the amount from `refunds_due` back to the provider's clearing (the money left us).
 * A failure is counted and left for the next pass. Returns the refund as it now stands.
 */
export async function sendRefund(db: Db, refund: Refund, now = new Date()): Promise<Refund | null> {
  const [order] = await db.select().from(paymentOrders).where(eq(paymentOrders.id, refund.orderId)).limit(1);
  // The provider that took the payment returns it, whichever takes new payments now.
  const provider = order ? providerByName(order.provider) : null;
  if (!provider || !order?.providerPaymentId || refund.status !== 'requested') return null;
  try {
    // The bank's own word first (security.md C2): the transaction must be the one that paid this
    // order's invoice through our terminal, and still hold the amount. Otherwise the refund is not
    // sent and goes to finance (`review`, with the reason).
    const status = await provider.queryStatus(order.invoiceId);
    const mismatch =
      status.providerPaymentId !== order.providerPaymentId
        ? 'the bank names another transaction for this invoice'
        : status.terminal !== null && status.terminal !== provider.terminal
          ? 'the transaction went through another terminal'
          : status.state !== 'paid' && status.state !== 'refunded'
            ? `the transaction is ${status.name}, not charged`
            : (status.remainingTiyn ?? status.amountTiyn ?? 0) < refund.amountTiyn
              ? 'the transaction holds less than the refund'
              : null;
    if (mismatch) {
      console.warn(`[payments] refund #${refund.id} of ${order.invoiceId} not sent: ${mismatch}; for finance to check.`);
      const [row] = await db
        .update(paymentRefunds)
        .set({ status: 'review', lastError: mismatch })
        .where(and(eq(paymentRefunds.id, refund.id), eq(paymentRefunds.status, 'requested')))
        .returning();
      return row ?? null;
    }
    await provider.refund(order.providerPaymentId, refund.amountTiyn, refundKey(refund));
  } catch (err) {
    if (!(err instanceof ProviderError)) throw err;
    const [row] = await db
      .update(paymentRefunds)
      .set({ attempts: sql`${paymentRefunds.attempts} + 1`, lastError: err.message.slice(0, 300) })
      .where(eq(paymentRefunds.id, refund.id))
      .returning();
    console.warn(`[payments] refund #${refund.id} of ${order.invoiceId} not taken by the bank yet: ${err.message}`);
    return row ?? null;
  }
  return transaction(db, async (tx) => {
    const [done] = await tx
      .update(paymentRefunds)
      .set({ status: 'done', doneAt: now, attempts: sql`${paymentRefunds.attempts} + 1`, lastError: null })
      .where(and(eq(paymentRefunds.id, refund.id), eq(paymentRefunds.status, 'requested')))
      .returning();
    if (!done) return null;
    await post(
      tx,
      'refund_paid',
      [
        { account: ACCOUNTS.refundsDue, amountTiyn: -done.amountTiyn },
        { account: ACCOUNTS.providerClearing, amountTiyn: done.amountTiyn },
      ],
      { orderId: done.orderId, packageId: done.packageId ?? undefined },
    );
    await recordReceipt(tx, 'sale_return', { orderId: done.orderId, studentId: done.studentId, amountTiyn: done.amountTiyn, refundId: done.id }, now);
    // The whole payment back (nothing was spent): the order says refunded.
    if (done.amountTiyn === order.amountTiyn) await tx.update(paymentOrders).set({ status: 'refunded', updatedAt: now }).where(eq(paymentOrders.id, order.id));
    return done;
  });
}

/** The job's pass: refunds the bank has not taken yet, oldest first, 20 a pass. */
export async function resendRefunds(db: Db, now = new Date()): Promise<number> {
  const open = await db
    .select()
    .from(paymentRefunds)
    .where(and(eq(paymentRefunds.status, 'requested'), lt(paymentRefunds.createdAt, new Date(now.getTime() - 60_000))))
    .orderBy(paymentRefunds.createdAt)
    .limit(20);
  let done = 0;
  for (const r of open) if ((await sendRefund(db, r, now))?.status === 'done') done++;
  return done;
}

/**
 * Sends refunds just opened (a group seat's: a payment for a full group, a student leaving, a group
 * cancelled or merged, a lesson given back) to the bank at once; one the bank does not take now is
 * retried by the job. Returns them as they now stand.
 */
export async function sendRefunds(db: Db, refunds: Refund[], now = new Date()): Promise<Refund[]> {
  const out: Refund[] = [];
  for (const r of refunds) out.push((r.status === 'requested' ? await sendRefund(db, r, now) : null) ?? r);
  return out;
}

/** The refunds of an order still to be sent, sent now (after the credit that opened them). */
export async function sendOpenRefunds(db: Db, orderId: number, now = new Date()): Promise<Refund[]> {
  const open = await db.select().from(paymentRefunds).where(and(eq(paymentRefunds.orderId, orderId), eq(paymentRefunds.status, 'requested'))).orderBy(paymentRefunds.id);
  return sendRefunds(db, open, now);
}
