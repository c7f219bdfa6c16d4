import 'server-only';
// Chat help's money (docs/chat-help.md, "Money"): hours are bought as an order (product
// `chat_help`) whose payment lands on the student's balance with the order's id on the rows; each
// tutor reply spends its blocks from those rows, oldest order first (`chat_spent`: the student's
// balance → the school's revenue), and books the tutor's share (`chat_earning`: revenue → the tutor's
// payable, paid in the month's register). What is left is refunded to the card order by order. One
// student's spends and refunds take turns on a transaction lock: a balance read under it is true.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { ApiError } from '@/lib/api/errors';
import { chatHelpQuestions, ledgerEntries, paymentOrders, type PaymentStatus } from '@/lib/db/schema';
import { transaction } from '@/lib/db/transaction';
import { announce } from '@/lib/runtime/bus';
import type { Db } from '@/lib/db/types';
import { ACCOUNTS, post } from '@/lib/money/ledger';
import { openRefund, type Refund } from '@/lib/money/refunds';
import { blocksOf, blockTiynOf, CHAT_BLOCK_MINUTES, CHAT_TUTOR_SHARE_PERCENT } from './rules';

/** Takes the student's chat-money lock for the rest of the transaction. */
export async function lockChatMoney(tx: Db, studentId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`chat_help:${studentId}`}))`);
}

/**
 * What each paid chat help order of the student still holds, oldest first (positive only), with the
 * price of a block the time was bought at (the order's price of an hour ÷ 10: a price change never
 * reaches time already paid, the offer's 3.5).
 */
export async function chatOrderBalances(db: Db, studentId: number): Promise<{ orderId: number; tiyn: number; blockTiyn: number }[]> {
  const rows = await db
    .select({ orderId: paymentOrders.id, hourTiyn: paymentOrders.perLessonTiyn, sum: sql<string>`coalesce(sum(${ledgerEntries.amountTiyn}), 0)::text` })
    .from(paymentOrders)
    .leftJoin(ledgerEntries, and(eq(ledgerEntries.orderId, paymentOrders.id), eq(ledgerEntries.account, ACCOUNTS.studentBalance(studentId))))
    .where(and(eq(paymentOrders.studentId, studentId), eq(paymentOrders.product, 'chat_help'), inArray(paymentOrders.status, ['paid', 'refunded'] satisfies PaymentStatus[])))
    .groupBy(paymentOrders.id)
    .orderBy(asc(paymentOrders.paidAt), asc(paymentOrders.id));
  return rows.map((r) => ({ orderId: r.orderId, tiyn: Number(r.sum), blockTiyn: blockTiynOf(r.hourTiyn) })).filter((r) => r.tiyn > 0);
}

export interface ChatTime {
  tiyn: number;
  blocks: number;
  minutes: number;
}

/** The student's chat time left: money, blocks and minutes. */
export async function chatTimeLeft(db: Db, studentId: number): Promise<ChatTime> {
  const held = await chatOrderBalances(db, studentId);
  const blocks = held.reduce((s, o) => s + blocksOf(o.tiyn, o.blockTiyn), 0);
  return { tiyn: held.reduce((s, o) => s + o.tiyn, 0), blocks, minutes: blocks * CHAT_BLOCK_MINUTES };
}

/**
 * Spends up to `blocks` of the student's time for a tutor's reply, in the caller's transaction (which
 * holds lockChatMoney): never more than the balance holds, whole blocks from the oldest order first,
 * each at the price it was bought at. The school's revenue gets each block, the tutor's payable their
 * share of it (CHAT_TUTOR_SHARE_PERCENT). Returns the blocks spent.
 */
export async function spendBlocks(tx: Db, studentId: number, tutorId: number, blocks: number): Promise<number> {
  let need = Math.max(0, blocks);
  let earned = 0;
  for (const o of await chatOrderBalances(tx, studentId)) {
    if (need === 0) break;
    const k = Math.min(need, blocksOf(o.tiyn, o.blockTiyn));
    if (k === 0) continue;
    await post(tx, 'chat_spent', [{ account: ACCOUNTS.studentBalance(studentId), amountTiyn: -k * o.blockTiyn }, { account: ACCOUNTS.schoolRevenue, amountTiyn: k * o.blockTiyn }], { orderId: o.orderId });
    earned += (k * o.blockTiyn * CHAT_TUTOR_SHARE_PERCENT) / 100;
    need -= k;
  }
  if (earned > 0) await post(tx, 'chat_earning', [{ account: ACCOUNTS.schoolRevenue, amountTiyn: -earned }, { account: ACCOUNTS.tutorPayable(tutorId), amountTiyn: earned }]);
  return Math.max(0, blocks) - need;
}

/**
 * The student asks for their unused chat time back (the offer, 4.11): their questions still open are
 * closed (a tutor's reply after this would find nothing to spend), then each order's balance becomes
 * a refund to the card it was paid with (the route sends them at once: lib/payments/refunds.ts
 * sendRefunds; the job retries what the bank does not take).
 * 409 `chat_help_nothing_to_refund` when nothing is left.
 */
export async function refundChatTime(db: Db, student: { id: number }, now = new Date()): Promise<Refund[]> {
  const opened = await transaction(db, async (tx) => {
    await lockChatMoney(tx, student.id);
    const held = await chatOrderBalances(tx, student.id);
    if (held.length === 0) throw new ApiError(409, 'chat_help_nothing_to_refund');
    const closed = await tx
      .update(chatHelpQuestions)
      .set({ status: 'closed', closedAt: now, closedBy: 'refund' })
      .where(and(eq(chatHelpQuestions.studentId, student.id), inArray(chatHelpQuestions.status, ['open', 'taken'])))
      .returning({ id: chatHelpQuestions.id });
    for (const q of closed) await tx.execute(announce('chat', q.id));
    if (closed.length) await tx.execute(announce('queue', 0));
    const out: Refund[] = [];
    for (const o of held) out.push(await openRefund(tx, { orderId: o.orderId, studentId: student.id, amountTiyn: o.tiyn, lessons: 0 }, now));
    return out;
  });
  return opened;
}
