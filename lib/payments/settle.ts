import 'server-only';
// What a provider's word does to an order, shared by the notification, the return page's status
// check and the pending-payments job: each change is a conditional UPDATE, so whichever of them
// comes first acts and the others find nothing left to do.
import { and, eq, inArray } from 'drizzle-orm';
import { lessonPackages, paymentOrders, type PaymentStatus } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { ACCOUNTS, post } from './ledger';
import { packageValidUntil } from './model';
import { recordReceipt } from './receipts';

export type Order = typeof paymentOrders.$inferSelect;

export type SettleResult = 'credited' | 'declined' | 'unchanged' | 'amount_mismatch';

/**
 * A payment the provider says went through: the order becomes paid, its package is created and the
 * ledger moves the amount from the provider's clearing to the student's balance, in one transaction
 * (`tx`). A payment whose amount differs from the order's is not credited (logged for finance).
 * An order already paid is left as it is: a repeated word credits nothing. Its fiscal receipt is
 * stored in the same transaction (lib/payments/receipts.ts).
 */
export async function creditPaid(tx: Db, order: Order, word: { providerPaymentId: string | null; amountTiyn: number | null }, now = new Date()): Promise<SettleResult> {
  if (word.amountTiyn !== null && word.amountTiyn !== order.amountTiyn) {
    console.warn(`[payments] ${order.provider} ${order.invoiceId}: paid ${word.amountTiyn} tiyn, the order is ${order.amountTiyn}: not credited, for finance to check.`);
    return 'amount_mismatch';
  }
  // A decline or an expiry may be followed by the money after all (a retry on the hosted page, a
  // late status): the money decides.
  const [paid] = await tx
    .update(paymentOrders)
    .set({ status: 'paid', paidAt: now, providerPaymentId: word.providerPaymentId ?? order.providerPaymentId, failureReason: null, updatedAt: now })
    .where(and(eq(paymentOrders.id, order.id), inArray(paymentOrders.status, ['pending', 'declined', 'expired'] satisfies PaymentStatus[])))
    .returning();
  if (!paid) return 'unchanged';
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

/** A payment the provider says failed: a pending order becomes declined with the reason; no money moves. */
export async function markDeclined(tx: Db, order: Order, reason: string | null, now = new Date()): Promise<SettleResult> {
  const [row] = await tx
    .update(paymentOrders)
    .set({ status: 'declined', failureReason: reason?.slice(0, 300) ?? null, updatedAt: now })
    .where(and(eq(paymentOrders.id, order.id), eq(paymentOrders.status, 'pending')))
    .returning({ id: paymentOrders.id });
  return row ? 'declined' : 'unchanged';
}

/** A payment never made (abandoned on the hosted page, the token lapsed): a pending order expires. */
export async function markExpired(tx: Db, order: Order, now = new Date()): Promise<boolean> {
  const [row] = await tx
    .update(paymentOrders)
    .set({ status: 'expired', updatedAt: now })
    .where(and(eq(paymentOrders.id, order.id), eq(paymentOrders.status, 'pending')))
    .returning({ id: paymentOrders.id });
  return !!row;
}
