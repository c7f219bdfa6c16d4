import 'server-only';
// The school's finance desk (scope `finance`, docs/back-office.md "Finance"): payments with their
// provider status, refunds the rules leave to people, revenue by plan and by utm source, and the
// reconciliation of our orders with the provider's status. Every view of payment data and every
// decision is an audit row.
import { and, desc, eq, gte, ilike, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { ApiError } from '@/lib/api/errors';
import { audit, auditListView, type Actor } from '@/lib/audit/log';
import { companyInvoices, fiscalReceipts, ledgerEntries, lessonPackages, paymentOrders, paymentRefunds, providerEvents, users, type OrderPlan, type PaymentAnomaly } from '@/lib/db/schema';
import { likeEscape } from '@/lib/db/like';
import { rowsOf } from '@/lib/db/rows';
import { transaction } from '@/lib/db/transaction';
import type { Db } from '@/lib/db/types';
import { maskPhone } from '@/lib/mask';
import { addDays } from '@/lib/time/calendar';
import { dayStart, schoolDay } from '@/lib/time/wall-clock';
import type { PaymentsQuery, PeriodQuery, RefundsQuery } from '@/lib/validations/finance';
import { paymentProvider } from './config';
import { ACCOUNTS, balance, post } from '@/lib/money/ledger';
import { ProviderError, type ProviderState } from './provider';
import { tellRefundDecided } from './notices';
import { sendRefund, type Refund } from './refunds';

export interface PaymentRow {
  id: number;
  invoiceId: string;
  student: string;
  tutor: string;
  /** The student plan of a package, or `group` for a group seat. */
  plan: OrderPlan;
  amountTiyn: number;
  status: 'pending' | 'paid' | 'declined' | 'expired' | 'refunded';
  /** The provider said paid but the answer could not be credited (lib/payments/settle.ts): finance checks it. */
  anomaly: PaymentAnomaly | null;
  /** The provider's last word on it (the last notification or status answer's event), if any. */
  providerEvent: string | null;
  test: boolean;
  createdAt: Date;
  paidAt: Date | null;
}

const student = sql<string>`(select trim(u.lastname || ' ' || u.name) from users u where u.id = ${paymentOrders.studentId})`;
const tutor = sql<string>`(select trim(u.lastname || ' ' || u.name) from users u where u.id = ${paymentOrders.tutorId})`;
const lastEvent = sql<string | null>`(select e.event from provider_events e where e.order_id = ${paymentOrders.id} order by e.received_at desc, e.id desc limit 1)`;

function paymentsWhere(f: PaymentsQuery): SQL | undefined {
  const where: SQL[] = [];
  if (f.status === 'attention') where.push(sql`${paymentOrders.anomaly} is not null`);
  else if (f.status) where.push(eq(paymentOrders.status, f.status));
  if (f.plan) where.push(eq(paymentOrders.plan, f.plan));
  if (f.from) where.push(gte(paymentOrders.createdAt, f.from));
  if (f.to) where.push(lt(paymentOrders.createdAt, f.to));
  if (f.q) {
    const like = `%${likeEscape(f.q)}%`;
    where.push(or(ilike(paymentOrders.invoiceId, like), sql`exists (select 1 from users u where u.id in (${paymentOrders.studentId}, ${paymentOrders.tutorId}) and (u.name ilike ${like} or u.lastname ilike ${like}))`)!);
  }
  return where.length ? and(...where) : undefined;
}

/** Orders, newest first, filtered on the server, a page at a time; one `payment.list` audit row per view. */
export async function viewPayments(db: Db, actor: Actor, f: PaymentsQuery): Promise<{ rows: PaymentRow[]; total: number }> {
  const cond = paymentsWhere(f);
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: paymentOrders.id,
        invoiceId: paymentOrders.invoiceId,
        student,
        tutor,
        plan: paymentOrders.plan,
        amountTiyn: paymentOrders.amountTiyn,
        status: paymentOrders.status,
        anomaly: paymentOrders.anomaly,
        providerEvent: lastEvent,
        test: paymentOrders.test,
        createdAt: paymentOrders.createdAt,
        paidAt: paymentOrders.paidAt,
      })
      .from(paymentOrders)
      .where(cond)
      .orderBy(desc(paymentOrders.createdAt), desc(paymentOrders.id))
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize),
    db.select({ n: sql<number>`count(*)::int` }).from(paymentOrders).where(cond),
  ]);
  const total = count?.n ?? 0;
  await auditListView(db, actor, { action: 'payment.list', entity: 'payment', filter: f, total });
  return { rows, total };
}

