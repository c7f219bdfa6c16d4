import 'server-only';
// What a provider's word does to an order, shared by the notification, the return page's status
// check and the pending-payments job: each change is a conditional UPDATE, so whichever of them
// comes first acts and the others find nothing left to do.
import { and, eq, inArray, ne } from 'drizzle-orm';
import { lessonPackages, paymentOrders, type PaymentAnomaly, type PaymentStatus } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { countPaidPromoUse } from '@/lib/promo/use';
import { ACCOUNTS, post } from '@/lib/money/ledger';
import { packageValidUntil } from '@/lib/money/model';
import { recordReceipt } from './receipts';
import { confirmSeatPayment, releaseSeatOfOrder } from '@/lib/groups/seats';

export type Order = typeof paymentOrders.$inferSelect;

export type SettleResult = 'credited' | 'declined' | 'unchanged' | 'amount_mismatch';

/**
 * A payment the provider's status answer says went through: the order becomes paid, its package is
 * created and the ledger moves the amount from the provider's clearing to the student's balance, in
 * one transaction (`tx`). Only the provider's status answer for our invoice comes here (never a
 * notification's word, lib/payments/events.ts), with its transaction id and amount: an answer
 * without them, with another amount, or naming a transaction another order already holds is not
 * credited and is marked on the order for finance (`anomaly`, the back office's payments list).
 * An order already paid is left as it is: a repeated word credits nothing. Its fiscal receipt is
 * stored in the same transaction (lib/payments/receipts.ts).
 */
export async function creditPaid(tx: Db, order: Order, word: { providerPaymentId: string | null; amountTiyn: number | null }, now = new Date()): Promise<SettleResult> {
  const anomaly = async (kind: PaymentAnomaly, what: string) => {
    console.warn(`[payments] ${order.provider} ${order.invoiceId}: ${what}: not credited, for finance to check.`);
    await tx.update(paymentOrders).set({ anomaly: kind, updatedAt: now }).where(eq(paymentOrders.id, order.id));
    return 'amount_mismatch' as const;
  };
  if (word.amountTiyn === null || word.amountTiyn !== order.amountTiyn) return anomaly('amount', `paid ${word.amountTiyn ?? 'an unknown amount'} tiyn, the order is ${order.amountTiyn}`);
  if (!word.providerPaymentId) return anomaly('no_transaction', 'paid without a transaction id');
  if (order.providerPaymentId && order.providerPaymentId !== word.providerPaymentId) return anomaly('other_transaction', `paid by transaction ${word.providerPaymentId}, the order holds ${order.providerPaymentId}`);
  const [taken] = await tx
    .select({ id: paymentOrders.id })
    .from(paymentOrders)
    .where(and(eq(paymentOrders.provider, order.provider), eq(paymentOrders.providerPaymentId, word.providerPaymentId), ne(paymentOrders.id, order.id)))
    .limit(1);
  if (taken) return anomaly('transaction_taken', `transaction ${word.providerPaymentId} already paid order #${taken.id}`);
  // A decline or an expiry may be followed by the money after all (a retry on the hosted page, a
  // late status): the money decides.
  const [paid] = await tx
    .update(paymentOrders)
    .set({ status: 'paid', paidAt: now, providerPaymentId: word.providerPaymentId, failureReason: null, anomaly: null, updatedAt: now })
    .where(and(eq(paymentOrders.id, order.id), inArray(paymentOrders.status, ['pending', 'declined', 'expired'] satisfies PaymentStatus[])))
    .returning();
  if (!paid) return 'unchanged';
  if (paid.product === 'group_seat' || paid.plan === 'group') return creditSeat(tx, paid, now);
  if (paid.product === 'chat_help') return creditChat(tx, paid, now);
  if (paid.tutorId === null || paid.plan === 'chat') throw new Error(`order ${paid.id}: a package's order has a tutor and a student plan`);
  if (paid.promoCode) await countPaidPromoUse(tx, paid.promoCode);
  const [pkg] = await tx
    .insert(lessonPackages)
    .values({ orderId: paid.id, studentId: paid.studentId, tutorId: paid.tutorId, subject: paid.subject, plan: paid.plan, lessonsTotal: paid.lessons, perLessonTiyn: paid.perLessonTiyn, validUntil: packageValidUntil(now, paid.plan) })
    .returning();
  await post(
    tx,
    'payment',
    [
      { account: ACCOUNTS.providerClearing, amountTiyn: -paid.amountTiyn },
      { account: ACCOUNTS.studentBalance(paid.studentId), amountTiyn: paid.amountTiyn },
    ],
    { orderId: paid.id, packageId: pkg!.id },
  );
  // The payment's fiscal receipt, stored with the money; the job issues it at the register.
  await recordReceipt(tx, 'sale', { orderId: paid.id, studentId: paid.studentId, amountTiyn: paid.amountTiyn }, now);
  return 'credited';
}

