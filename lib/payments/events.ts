import 'server-only';
// Provider notifications and status answers: stored first, then acted on once
// (docs/payments.md, "Never lose or double money").
import { timingSafeEqual } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { ApiError } from '@/lib/api/errors';
import { keyedHash } from '@/lib/crypto/tokens';
import { paymentOrders, providerEvents } from '@/lib/db/schema';
import { transaction } from '@/lib/db/transaction';
import type { Db } from '@/lib/db/types';
import { paymentProvider, providerByName } from './config';
import { ProviderError, type PaymentProvider, type ProviderStatus } from './provider';
import { sendOpenRefunds } from './refunds';
import { creditPaid, markDeclined, markExpired, type Order, type SettleResult } from './settle';

/** The stored form of an order's notification secret. */
export const secretHashOf = (secret: string) => keyedHash('payment-notification', secret);

function sameSecret(given: string, storedHash: string): boolean {
  const a = Buffer.from(secretHashOf(given));
  const b = Buffer.from(storedHash);
  return given.length > 0 && a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Stores an event once (provider, payment, event) and acts on it once: the insert is its own
 * statement, so the event is kept even when acting fails (then the job or a repeat acts on it);
 * acting takes the event's row lock and marks it processed in the same transaction as the money.
 */
async function storeAndAct(
  db: Db,
  provider: PaymentProvider,
  order: Order,
  event: { name: string; source: 'notification' | 'status'; payload: Record<string, unknown> },
  act: (tx: Db, order: Order) => Promise<SettleResult>,
): Promise<{ result: SettleResult; duplicate: boolean }> {
  await db
    .insert(providerEvents)
    .values({ provider: provider.name, paymentId: order.invoiceId, event: event.name, source: event.source, payload: event.payload, orderId: order.id })
    .onConflictDoNothing();
  return transaction(db, async (tx) => {
    const [row] = await tx
      .select({ id: providerEvents.id, processedAt: providerEvents.processedAt })
      .from(providerEvents)
      .where(and(eq(providerEvents.provider, provider.name), eq(providerEvents.paymentId, order.invoiceId), eq(providerEvents.event, event.name)))
      .for('update');
    if (!row || row.processedAt) return { result: 'unchanged' as const, duplicate: true };
    const [fresh] = await tx.select().from(paymentOrders).where(eq(paymentOrders.id, order.id)).for('update');
    const result = await act(tx, fresh!);
    await tx.update(providerEvents).set({ processedAt: new Date() }).where(and(eq(providerEvents.id, row.id), isNull(providerEvents.processedAt)));
    return { result, duplicate: false };
  });
}

/**
 * A postLink / failurePostLink from the provider: read by the protocol and checked against the order
 * (the secret handed back, the terminal, the currency, and for a payment its amount). A notification
 * that fails a check is refused (400) and logged without its body; nothing is stored or changed.
 *
 * A notification that passes is still only a wake-up, never proof (docs/payments.md, "What credits
 * an order"; security.md C1): the provider is asked at once, server to server with our own token,
 * and only its status answer for our invoice credits or declines the order, with the transaction id
 * and the amount from that answer. The provider unreachable: 503, the order stays as it was (the
 * pending-payments job asks again).
 */
export async function handleNotification(
  db: Db,
  body: unknown,
  from: { ipHash: string; provider: string },
  now = new Date(),
): Promise<{ result: SettleResult | 'pending'; duplicate: boolean }> {
  const provider = providerByName(from.provider);
  if (!provider) throw new ApiError(404, 'not_found');
  const n = provider.parseNotification(body);
  const refuse = (why: string, invoice = n?.invoiceId ?? '?') => {
    console.warn(`[payments] refused a ${provider.name} notification for invoice ${invoice}: ${why} (from ${from.ipHash.slice(0, 12)}).`);
    return new ApiError(400, 'payment_notification_invalid');
  };
  if (!n) throw refuse('not a notification');
  const [order] = await db.select().from(paymentOrders).where(and(eq(paymentOrders.provider, provider.name), eq(paymentOrders.invoiceId, n.invoiceId))).limit(1);
  if (!order) throw refuse('unknown invoice');
  if (!sameSecret(n.secret, order.secretHash)) throw refuse('bad secret');
  if (n.currency && n.currency !== order.currency) throw refuse('another currency');
  if (n.terminal !== provider.terminal) throw refuse('another terminal');
  if (n.outcome === 'paid' && n.amountTiyn !== order.amountTiyn) throw refuse(n.amountTiyn === null ? 'no amount' : 'another amount');
  let status: ProviderStatus;
  try {
    status = await provider.queryStatus(order.invoiceId);
  } catch (err) {
    if (!(err instanceof ProviderError)) throw err;
    console.warn(`[payments] a ${provider.name} notification for ${order.invoiceId}: the status could not be asked (${err.message}); the job asks again.`);
    throw new ApiError(503, 'payment_status_unavailable');
  }
  return actOnStatus(db, provider, order, status, { source: 'notification', notification: n.payload }, now);
}

/**
 * What the provider's status answer for an order does, once per answer (stored as
 * `status:<NAME>`): a payment of exactly the order's amount through our terminal credits it; a
 * failure declines a pending order; anything else leaves it for a later answer.
 */
async function actOnStatus(
  db: Db,
  provider: PaymentProvider,
  order: Order,
  status: ProviderStatus,
  how: { source: 'notification' | 'status'; notification?: Record<string, unknown> },
  now: Date,
): Promise<{ result: SettleResult | 'pending'; duplicate: boolean }> {
  const payload = how.notification ? { ...status.payload, notification: how.notification } : status.payload;
  const event = { name: `status:${status.name}`, source: how.source, payload };
  if (status.state === 'paid' || status.state === 'refunded') {
    if (status.terminal !== null && status.terminal !== provider.terminal) {
      console.warn(`[payments] ${provider.name} ${order.invoiceId}: the status names another terminal; not credited.`);
      return { result: 'unchanged', duplicate: false };
    }
    const acted = await storeAndAct(db, provider, order, event, (tx, o) => creditPaid(tx, o, { providerPaymentId: status.providerPaymentId, amountTiyn: status.amountTiyn }, now));
    // A seat's payment that found its group full is refunded in the same credit: sent to the bank now.
    if (acted.result === 'credited' && order.product === 'group_seat') await sendOpenRefunds(db, order.id, now);
    return acted;
  }
  if (status.state === 'declined') return storeAndAct(db, provider, order, event, (tx, o) => markDeclined(tx, o, status.reason, now));
  return { result: 'pending', duplicate: false };
}

/** How long a pending order may still be paid: the payment token's life and a margin (docs/payments.md). */
export const ABANDON_AFTER_MS = 3 * 3600_000;

/**
 * Asks the provider about one pending order and acts on the answer like on a notification (stored as
 * `status:<NAME>`). Never paid and older than ABANDON_AFTER_MS: expired. A provider that cannot
 * be reached leaves the order pending for the next pass.
 */
export async function reconcileOrder(db: Db, order: Order, now = new Date()): Promise<SettleResult | 'expired' | 'pending'> {
  const provider = providerByName(order.provider);
  if (!provider || order.status !== 'pending') return 'unchanged';
  await db.update(paymentOrders).set({ checkedAt: now }).where(eq(paymentOrders.id, order.id));
  let status: ProviderStatus;
  try {
    status = await provider.queryStatus(order.invoiceId);
  } catch (err) {
    console.warn(`[payments] status of ${order.invoiceId} not known yet: ${(err as Error).message}`);
    return 'pending';
  }
  if (status.state === 'not_found' && now.getTime() - order.createdAt.getTime() > ABANDON_AFTER_MS) {
    return (await transaction(db, (tx) => markExpired(tx, order, now))) ? 'expired' : 'unchanged';
  }
  return (await actOnStatus(db, provider, order, status, { source: 'status' }, now)).result;
}

/** The job's age for a pending payment before it asks the provider (the notification's grace). */
export const PENDING_CHECK_AFTER_MS = 15 * 60_000;
/** And how often it asks again about the same one. */
export const PENDING_RECHECK_MS = 5 * 60_000;

/**
 * The pending-payments job (server timers, REMINDER_INTERVAL_MS): every order pending for over 15
 * minutes whose notification has not come is asked about at the provider, 50 a pass, the least
 * recently checked first.
 */
export async function resolvePendingPayments(db: Db, now = new Date()): Promise<Record<string, number>> {
  if (!paymentProvider()) return {};
  const due = await db
    .select()
    .from(paymentOrders)
    .where(
      and(
        eq(paymentOrders.status, 'pending'),
        sql`${paymentOrders.createdAt} < ${new Date(now.getTime() - PENDING_CHECK_AFTER_MS)}`,
        sql`(${paymentOrders.checkedAt} is null or ${paymentOrders.checkedAt} < ${new Date(now.getTime() - PENDING_RECHECK_MS)})`,
      ),
    )
    .orderBy(sql`${paymentOrders.checkedAt} asc nulls first`, paymentOrders.id)
    .limit(50);
  const counts: Record<string, number> = {};
  for (const order of due) {
    const r = await reconcileOrder(db, order, now);
    counts[r] = (counts[r] ?? 0) + 1;
  }
  return counts;
}