/** One order with its package, the provider's events as received, its ledger rows and refunds; audited as `payment.view`. */
export async function viewPayment(db: Db, actor: Actor, id: number) {
  const [order] = await db.select({ order: paymentOrders, student, tutor }).from(paymentOrders).where(eq(paymentOrders.id, id)).limit(1);
  if (!order) throw new ApiError(404, 'not_found');
  const [studentUser] = await db.select({ phone: users.phone, email: users.email }).from(users).where(eq(users.id, order.order.studentId)).limit(1);
  const [pkg] = await db.select().from(lessonPackages).where(eq(lessonPackages.orderId, id)).limit(1);
  const events = await db
    .select({ id: providerEvents.id, event: providerEvents.event, source: providerEvents.source, receivedAt: providerEvents.receivedAt, processedAt: providerEvents.processedAt })
    .from(providerEvents)
    .where(eq(providerEvents.orderId, id))
    .orderBy(providerEvents.receivedAt);
  const ledger = await db
    .select({ id: ledgerEntries.id, txnId: ledgerEntries.txnId, account: ledgerEntries.account, amountTiyn: ledgerEntries.amountTiyn, kind: ledgerEntries.kind, lessonId: ledgerEntries.lessonId, createdAt: ledgerEntries.createdAt })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.orderId, id))
    .orderBy(ledgerEntries.id)
    .limit(500);
  const refunds = await db.select().from(paymentRefunds).where(eq(paymentRefunds.orderId, id)).orderBy(paymentRefunds.createdAt);
  // The fiscal receipts of the sale and of each refund: issued, or still waiting for the register (with why).
  const receipts = await db
    .select({ id: fiscalReceipts.id, kind: fiscalReceipts.kind, amountTiyn: fiscalReceipts.amountTiyn, status: fiscalReceipts.status, attempts: fiscalReceipts.attempts, lastError: fiscalReceipts.lastError, nextAttemptAt: fiscalReceipts.nextAttemptAt, checkNumber: fiscalReceipts.checkNumber, ticketUrl: fiscalReceipts.ticketUrl, issuedAt: fiscalReceipts.issuedAt })
    .from(fiscalReceipts)
    .where(eq(fiscalReceipts.orderId, id))
    .orderBy(fiscalReceipts.id);
  await audit(db, actor, { action: 'payment.view', entity: 'payment', entityId: id });
  const { secretHash: _secret, ...safe } = order.order;
  void _secret;
  return {
    order: { ...safe, student: order.student, tutor: order.tutor, studentPhone: studentUser ? maskPhone(studentUser.phone) : null, studentEmail: studentUser?.email ?? null },
    package: pkg ?? null,
    events,
    ledger,
    refunds,
    receipts,
  };
}

export interface RefundRow {
  id: number;
  orderId: number;
  invoiceId: string;
  student: string;
  amountTiyn: number;
  lessons: number;
  status: Refund['status'];
  dueBy: Date;
  createdAt: Date;
  decisionReason: string | null;
}