/**
 * A group seat's payment (docs/payments.md, "Group seats"): the amount onto the student's balance
 * (the order's rows: the seat's money, spent lesson by lesson when each ends), its sale receipt, then
 * the seat: paid while it still has its place, else refunded in full at once (lib/groups/seats.ts
 * confirmSeatPayment; the refund is sent by lib/payments/events.ts right after, with its return receipt).
 */
async function creditSeat(tx: Db, paid: Order, now: Date): Promise<SettleResult> {
  await post(
    tx,
    'payment',
    [
      { account: ACCOUNTS.providerClearing, amountTiyn: -paid.amountTiyn },
      { account: ACCOUNTS.studentBalance(paid.studentId), amountTiyn: paid.amountTiyn },
    ],
    { orderId: paid.id },
  );
  await recordReceipt(tx, 'sale', { orderId: paid.id, studentId: paid.studentId, amountTiyn: paid.amountTiyn }, now);
  await confirmSeatPayment(tx, paid, now);
  return 'credited';
}

/**
 * Hours of chat help paid (docs/chat-help.md, "Money"): the amount onto the student's balance with
 * the order's id (what chat help spends from, block by block, oldest order first) and its sale receipt.
 */
async function creditChat(tx: Db, paid: Order, now: Date): Promise<SettleResult> {
  await post(
    tx,
    'payment',
    [
      { account: ACCOUNTS.providerClearing, amountTiyn: -paid.amountTiyn },
      { account: ACCOUNTS.studentBalance(paid.studentId), amountTiyn: paid.amountTiyn },
    ],
    { orderId: paid.id },
  );
  await recordReceipt(tx, 'sale', { orderId: paid.id, studentId: paid.studentId, amountTiyn: paid.amountTiyn }, now);
  return 'credited';
}

/** A payment the provider says failed: a pending order becomes declined with the reason; no money moves. */
export async function markDeclined(tx: Db, order: Order, reason: string | null, now = new Date()): Promise<SettleResult> {
  const [row] = await tx
    .update(paymentOrders)
    .set({ status: 'declined', failureReason: reason?.slice(0, 300) ?? null, updatedAt: now })
    .where(and(eq(paymentOrders.id, order.id), eq(paymentOrders.status, 'pending')))
    .returning({ id: paymentOrders.id });
  // A seat held for this payment is given up (the waitlist's first is offered it).
  if (row && order.product === 'group_seat') await releaseSeatOfOrder(tx, order, now);
  return row ? 'declined' : 'unchanged';
}

/** A payment never made (abandoned on the hosted page, the token lapsed): a pending order expires. */
export async function markExpired(tx: Db, order: Order, now = new Date()): Promise<boolean> {
  const [row] = await tx
    .update(paymentOrders)
    .set({ status: 'expired', updatedAt: now })
    .where(and(eq(paymentOrders.id, order.id), eq(paymentOrders.status, 'pending')))
    .returning({ id: paymentOrders.id });
  if (row && order.product === 'group_seat') await releaseSeatOfOrder(tx, order, now);
  return !!row;
}
