import 'server-only';
// A refund asked for (docs/payments.md, "Refunds"): its row and its ledger move, in the caller's
// transaction, shared by a package's refund (lib/payments/refunds.ts) and a group seat's
// (lib/groups: a student leaving, a group cancelled or merged, a lesson given back). The money
// leaves the student's balance for `refunds_due` at once; sending it to the card is
// lib/payments/refunds.ts's (sendRefund, and the job that retries it).
import { paymentRefunds, type RefundStatus } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { addBusinessDays } from '@/lib/time/business-days';
import { ACCOUNTS, post } from './ledger';

/** The offer's promise: refunded to the card within 10 business days of the request. */
export const REFUND_BUSINESS_DAYS = 10;

export type Refund = typeof paymentRefunds.$inferSelect;

export interface RefundAsked {
  orderId: number;
  studentId: number;
  amountTiyn: number;
  /** The lessons the amount is for (0 for a difference of prices). */
  lessons: number;
  /** What is refunded: a package, or a group seat. */
  packageId?: number;
  groupSeatId?: number;
  /** `review` waits for finance; `requested` is sent at once (and retried by the job). */
  status?: Extract<RefundStatus, 'requested' | 'review'>;
}

/**
 * Stores a refund and moves its amount from the student's balance to `refunds_due` (kind `refund`,
 * the order's, and the package's when it is one). The caller holds the lock that makes the amount
 * true (the package's or the group's row).
 */
export async function openRefund(tx: Db, r: RefundAsked, now = new Date()): Promise<Refund> {
  const [created] = await tx
    .insert(paymentRefunds)
    .values({
      orderId: r.orderId,
      packageId: r.packageId ?? null,
      groupSeatId: r.groupSeatId ?? null,
      studentId: r.studentId,
      amountTiyn: r.amountTiyn,
      lessons: r.lessons,
      status: r.status ?? 'requested',
      dueBy: addBusinessDays(now, REFUND_BUSINESS_DAYS),
      createdAt: now,
    })
    .returning();
  await post(
    tx,
    'refund',
    [
      { account: ACCOUNTS.studentBalance(r.studentId), amountTiyn: -r.amountTiyn },
      { account: ACCOUNTS.refundsDue, amountTiyn: r.amountTiyn },
    ],
    { orderId: r.orderId, packageId: r.packageId },
  );
  return created!;
}