/** Refunds by status (default: waiting for finance), oldest due first; one `refund.list` audit row per view. */
export async function viewRefunds(db: Db, actor: Actor, f: RefundsQuery): Promise<{ rows: RefundRow[]; total: number }> {
  const cond = f.status === 'all' ? undefined : eq(paymentRefunds.status, f.status);
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: paymentRefunds.id,
        orderId: paymentRefunds.orderId,
        invoiceId: paymentOrders.invoiceId,
        student: sql<string>`trim(${users.lastname} || ' ' || ${users.name})`,
        amountTiyn: paymentRefunds.amountTiyn,
        lessons: paymentRefunds.lessons,
        status: paymentRefunds.status,
        dueBy: paymentRefunds.dueBy,
        createdAt: paymentRefunds.createdAt,
        decisionReason: paymentRefunds.decisionReason,
      })
      .from(paymentRefunds)
      .innerJoin(paymentOrders, eq(paymentOrders.id, paymentRefunds.orderId))
      .innerJoin(users, eq(users.id, paymentRefunds.studentId))
      .where(cond)
      .orderBy(paymentRefunds.dueBy, paymentRefunds.id)
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize),
    db.select({ n: sql<number>`count(*)::int` }).from(paymentRefunds).where(cond),
  ]);
  const total = count?.n ?? 0;
  await auditListView(db, actor, { action: 'refund.list', entity: 'refund', filter: f, total });
  return { rows, total };
}

/** Takes a refund in review for a decision: its row locked; 404 unknown, 409 `refund_decided` when it is no longer in review. */
async function lockReview(tx: Db, id: number): Promise<Refund> {
  const locked = await tx.execute(sql`select id from ${paymentRefunds} where ${paymentRefunds.id} = ${id} for update`);
  const rows = (locked as unknown as { rows?: unknown[] }).rows ?? (locked as unknown as unknown[]);
  if (rows.length === 0) throw new ApiError(404, 'not_found');
  const [refund] = await tx.select().from(paymentRefunds).where(eq(paymentRefunds.id, id)).limit(1);
  if (refund!.status !== 'review') throw new ApiError(409, 'refund_decided');
  return refund!;
}

/** Finance approves a refund in review: it becomes an ordinary requested refund and goes to the bank (the job retries). Audited. */
export async function approveRefund(db: Db, actor: Actor, id: number, now = new Date()): Promise<Refund> {
  const approved = await transaction(db, async (tx) => {
    await lockReview(tx, id);
    const [row] = await tx.update(paymentRefunds).set({ status: 'requested', decidedBy: actor.id, decidedAt: now }).where(eq(paymentRefunds.id, id)).returning();
    await audit(tx, actor, { action: 'refund.approve', entity: 'refund', entityId: id, before: { status: 'review' }, after: { status: 'requested', amountTiyn: row!.amountTiyn } });
    await tellRefundDecided(tx, row!, now);
    return row!;
  });
  return (await sendRefund(db, approved, now)) ?? approved;
}

/** Finance rejects a refund in review, with a reason: the set-aside balance goes back to the package (`refund_rejected`). Audited. */
export async function rejectRefund(db: Db, actor: Actor, id: number, reason: string, now = new Date()): Promise<Refund> {
  return transaction(db, async (tx) => {
    const refund = await lockReview(tx, id);
    const [row] = await tx.update(paymentRefunds).set({ status: 'rejected', decidedBy: actor.id, decidedAt: now, decisionReason: reason }).where(eq(paymentRefunds.id, id)).returning();
    await post(
      tx,
      'refund_rejected',
      [
        { account: ACCOUNTS.refundsDue, amountTiyn: -refund.amountTiyn },
        { account: ACCOUNTS.studentBalance(refund.studentId), amountTiyn: refund.amountTiyn },
      ],
      { orderId: refund.orderId, packageId: refund.packageId ?? undefined },
    );
    await audit(tx, actor, { action: 'refund.reject', entity: 'refund', entityId: id, before: { status: 'review' }, after: { status: 'rejected', reason } });
    await tellRefundDecided(tx, row!, now);
    return row!;
  });
}

/** A period of Almaty days: both ends given, one of them, or the last 30 days up to today. */
export function period(q: { from?: string; to?: string }, now = new Date()): { from: string; to: string } {
  const to = q.to ?? schoolDay(now);
  const from = q.from ?? addDays(to, -29);
  return from <= to ? { from, to } : { from, to: from };
}

export interface RevenueRow {
  key: string | null;
  orders: number;
  paidTiyn: number;
  refundedTiyn: number;
  netTiyn: number;
}

export interface RevenueReport {
  from: string;
  to: string;
  touch: 'first' | 'last';
  byPlan: RevenueRow[];
  bySource: RevenueRow[];
  /** Card payments only (the rows above are card orders: plan and buyer's source). */
  total: RevenueRow;
  /** Companies' bank transfers for their lesson pools' invoices, by the payment's date, over the period. */
  companies: { invoices: number; paidTiyn: number };
  /** All money received over the period: card payments and companies' transfers. */
  receivedTiyn: number;
  /**
   * The school's share: the ledger's `school_revenue` movement over the period (lessons spent, less
   * lessons returned, tutors' earnings and plan adjustments). Positive is the school's: the account's
   * rows add what the school keeps (lib/money/ledger.ts), so it is shown as it is.
   */
  schoolRevenueTiyn: number;
  /**
   * Individual lessons beside group lessons (issue 33): card payments and their refunds by what was
   * bought (packages; group seats), companies' paid invoices by what they are for (lesson pools;
   * closed groups' seats), the net, and the school's share of each from the ledger (the
   * `school_revenue` rows of group lessons, and all the others). The two rows sum to the totals above.
   */
  byKind: KindRow[];
}

export interface KindRow {
  key: 'individual' | 'group';
  orders: number;
  paidTiyn: number;
  refundedTiyn: number;
  invoices: number;
  invoicesTiyn: number;
  /** Card payments less refunds plus companies' invoices. */
  netTiyn: number;
  schoolTiyn: number;
}

/**
 * Revenue over a period: orders paid in it (money in), refunds done in it (money out), by the plan
 * bought and by the buyer's account utm_source (first or last touch, as the attribution report
 * keeps it). Audited as `revenue.view`.
 */
export async function revenueReport(db: Db, actor: Actor, q: PeriodQuery, now = new Date()): Promise<RevenueReport> {
  const { from, to } = period(q, now);
  const start = dayStart(from);
  const end = dayStart(addDays(to, 1));
  const utm = q.touch === 'last' ? sql`u.utm_last` : sql`u.utm_first`;
  const res = await db.execute<{ plan: string; source: string; orders: number; paid: string; refunded: string }>(sql`
    select plan, source, sum(orders)::int as orders, sum(paid)::text as paid, sum(refunded)::text as refunded from (
      select o.plan, coalesce(nullif(btrim(${utm} ->> 'utm_source'), ''), '') as source, 1 as orders, o.amount_tiyn as paid, 0::bigint as refunded
        from payment_orders o join users u on u.id = o.student_id
       where o.paid_at >= ${start.toISOString()}::timestamptz and o.paid_at < ${end.toISOString()}::timestamptz and o.status in ('paid', 'refunded')
      union all
      select o.plan, coalesce(nullif(btrim(${utm} ->> 'utm_source'), ''), ''), 0, 0, r.amount_tiyn
        from payment_refunds r join payment_orders o on o.id = r.order_id join users u on u.id = o.student_id
       where r.status = 'done' and r.done_at >= ${start.toISOString()}::timestamptz and r.done_at < ${end.toISOString()}::timestamptz
    ) t group by plan, source`);
  const rows = (res as unknown as { rows?: { plan: string; source: string; orders: number; paid: string; refunded: string }[] }).rows ?? (res as unknown as { plan: string; source: string; orders: number; paid: string; refunded: string }[]);
  const group = (key: (r: (typeof rows)[number]) => string | null) => {
    const map = new Map<string | null, RevenueRow>();
    for (const r of rows) {
      const k = key(r);
      const cur = map.get(k) ?? { key: k, orders: 0, paidTiyn: 0, refundedTiyn: 0, netTiyn: 0 };
      cur.orders += r.orders;
      cur.paidTiyn += Number(r.paid);
      cur.refundedTiyn += Number(r.refunded);
      cur.netTiyn = cur.paidTiyn - cur.refundedTiyn;
      map.set(k, cur);
    }
    return [...map.values()].sort((a, b) => b.netTiyn - a.netTiyn || (a.key ?? '').localeCompare(b.key ?? ''));
  };
  // Group seats beside the individual plans (issue 33: group revenue next to the individual one).
  const planOrder = ['basic', 'advanced', 'intensive', 'group'];
  const byPlan = group((r) => r.plan).sort((a, b) => planOrder.indexOf(a.key ?? '') - planOrder.indexOf(b.key ?? ''));
  const bySource = group((r) => r.source || null);
  const total = group(() => 'total')[0] ?? { key: 'total', orders: 0, paidTiyn: 0, refundedTiyn: 0, netTiyn: 0 };
  const schoolTiyn = await balance(db, ACCOUNTS.schoolRevenue, and(gte(ledgerEntries.createdAt, start), lt(ledgerEntries.createdAt, end)));
  await audit(db, actor, { action: 'payment.revenue', entity: 'payment', after: { from, to, touch: q.touch } });
  const invoices = await db
    .select({ forGroup: sql<boolean>`${companyInvoices.groupId} is not null`, n: sql<number>`count(*)::int`, sum: sql<string>`coalesce(sum(${companyInvoices.amountTiyn}), 0)::text` })
    .from(companyInvoices)
    .where(and(eq(companyInvoices.status, 'paid'), gte(companyInvoices.paidOn, from), lte(companyInvoices.paidOn, to)))
    .groupBy(sql`${companyInvoices.groupId} is not null`);
  const invoicesOf = (group: boolean) => invoices.filter((i) => Boolean(i.forGroup) === group).reduce((a, i) => ({ n: a.n + Number(i.n), tiyn: a.tiyn + Number(i.sum) }), { n: 0, tiyn: 0 });
  const companiesPaid = { invoices: invoicesOf(false).n + invoicesOf(true).n, paidTiyn: invoicesOf(false).tiyn + invoicesOf(true).tiyn };
  // The school's share of group lessons: the school_revenue rows of lessons of kind `group`.
  const [share] = rowsOf<{ group_share: string }>(
    await db.execute(sql`
      select coalesce(sum(e.amount_tiyn), 0)::text as group_share
        from ledger_entries e join lessons l on l.id = e.lesson_id
       where e.account = ${ACCOUNTS.schoolRevenue} and l.kind = 'group'
         and e.created_at >= ${start.toISOString()}::timestamptz and e.created_at < ${end.toISOString()}::timestamptz`),
  );
  const groupShare = Number(share?.group_share ?? 0);
  const kindRow = (key: KindRow['key'], plans: RevenueRow[], inv: { n: number; tiyn: number }, schoolTiyn: number): KindRow => {
    const orders = plans.reduce((a, r) => a + r.orders, 0);
    const paidTiyn = plans.reduce((a, r) => a + r.paidTiyn, 0);
    const refundedTiyn = plans.reduce((a, r) => a + r.refundedTiyn, 0);
    return { key, orders, paidTiyn, refundedTiyn, invoices: inv.n, invoicesTiyn: inv.tiyn, netTiyn: paidTiyn - refundedTiyn + inv.tiyn, schoolTiyn };
  };
  const byKind = [
    kindRow('individual', byPlan.filter((r) => r.key !== 'group'), invoicesOf(false), schoolTiyn - groupShare),
    kindRow('group', byPlan.filter((r) => r.key === 'group'), invoicesOf(true), groupShare),
  ];
  return {
    from,
    to,
    touch: q.touch,
    byPlan,
    bySource,
    total: { ...total, key: null },
    companies: companiesPaid,
    receivedTiyn: total.paidTiyn + companiesPaid.paidTiyn,
    schoolRevenueTiyn: schoolTiyn,
    byKind,
  };
}

/** What our order's status expects the provider to say. */
const EXPECTED: Record<PaymentRow['status'], ProviderState[]> = {
  paid: ['paid'],
  refunded: ['refunded'],
  declined: ['declined', 'not_found'],
  expired: ['not_found', 'declined', 'in_progress'],
  pending: ['in_progress', 'not_found'],
};

export interface ReconcileDifference {
  orderId: number;
  invoiceId: string;
  ours: PaymentRow['status'];
  amountTiyn: number;
  provider: ProviderState | 'error';
  providerAmountTiyn: number | null;
  /** status: the states disagree; amount: both say paid, the amounts differ; error: the provider did not answer. */
  kind: 'status' | 'amount' | 'error';
}

/** At most this many orders are asked about in one run (the provider's status call is one request each). */
export const RECONCILE_MAX_ORDERS = 300;

/**
 * Our orders of a period against the provider's status query, one call per order (a pending order
 * younger than 15 minutes is skipped: the payment may still be on its way). Lists the differences;
 * changes nothing (the pending-payments job and people act on them). Audited as `payment.reconcile`.
 */
export async function reconcile(db: Db, actor: Actor, q: { from: string; to: string }, now = new Date()): Promise<{ from: string; to: string; checked: number; skipped: number; differences: ReconcileDifference[]; truncated: boolean }> {
  const provider = paymentProvider();
  if (!provider) throw new ApiError(503, 'payment_provider_unavailable');
  const orders = await db
    .select({ id: paymentOrders.id, invoiceId: paymentOrders.invoiceId, status: paymentOrders.status, amountTiyn: paymentOrders.amountTiyn, createdAt: paymentOrders.createdAt })
    .from(paymentOrders)
    .where(and(gte(paymentOrders.createdAt, dayStart(q.from)), lt(paymentOrders.createdAt, dayStart(addDays(q.to, 1))), eq(paymentOrders.provider, provider.name)))
    .orderBy(paymentOrders.id)
    .limit(RECONCILE_MAX_ORDERS + 1);
  const truncated = orders.length > RECONCILE_MAX_ORDERS;
  const differences: ReconcileDifference[] = [];
  let checked = 0;
  let skipped = 0;
  for (const o of orders.slice(0, RECONCILE_MAX_ORDERS)) {
    if (o.status === 'pending' && now.getTime() - o.createdAt.getTime() < 15 * 60_000) {
      skipped++;
      continue;
    }
    checked++;
    try {
      const s = await provider.queryStatus(o.invoiceId);
      if (!EXPECTED[o.status].includes(s.state)) differences.push({ orderId: o.id, invoiceId: o.invoiceId, ours: o.status, amountTiyn: o.amountTiyn, provider: s.state, providerAmountTiyn: s.amountTiyn, kind: 'status' });
      else if (s.state === 'paid' && s.amountTiyn !== null && s.amountTiyn !== o.amountTiyn) differences.push({ orderId: o.id, invoiceId: o.invoiceId, ours: o.status, amountTiyn: o.amountTiyn, provider: s.state, providerAmountTiyn: s.amountTiyn, kind: 'amount' });
    } catch (err) {
      if (!(err instanceof ProviderError)) throw err;
      differences.push({ orderId: o.id, invoiceId: o.invoiceId, ours: o.status, amountTiyn: o.amountTiyn, provider: 'error', providerAmountTiyn: null, kind: 'error' });
    }
  }
  await audit(db, actor, { action: 'payment.reconcile', entity: 'payment', after: { from: q.from, to: q.to, checked, differences: differences.length } });
  return { from: q.from, to: q.to, checked, skipped, differences, truncated };
}
