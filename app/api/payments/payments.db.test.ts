import http from 'node:http';
import { and, eq, sql } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openSession } from '@/lib/auth/http';
import { fiscalReceipts, tutorProfiles, ledgerEntries, lessonMessages, lessonPackages, lessons, outbox, paymentOrders, paymentRefunds, promoCodes, providerEvents } from '@/lib/db/schema';
import { freeSlotsOfTutor } from '@/lib/lessons/availability';
import { ACCOUNTS, balance, ledgerTotal, post } from '@/lib/money/ledger';
import { paymentProvider } from '@/lib/payments/config';
import { resolvePendingPayments } from '@/lib/payments/events';
import { reconcile, viewPayments } from '@/lib/payments/finance';
import { addDays } from '@/lib/time/calendar';
import { resendRefunds } from '@/lib/payments/refunds';
import { paymentsQuery } from '@/lib/validations/finance';
import { emptyProfile } from '@/lib/validations/tutor-profile';
import type { PaymentStart } from '@/lib/payments/provider';
import { dbLabel, insertTestUser, useTestDb } from '@/test/db';
import { eventually, payOnHostedPage, purchasableTutor, startPaymentWorld, type PaymentWorld } from '@/test/payments';
import { call, enrolledStaff, staffRequest, type Handler } from '@/test/staff';
import { POST as reconcileRoute } from '../admin/finance/reconciliation/route';
import { POST as paidBooking } from '../booking/paid/route';
import { GET as earnings } from '../cabinet/earnings/route';
import { GET as earningsMonth } from '../cabinet/earnings/[month]/route';
import { GET as refundPreviewRoute, POST as refundPost } from '../cabinet/packages/[id]/refund/route';
/** The refund route: GET is the dialog's preview, POST the refund. */
const refundRoute = ((r: NextRequest, ctx: unknown) => ((r.method === 'GET' ? refundPreviewRoute : refundPost) as unknown as Handler)(r, ctx as never)) as unknown;
import { GET as cabinetPayments } from '../cabinet/payments/route';
import { POST as checkout } from './checkout/route';
import { POST as notify } from './[provider]/notify/route';
import { GET as orderRoute } from './orders/[invoice]/route';
import { POST as quote } from './quote/route';
import { clockStandsStill } from '@/test/http';

/** The notification route's segment for ePay: /api/payments/epay/notify. */
const EPAY = { provider: 'epay' };
const APPROVE = '4405639704015096';
const THREE_DS = '5522042705066736';
const DECLINE = '4003032704547597';
const DROPPED = '4000000000000002';
const TWICE = '4242424242424242';

let n = 0;
const phone = () => `+7701${String(20_000_000 + ++n).slice(1)}`;

function req(path: string, opts: { body?: unknown; token?: string; locale?: string } = {}) {
  const headers = new Headers({ 'accept-language': opts.locale ?? 'ru', 'x-forwarded-for': `10.24.${n & 255}.${(n * 3) & 255}` });
  if (opts.body !== undefined) headers.set('content-type', 'application/json');
  if (opts.token) headers.set('authorization', `Bearer ${opts.token}`);
  return new NextRequest(`http://localhost${path}`, { method: opts.body === undefined ? 'GET' : 'POST', headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) });
}

describe(`paying for a package on the provider's hosted page (${dbLabel()})`, () => {
  const t = useTestDb({ asAppDb: true });
  let world: PaymentWorld;
  let tutorId: number;

  beforeAll(async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    world = await startPaymentWorld();
    tutorId = await purchasableTutor(t.db, { phone: phone(), price: 6000, subjects: ['english', 'kazakh'] });
  });
  afterAll(() => world.close());

  async function student() {
    const id = await insertTestUser(t.db, { phone: phone(), email: `pay${n}@example.kz` });
    const { accessToken } = await openSession(t.db, { id, scope: 'student' });
    return { id, token: accessToken };
  }
  async function start(token: string, body: Record<string, unknown> = {}, locale = 'ru') {
    const res = await call(checkout, req('/api/payments/checkout', { token, locale, body: { tutorId, subject: 'english', plan: 'advanced', ...body } }));
    expect(res.status, await res.clone().text()).toBe(201);
    return (await res.json()) as { invoiceId: string; amountTiyn: number; test: boolean; start: PaymentStart };
  }
  const orderOf = async (invoiceId: string) => (await t.db.select().from(paymentOrders).where(eq(paymentOrders.invoiceId, invoiceId)))[0]!;
  const packagesOf = (invoiceId: string) => t.db.select().from(lessonPackages).innerJoin(paymentOrders, eq(paymentOrders.id, lessonPackages.orderId)).where(eq(paymentOrders.invoiceId, invoiceId));
  const paymentTxns = async (orderId: number) =>
    Number((await t.db.select({ n: sql<string>`count(distinct ${ledgerEntries.txnId})` }).from(ledgerEntries).where(and(eq(ledgerEntries.orderId, orderId), eq(ledgerEntries.kind, 'payment'))))[0]!.n);

  it('the breakdown: tutor 6 000 ₸, Advanced −5 %, promo −10 % on top → 5 130 ₸ a lesson, 82 080 ₸ for 16, in tiyn; then paid with the 3-D Secure step, credited once', async () => {
    await t.db.insert(promoCodes).values({ code: 'PAY10', percentOff: 10, maxUses: 5 });
    const q = await call(quote, req('/api/payments/quote', { body: { tutorId, subject: 'english', plan: 'advanced', promoCode: 'pay10' } }));
    expect(q.status).toBe(200);
    const body = (await q.json()) as { quote: Record<string, number>; promo: { applies: boolean }; test: boolean; available: boolean };
    expect(body).toMatchObject({ test: true, available: true, promo: { applies: true } });
    expect(body.quote).toMatchObject({ lessons: 16, validMonths: 3, listPerLessonTiyn: 600_000, planPerLessonTiyn: 570_000, perLessonTiyn: 513_000, totalTiyn: 8_208_000 });

    const s = await student();
    const started = await start(s.token, { promoCode: 'PAY10' }, 'kk');
    expect(started).toMatchObject({ amountTiyn: 8_208_000, test: true });
    expect(started.start.call).toBe('halyk.pay');
    expect(started.start.paymentObject).toMatchObject({ invoiceId: started.invoiceId, amount: 82080, currency: 'KZT', language: 'kaz' });
    // No secret and no card field travels to the browser but the provider's own token.
    expect(JSON.stringify(started.start)).not.toMatch(/secret/i);
    // A checkout only reserves the code's use: it is counted when the order is paid.
    const usedPay10 = async () => (await t.db.select().from(promoCodes).where(eq(promoCodes.code, 'PAY10')))[0]!.usedCount;
    expect(await usedPay10()).toBe(0);

    const back = await payOnHostedPage(world.fake, started.start, THREE_DS);
    expect(back).toBe(`${world.origin}/kk/checkout/return?invoice=${started.invoiceId}`);
    await eventually(async () => (await orderOf(started.invoiceId)).status === 'paid');
    const polled = (await (await call(orderRoute, req(`/api/payments/orders/${started.invoiceId}`, { token: s.token }), { invoice: started.invoiceId })).json()) as { status: string };
    expect(polled.status).toBe('paid');
    expect(await usedPay10()).toBe(1);

    const money = (await (await call(cabinetPayments, req('/api/cabinet/payments', { token: s.token }))).json()) as { packages: { lessonsLeft: number; lessonsTotal: number; validUntil: string; tutorName: string }[]; payments: { status: string; tutorName: string | null }[] };
    expect(money.packages).toHaveLength(1);
    expect(money.packages[0]).toMatchObject({ lessonsLeft: 16, lessonsTotal: 16 });
    // The tutor as a student sees them: the first name and the last name's initial (lib/mask.ts shortName).
    expect(money.packages[0]!.tutorName).toMatch(/^\S+ \p{Lu}\.$/u);
    expect(money.payments[0]!.tutorName).toBe(money.packages[0]!.tutorName);
    const months = (Date.parse(money.packages[0]!.validUntil) - Date.now()) / (30.4 * 86_400_000);
    expect(months).toBeGreaterThan(2.9);
    expect(months).toBeLessThan(3.1);
    expect(money.payments[0]!.status).toBe('paid');
    expect(await balance(t.db, ACCOUNTS.studentBalance(s.id))).toBe(8_208_000);
    expect(await ledgerTotal(t.db)).toEqual({ total: 0, unbalancedTxns: 0 });
    // The stored notification keeps no card data: the masked number cut to its last four digits, no secret.
    const [event] = await t.db.select().from(providerEvents).where(eq(providerEvents.paymentId, started.invoiceId));
    expect(event!.payload).toMatchObject({ card: '…6736', statusName: 'CHARGE', notification: { card: '…6736', code: 'ok' } });
    expect(JSON.stringify(event!.payload)).not.toMatch(/552204|secret_hash|cardMask/);
    // Another student cannot read the order.
    const other = await student();
    expect((await call(orderRoute, req(`/api/payments/orders/${started.invoiceId}`, { token: other.token }), { invoice: started.invoiceId })).status).toBe(404);
  });

  it('the same notification 10 times in parallel credits once', async () => {
    const s = await student();
    const started = await start(s.token, { plan: 'basic' });
    await payOnHostedPage(world.fake, started.start, DROPPED);
    const results = await Promise.all(Array.from({ length: 10 }, () => fetch(`${world.fake.url}/_fake/notify/${started.invoiceId}`, { method: 'POST' }).then((r) => r.status)));
    expect(results.every((r) => r === 200)).toBe(true);
    const order = await orderOf(started.invoiceId);
    expect(order.status).toBe('paid');
    expect(await packagesOf(started.invoiceId)).toHaveLength(1);
    expect(await paymentTxns(order.id)).toBe(1);
    expect(await t.db.select().from(providerEvents).where(eq(providerEvents.paymentId, started.invoiceId))).toHaveLength(1);
    expect(await balance(t.db, ACCOUNTS.studentBalance(s.id))).toBe(order.amountTiyn);
  });

  it('a notification sent twice by the provider credits once', async () => {
    const s = await student();
    const started = await start(s.token, { plan: 'intensive', subject: 'kazakh' });
    await payOnHostedPage(world.fake, started.start, TWICE);
    await eventually(async () => (world.fake.invoices.get(started.invoiceId)?.notified ?? 0) >= 2);
    const order = await orderOf(started.invoiceId);
    expect(order.status).toBe('paid');
    expect(await packagesOf(started.invoiceId)).toHaveLength(1);
    expect(await paymentTxns(order.id)).toBe(1);
  });

  it('a notification with a bad secret is refused (400) and logged, and changes nothing', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const s = await student();
    const started = await start(s.token);
    const forged = { invoiceId: started.invoiceId, id: 'forged', amount: started.amountTiyn / 100, currency: 'KZT', code: 'ok', reason: 'success', secret_hash: 'guessed-secret' };
    const res = await call(notify, req('/api/payments/epay/notify', { body: forged, locale: 'en' }), EPAY);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string; message: string } }).error).toMatchObject({ code: 'payment_notification_invalid', message: 'The payment notification did not pass the check.' });
    expect(warn.mock.calls.some(([line]) => String(line).includes(`refused a epay notification for invoice ${started.invoiceId}: bad secret`))).toBe(true);
    // The log line never carries the body (no secret, no amount).
    expect(warn.mock.calls.flat().join(' ')).not.toContain('guessed-secret');
    expect((await orderOf(started.invoiceId)).status).toBe('pending');
    expect(await packagesOf(started.invoiceId)).toHaveLength(0);
    expect(await t.db.select().from(providerEvents).where(eq(providerEvents.paymentId, started.invoiceId))).toHaveLength(0);
    // Without any secret, and for an unknown invoice, alike.
    expect((await call(notify, req('/api/payments/epay/notify', { body: { ...forged, secret_hash: undefined } }), EPAY)).status).toBe(400);
    expect((await call(notify, req('/api/payments/epay/notify', { body: { ...forged, invoiceId: '999999999' } }), EPAY)).status).toBe(400);
    // The route is the provider's by name: a name we have no adapter for is a 404, and ePay's body there changes nothing.
    expect((await call(notify, req('/api/payments/kaspi/notify', { body: forged }), { provider: 'kaspi' })).status).toBe(404);
    expect((await call(notify, req('/api/payments/constructor/notify', { body: forged }), { provider: 'constructor' })).status).toBe(404);
    expect((await orderOf(started.invoiceId)).status).toBe('pending');
    warn.mockRestore();
  });

  /**
   * The penetration test's capture (security.md C1): the browser can change the payment object it
   * hands to the bank, and the bank (the fake, like the documented page) posts its notification, with
   * the order's secret, to the links the page was opened with. A listener of the attacker's own.
   */
  async function leakNotification(started: { start: PaymentStart }, card: string): Promise<Record<string, unknown>> {
    const caught: Record<string, unknown>[] = [];
    const hook = http.createServer((rq, rs) => {
      const chunks: Buffer[] = [];
      rq.on('data', (c: Buffer) => chunks.push(c));
      rq.on('end', () => {
        caught.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>);
        rs.end('{}');
      });
    });
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(hook.address() as { port: number }).port}/hook`;
    try {
      await payOnHostedPage(world.fake, { ...started.start, paymentObject: { ...started.start.paymentObject, postLink: url, failurePostLink: url } }, card);
      return await eventually(async () => caught[0]);
    } finally {
      hook.closeAllConnections();
      await new Promise((r) => hook.close(r));
    }
  }

  it('a notification is only a wake-up: a forged "ok" with the real secret credits nothing; only the bank\'s status answer does (security C1)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const s = await student();
    const started = await start(s.token, { plan: 'basic' });
    // The notification's addresses are not in the browser's object: they go with the token, server to server.
    expect(started.start.paymentObject).not.toHaveProperty('postLink');
    expect(started.start.paymentObject).not.toHaveProperty('failurePostLink');
    const leaked = await leakNotification(started, DECLINE);
    expect(leaked).toMatchObject({ invoiceId: started.invoiceId, code: 'error' });
    expect(String(leaked.secret_hash)).not.toBe('');
    // The declined card's real failure notification went to the attacker: our order is still pending.
    expect((await orderOf(started.invoiceId)).status).toBe('pending');
    const forged = { ...leaked, code: 'ok', reason: 'success', reasonCode: 0, id: 'forged-tx-1' };
    const res = await call(notify, req('/api/payments/epay/notify', { body: forged }), EPAY);
    expect(res.status, await res.clone().text()).toBe(200);
    // The bank, asked, says FAILED: the order is declined, never paid.
    expect(((await res.json()) as { result: string }).result).toBe('declined');
    const order = await orderOf(started.invoiceId);
    expect(order).toMatchObject({ status: 'declined', providerPaymentId: null });
    expect(await packagesOf(started.invoiceId)).toHaveLength(0);
    expect(await balance(t.db, ACCOUNTS.studentBalance(s.id))).toBe(0);
    expect(await t.db.select().from(fiscalReceipts).where(eq(fiscalReceipts.orderId, order.id))).toHaveLength(0);
    // Again, and from the job later: still nothing.
    await call(notify, req('/api/payments/epay/notify', { body: forged }), EPAY);
    expect((await orderOf(started.invoiceId)).status).toBe('declined');
    // Without the amount, with another amount or another terminal: refused outright.
    for (const bad of [{ ...forged, amount: undefined }, { ...forged, amount: 1 }, { ...forged, terminal: 'another-terminal' }, { ...forged, terminal: undefined }]) {
      expect((await call(notify, req('/api/payments/epay/notify', { body: bad }), EPAY)).status).toBe(400);
    }
    warn.mockRestore();
  });

  it('a transaction pays one order, and a refund reaches only the transaction that paid its own order (security C2)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const s = await student();
    // A, paid for real; the attacker keeps its notification (the real transaction id).
    const a = await start(s.token, { plan: 'basic' });
    const real = await leakNotification(a, APPROVE);
    // The genuine notification, handed on: the bank's answer credits A with its own transaction.
    await call(notify, req('/api/payments/epay/notify', { body: real }), EPAY);
    const orderA = await eventually(async () => {
      const o = await orderOf(a.invoiceId);
      return o.status === 'paid' ? o : null;
    });
    expect(orderA.providerPaymentId).toBe(real.id);
    // B, declined, its secret leaked; the forged "ok" names A's transaction: the bank's answer about B decides.
    const b = await start(s.token, { plan: 'basic' });
    const leakedB = await leakNotification(b, DECLINE);
    const forged = { ...leakedB, code: 'ok', reason: 'success', id: real.id, amount: b.amountTiyn / 100 };
    expect(((await (await call(notify, req('/api/payments/epay/notify', { body: forged }), EPAY)).json()) as { result: string }).result).toBe('declined');
    expect(await packagesOf(b.invoiceId)).toHaveLength(0);
    // The database holds one order per transaction whatever the code does.
    const orderB = await orderOf(b.invoiceId);
    await expect(t.db.update(paymentOrders).set({ providerPaymentId: real.id as string }).where(eq(paymentOrders.id, orderB.id))).rejects.toThrow();
    // C, paid for real; its stored transaction is changed under it: the refund asks the bank first,
    // finds the bank names another transaction for C's invoice, and goes to finance unsent.
    const c = await start(s.token, { plan: 'basic', subject: 'kazakh' });
    await payOnHostedPage(world.fake, c.start, APPROVE);
    const orderC = await eventually(async () => {
      const o = await orderOf(c.invoiceId);
      return o.status === 'paid' ? o : null;
    });
    await t.db.update(paymentOrders).set({ providerPaymentId: 'not-the-bank-s' }).where(eq(paymentOrders.id, orderC.id));
    const [pkgC] = await packagesOf(c.invoiceId);
    const res = await call(refundRoute, req(`/api/cabinet/packages/${pkgC!.lesson_packages.id}/refund`, { token: s.token, body: {} }), { id: String(pkgC!.lesson_packages.id) });
    expect(res.status).toBe(201);
    expect(((await res.json()) as { refund: { status: string } }).refund.status).toBe('review');
    const [refundC] = await t.db.select().from(paymentRefunds).where(eq(paymentRefunds.orderId, orderC.id));
    expect(refundC).toMatchObject({ status: 'review', lastError: 'the bank names another transaction for this invoice' });
    expect(world.fake.invoices.get(c.invoiceId)!.refunded ?? 0).toBe(0);
    expect(world.fake.invoices.get(a.invoiceId)!.refunded ?? 0).toBe(0);
    expect(await ledgerTotal(t.db)).toEqual({ total: 0, unbalancedTxns: 0 });
    warn.mockRestore();
  });

  it('a paid answer of another amount is not credited and reaches finance\'s list as "needs checking"', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const s = await student();
    const started = await start(s.token, { plan: 'basic' });
    await payOnHostedPage(world.fake, started.start, DROPPED);
    // The bank's record says 1 000 ₸ (a partial capture, a bank-side error): not the order's amount.
    world.fake.invoices.get(started.invoiceId)!.amount = 1000;
    expect((await resolvePendingPayments(t.db, new Date(Date.now() + 16 * 60_000))).amount_mismatch).toBeGreaterThanOrEqual(1);
    const order = await orderOf(started.invoiceId);
    expect(order).toMatchObject({ status: 'pending', anomaly: 'amount' });
    expect(await packagesOf(started.invoiceId)).toHaveLength(0);
    const { rows } = await viewPayments(t.db, { kind: 'staff', id: null, label: 'test', ipHash: null }, paymentsQuery.parse({ status: 'attention' }));
    expect(rows.map((r) => r.invoiceId)).toContain(started.invoiceId);
    expect(rows.find((r) => r.invoiceId === started.invoiceId)!.anomaly).toBe('amount');
    warn.mockRestore();
  });

  it('a limited promo code is used when paid, not by unpaid orders: a declined order gives its reservation back; once per student (security M1)', async () => {
    await t.db.insert(promoCodes).values({ code: 'LIM3', percentOff: 20, maxUses: 3 });
    const [s1, s2, s3, s4] = [await student(), await student(), await student(), await student()];
    const tryCode = (who: { token: string }) => call(checkout, req('/api/payments/checkout', { token: who.token, locale: 'en', body: { tutorId, subject: 'english', plan: 'basic', promoCode: 'lim3' } }));
    // One student's four unpaid orders hold one reservation, not four.
    const s1orders: { invoiceId: string; start: PaymentStart }[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await tryCode(s1);
      expect(res.status, await res.clone().text()).toBe(201);
      s1orders.push((await res.json()) as { invoiceId: string; start: PaymentStart });
    }
    expect((await tryCode(s2)).status).toBe(201);
    const s3order = (await (await tryCode(s3)).json()) as { invoiceId: string; start: PaymentStart };
    // Three students hold the three uses: the fourth is refused while they are pending.
    const refused = await tryCode(s4);
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as { error: { code: string; message: string } }).error).toMatchObject({ code: 'promo_exhausted' });
    // s1's orders are declined at the bank: the reservation comes back by itself.
    for (const o of s1orders) await payOnHostedPage(world.fake, o.start, DECLINE);
    await eventually(async () => (await Promise.all(s1orders.map((o) => orderOf(o.invoiceId)))).every((o) => o.status === 'declined'));
    const s4res = await tryCode(s4);
    expect(s4res.status).toBe(201);
    expect((await t.db.select().from(promoCodes).where(eq(promoCodes.code, 'LIM3')))[0]!.usedCount).toBe(0);
    // s3 pays: one use counted; s3 cannot use the code again.
    await payOnHostedPage(world.fake, s3order.start, APPROVE);
    await eventually(async () => (await orderOf(s3order.invoiceId)).status === 'paid');
    expect((await t.db.select().from(promoCodes).where(eq(promoCodes.code, 'LIM3')))[0]!.usedCount).toBe(1);
    const again = await tryCode(s3);
    expect(again.status).toBe(422);
    expect(((await again.json()) as { error: { code: string; message: string } }).error).toMatchObject({ code: 'promo_already_used', message: 'You have already used this promo code.' });
  });

  it('checkout is limited per student (pending orders at once) and a 100 % code is refused with a message, never a 500 (security M2, L1); guessing codes hits the promo limit (L3)', async () => {
    clockStandsStill(); // one fixed rate-limit window for every call below
    const s = await student();
    const go = (body: Record<string, unknown> = {}, ip?: string) => {
      const r = req('/api/payments/checkout', { token: s.token, body: { tutorId, subject: 'english', plan: 'basic', ...body } });
      if (ip) r.headers.set('x-forwarded-for', ip);
      return call(checkout, r);
    };
    for (let i = 0; i < 5; i++) expect((await go()).status).toBe(201);
    const sixth = await go();
    expect(sixth.status).toBe(429);
    expect(sixth.headers.get('retry-after')).toBeTruthy();
    // A 100 % code (the admin form allows it): 422 in the student's language, the quote says it does not apply.
    await t.db.insert(promoCodes).values({ code: 'FREE100', percentOff: 100 });
    const other = await student();
    const free = await call(checkout, req('/api/payments/checkout', { token: other.token, locale: 'ru', body: { tutorId, subject: 'english', plan: 'basic', promoCode: 'FREE100' } }));
    expect(free.status).toBe(422);
    expect(((await free.json()) as { error: { code: string } }).error.code).toBe('promo_not_applicable');
    const q = await call(quote, req('/api/payments/quote', { body: { tutorId, subject: 'english', plan: 'basic', promoCode: 'FREE100' } }));
    expect(((await q.json()) as { promo: { applies: boolean }; quote: { totalTiyn: number } })).toMatchObject({ promo: { applies: false }, quote: { totalTiyn: 4_800_000 } });
    // Guessing codes through the checkout from one address: the promo check's 30 in 10 minutes.
    const guesser = await student();
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) {
      const r = req('/api/payments/checkout', { token: guesser.token, body: { tutorId, subject: 'english', plan: 'basic', promoCode: `GUESS${i}` } });
      r.headers.set('x-forwarded-for', '10.99.1.1');
      statuses.push((await call(checkout, r)).status);
    }
    expect(statuses.filter((x) => x === 404).length).toBeLessThanOrEqual(6);
    expect(statuses).toContain(429);
  });

  it('out-of-order words from the bank: a decline after the payment changes nothing; a payment after the order expired credits it (the money decides); a late "ok" after a full refund credits nothing', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const s = await student();
    // Decline after paid: the bank's answer is CHARGE, the paid order stays paid, once.
    const a = await start(s.token, { plan: 'basic' });
    const real = await leakNotification(a, APPROVE);
    await call(notify, req('/api/payments/epay/notify', { body: real }), EPAY);
    expect((await orderOf(a.invoiceId)).status).toBe('paid');
    const late = await call(notify, req('/api/payments/epay/notify', { body: { ...real, code: 'error', reason: 'Declined', reasonCode: 2092 } }), EPAY);
    expect(late.status).toBe(200);
    expect((await orderOf(a.invoiceId)).status).toBe('paid');
    expect(await paymentTxns((await orderOf(a.invoiceId)).id)).toBe(1);
    // Paid after expired: abandoned, expired by the job, then charged at the bank (a late retry): credited.
    const b = await start(s.token, { plan: 'basic', subject: 'kazakh' });
    await payOnHostedPage(world.fake, b.start, 'cancel');
    await resolvePendingPayments(t.db, new Date(Date.now() + 4 * 3600_000));
    expect((await orderOf(b.invoiceId)).status).toBe('expired');
    const inv = world.fake.invoices.get(b.invoiceId)!;
    Object.assign(inv, { status: 'CHARGE', cardMask: '440563...5096', reason: 'success', reasonCode: 0, updatedAt: Date.now() });
    await call(notify, req('/api/payments/epay/notify', { body: world.fake.notificationOf(b.invoiceId) }), EPAY);
    expect((await orderOf(b.invoiceId)).status).toBe('paid');
    expect(await packagesOf(b.invoiceId)).toHaveLength(1);
    // Paid after a full refund: the bank says REFUND; a replayed "ok" credits nothing more.
    const [pkgB] = await packagesOf(b.invoiceId);
    const refund = await call(refundRoute, req(`/api/cabinet/packages/${pkgB!.lesson_packages.id}/refund`, { token: s.token, body: {} }), { id: String(pkgB!.lesson_packages.id) });
    expect(refund.status).toBe(201);
    expect((await orderOf(b.invoiceId)).status).toBe('refunded');
    const again = await call(notify, req('/api/payments/epay/notify', { body: world.fake.notificationOf(b.invoiceId) }), EPAY);
    expect(again.status).toBe(200);
    expect((await orderOf(b.invoiceId)).status).toBe('refunded');
    expect(await paymentTxns((await orderOf(b.invoiceId)).id)).toBe(1);
    expect(await ledgerTotal(t.db)).toEqual({ total: 0, unbalancedTxns: 0 });
    warn.mockRestore();
  });

  it('reconciliation finds and shows a difference with the bank: a payment whose notification never came, an order the bank says was refunded', async () => {
    const s = await student();
    const lost = await start(s.token, { plan: 'basic' });
    await payOnHostedPage(world.fake, lost.start, DROPPED);
    const kept = await start(s.token, { plan: 'basic', subject: 'kazakh' });
    await payOnHostedPage(world.fake, kept.start, APPROVE);
    await eventually(async () => (await orderOf(kept.invoiceId)).status === 'paid');
    // The bank's side of the second says refunded (a refund made in the bank's own cabinet).
    world.fake.invoices.get(kept.invoiceId)!.status = 'REFUND';
    const today = new Date().toISOString().slice(0, 10);
    const { differences } = await reconcile(t.db, { kind: 'staff', id: null, label: 'test', ipHash: null }, { from: addDays(today, -1), to: addDays(today, 1) }, new Date(Date.now() + 20 * 60_000));
    expect(differences).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ invoiceId: lost.invoiceId, ours: 'pending', provider: 'paid', kind: 'status' }),
        expect.objectContaining({ invoiceId: kept.invoiceId, ours: 'paid', provider: 'refunded', kind: 'status' }),
      ]),
    );
    // Shown to finance: the route answers the same differences.
    const finance = await enrolledStaff(t.db, { email: `recon-${s.id}@school.kz`, scopes: ['finance'] });
    const res = await call(reconcileRoute, staffRequest(`/api/admin/finance/reconciliation`, { method: 'POST', cookie: finance.cookie, body: { from: addDays(today, -1), to: addDays(today, 1) } }));
    expect(res.status, await res.clone().text()).toBe(200);
    expect(((await res.json()) as { differences: { invoiceId: string }[] }).differences.map((d) => d.invoiceId)).toEqual(expect.arrayContaining([kept.invoiceId]));
  });

  it("a student's cabinet lists their own payments only, pending ones included, never another student's", async () => {
    const [a, b] = [await student(), await student()];
    const mine = await start(a.token);
    const theirs = await start(b.token);
    for (const [who, own, other] of [[a, mine, theirs], [b, theirs, mine]] as const) {
      const money = (await (await call(cabinetPayments, req('/api/cabinet/payments', { token: who.token }))).json()) as { payments: { invoiceId: string; status: string }[] };
      expect(money.payments.map((p) => p.invoiceId)).toContain(own.invoiceId);
      expect(money.payments.map((p) => p.invoiceId)).not.toContain(other.invoiceId);
      expect(money.payments.every((p) => p.status === 'pending' || p.invoiceId !== other.invoiceId)).toBe(true);
    }
  });

  it('a declined card leaves no package and the order says declined; an abandoned payment leaves none and expires', async () => {
    const s = await student();
    const declined = await start(s.token);
    await payOnHostedPage(world.fake, declined.start, DECLINE);
    await eventually(async () => (await orderOf(declined.invoiceId)).status === 'declined');
    expect(await packagesOf(declined.invoiceId)).toHaveLength(0);
    const polled = (await (await call(orderRoute, req(`/api/payments/orders/${declined.invoiceId}`, { token: s.token }), { invoice: declined.invoiceId })).json()) as { status: string };
    expect(polled.status).toBe('declined');

    const abandoned = await start(s.token);
    const back = await payOnHostedPage(world.fake, abandoned.start, 'cancel');
    // By the failure link: the return page says the payment was not completed (no waiting on the bank).
    expect(back).toContain(`/checkout/return?invoice=${abandoned.invoiceId}&back=failed`);
    expect((await orderOf(abandoned.invoiceId)).status).toBe('pending');
    // The job, 4 hours later: the provider has no transaction, the token has long lapsed.
    await resolvePendingPayments(t.db, new Date(Date.now() + 4 * 3600_000));
    expect((await orderOf(abandoned.invoiceId)).status).toBe('expired');
    expect(await packagesOf(abandoned.invoiceId)).toHaveLength(0);
    expect(await balance(t.db, ACCOUNTS.studentBalance(s.id))).toBe(0);
  });

  it('the pending-payments job resolves a paid order whose notification never came', async () => {
    const s = await student();
    const started = await start(s.token, { plan: 'basic' });
    await payOnHostedPage(world.fake, started.start, DROPPED);
    expect((await orderOf(started.invoiceId)).status).toBe('pending');
    // Before 15 minutes the job leaves it to the notification.
    expect((await resolvePendingPayments(t.db, new Date(Date.now() + 60_000))).credited).toBeUndefined();
    const counts = await resolvePendingPayments(t.db, new Date(Date.now() + 16 * 60_000));
    expect(counts.credited).toBeGreaterThanOrEqual(1);
    expect((await orderOf(started.invoiceId)).status).toBe('paid');
    expect(await packagesOf(started.invoiceId)).toHaveLength(1);
    // The late notification afterwards credits nothing more.
    await fetch(`${world.fake.url}/_fake/notify/${started.invoiceId}`, { method: 'POST' });
    expect(await paymentTxns((await orderOf(started.invoiceId)).id)).toBe(1);
  });

  it('an approved card without 3-D Secure is credited from its notification', async () => {
    const s = await student();
    const started = await start(s.token, { plan: 'basic', subject: 'kazakh' });
    await payOnHostedPage(world.fake, started.start, APPROVE);
    await eventually(async () => (await orderOf(started.invoiceId)).status === 'paid');
    expect(await packagesOf(started.invoiceId)).toHaveLength(1);
  });

  it('the adapter refunds at the provider (partial, then the rest; a retry with the same id refunds once) and the status says so', async () => {
    const s = await student();
    const started = await start(s.token, { plan: 'basic' });
    await payOnHostedPage(world.fake, started.start, APPROVE);
    const order = await eventually(async () => {
      const o = await orderOf(started.invoiceId);
      return o.status === 'paid' ? o : null;
    });
    expect(order.providerPaymentId).toBeTruthy();
    const provider = paymentProvider()!;
    await provider.refund(order.providerPaymentId!, 600_000, `refund-${order.id}-1`);
    await provider.refund(order.providerPaymentId!, 600_000, `refund-${order.id}-1`);
    expect(world.fake.invoices.get(started.invoiceId)!.refunded).toBe(6000);
    expect((await provider.queryStatus(started.invoiceId)).state).toBe('paid');
    await provider.refund(order.providerPaymentId!, order.amountTiyn - 600_000, `refund-${order.id}-2`);
    expect((await provider.queryStatus(started.invoiceId)).state).toBe('refunded');
    await expect(provider.refund(order.providerPaymentId!, 100_000, `refund-${order.id}-3`)).rejects.toThrow(/HTTP 400/);
  });

  it('booking from the balance: each paid lesson takes one; 20 parallel bookings on the last lesson spend it once', async () => {
    const s = await student();
    const started = await start(s.token, { plan: 'basic' });
    await payOnHostedPage(world.fake, started.start, APPROVE);
    const [pkg] = await eventually(async () => {
      const rows = await packagesOf(started.invoiceId);
      return rows.length ? rows : null;
    });
    const packageId = pkg!.lesson_packages.id;
    const perLesson = pkg!.lesson_packages.perLessonTiyn;
    // Hourly starts: a 50-minute lesson never overlaps the next one.
    const slots = (await freeSlotsOfTutor(t.db, tutorId)).filter((d) => d.getUTCMinutes() === 0).slice(0, 27);
    expect(slots.length).toBe(27);
    const book = (startsAt: Date, key: string) => call(paidBooking, req('/api/booking/paid', { token: s.token, locale: 'en', body: { packageId, startsAt: startsAt.toISOString(), idempotencyKey: key } }));
    for (let i = 0; i < 7; i++) expect((await book(slots[i]!, `paid-key-${s.id}-${i}-xxxxxxxx`)).status).toBe(201);
    // Each paid booking tells both sides in the paid lessons' words (50 minutes, the 8-hour rule), with the .ics.
    const [firstLesson] = await t.db.select().from(lessons).where(and(eq(lessons.idempotencyKey, `paid-key-${s.id}-0-xxxxxxxx`), eq(lessons.studentId, s.id)));
    const told = await t.db
      .select({ role: lessonMessages.recipientRole, channel: outbox.channel, body: outbox.body, ics: outbox.ics })
      .from(lessonMessages)
      .innerJoin(outbox, eq(outbox.id, lessonMessages.outboxId))
      .where(and(eq(lessonMessages.lessonId, firstLesson!.id), eq(lessonMessages.purpose, 'booked')));
    expect(new Set(told.map((x) => x.role))).toEqual(new Set(['student', 'tutor']));
    for (const m of told) expect(m.body).not.toMatch(/пробн|trial|сынақ/i);
    const mail = told.find((m) => m.channel === 'email');
    if (mail) {
      expect(mail.body).toMatch(/50/);
      expect(mail.ics).toContain('BEGIN:VEVENT');
    }
    // A retry with the same key answers the same lesson and spends nothing.
    const again = await book(slots[0]!, `paid-key-${s.id}-0-xxxxxxxx`);
    expect(again.status).toBe(200);
    expect(await balance(t.db, ACCOUNTS.studentBalance(s.id), packageId)).toBe(perLesson);
    const answers = await Promise.all(slots.slice(7).map((slot, i) => book(slot, `paid-last-${s.id}-${i}-xxxxxxxx`)));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((x) => x === 201)).toHaveLength(1);
    expect(statuses.filter((x) => x === 409)).toHaveLength(19);
    const refused = await Promise.all(answers.filter((r) => r.status === 409).map(async (r) => ((await r.json()) as { error: { code: string; message: string } }).error));
    expect(refused.every((e) => e.code === 'package_empty' && e.message === 'There are no lessons left in this package. Buy a new package to book.')).toBe(true);
    expect(await balance(t.db, ACCOUNTS.studentBalance(s.id), packageId)).toBe(0);
    expect(await t.db.select().from(lessons).where(and(eq(lessons.packageId, packageId), eq(lessons.kind, 'paid')))).toHaveLength(8);
    expect(await balance(t.db, ACCOUNTS.schoolRevenue)).toBeGreaterThanOrEqual(8 * perLesson);
    const money = (await (await call(cabinetPayments, req('/api/cabinet/payments', { token: s.token }))).json()) as { packages: { lessonsLeft: number }[] };
    expect(money.packages[0]!.lessonsLeft).toBe(0);
    expect(await ledgerTotal(t.db)).toEqual({ total: 0, unbalancedTxns: 0 });
    // Another student's package is not theirs to spend.
    const other = await student();
    expect((await call(paidBooking, req('/api/booking/paid', { token: other.token, body: { packageId, startsAt: slots[26]!.toISOString(), idempotencyKey: `paid-other-${other.id}-xxxxxxxx` } }))).status).toBe(404);
  });

  it('a tutor sees their plan\'s fee and what they earn per lesson before the first paid one; a student gets 403', async () => {
    const { accessToken } = await openSession(t.db, { id: tutorId, scope: 'tutor tutor:bookable' });
    const res = await call(earnings, req('/api/cabinet/earnings', { token: accessToken }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ plan: 'basic', feePercent: 50, price: 6000, earningTiyn: 300_000, month: { month: expect.stringMatching(/^\d{4}-\d{2}$/), lessons: 0, earningTiyn: 0 }, statements: [] });
    const s = await student();
    expect((await call(earnings, req('/api/cabinet/earnings', { token: s.token }))).status).toBe(403);
    // One month's lessons: the tutor's own (none yet), a student 403, a month outside the last 12 a 422.
    const month = new Date().toISOString().slice(0, 7);
    const own = await call(earningsMonth, req(`/api/cabinet/earnings/${month}`, { token: accessToken }), { month });
    expect(own.status).toBe(200);
    expect(((await own.json()) as { lessons: unknown[] }).lessons).toEqual([]);
    expect((await call(earningsMonth, req(`/api/cabinet/earnings/${month}`, { token: s.token }), { month })).status).toBe(403);
    expect((await call(earningsMonth, req('/api/cabinet/earnings/1999-01', { token: accessToken }), { month: '1999-01' })).status).toBe(422);
  });

  it('a refund of the unused lessons by the offer: paid − spent × the package\'s price, to the card through the provider, retried when the bank is down, once per package', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const s = await student();
    const started = await start(s.token, { plan: 'basic' });
    await payOnHostedPage(world.fake, started.start, APPROVE);
    const [pkg] = await eventually(async () => {
      const rows = await packagesOf(started.invoiceId);
      return rows.length ? rows : null;
    });
    const packageId = pkg!.lesson_packages.id;
    const slots = (await freeSlotsOfTutor(t.db, tutorId)).filter((d) => d.getUTCMinutes() === 0).slice(-2);
    for (const [i, slot] of slots.entries()) {
      expect((await call(paidBooking, req('/api/booking/paid', { token: s.token, body: { packageId, startsAt: slot.toISOString(), idempotencyKey: `refund-case-${s.id}-${i}-xxxxxxxx` } }))).status).toBe(201);
    }
    // The refund is asked on a fixed clock (below); both lessons start within 8 hours of it (as if
    // booked days before): spent by the rules, the refund leaves them.
    const askedAt = new Date('2025-11-29T19:50:00Z');
    const booked = await t.db.select({ id: lessons.id }).from(lessons).where(and(eq(lessons.packageId, packageId), eq(lessons.status, 'booked')));
    for (const [i, { id }] of booked.entries()) {
      const at = new Date(askedAt.getTime() + (2 + i) * 3_600_000);
      await t.db.update(lessons).set({ startsAt: at, endsAt: new Date(at.getTime() + 50 * 60_000) }).where(eq(lessons.id, id));
    }
    // The bank is unreachable for the first try: the refund waits, the money is already out of the balance.
    const api = process.env.EPAY_API_URL;
    process.env.EPAY_API_URL = 'http://127.0.0.1:9';
    // Asked on a fixed clock, never today's: Sunday 30 November 2025, 00:50 in Almaty (19:50 UTC the
    // day before), before the lessons just booked start. 10 business days from a Sunday are the
    // second Friday after it, 12 days on, at the same time of day (issue 31: the test measured from
    // the real clock and failed every Sunday).
    vi.useFakeTimers({ now: askedAt, toFake: ['Date'] });
    let res: Response;
    try {
      res = await call(refundRoute, req(`/api/cabinet/packages/${packageId}/refund`, { token: s.token, body: {} }), { id: String(packageId) });
    } finally {
      vi.useRealTimers();
      process.env.EPAY_API_URL = api;
    }
    expect(res.status).toBe(201);
    const { refund } = (await res.json()) as { refund: { id: number; amountTiyn: number; lessons: number; status: string; dueBy: string } };
    // Basic at 6 000 ₸: 8 × 6 000 = 48 000 ₸ paid, 2 lessons spent → 36 000 ₸ for 6 lessons.
    expect(refund).toMatchObject({ amountTiyn: 3_600_000, lessons: 6, status: 'requested' });
    expect(refund.dueBy).toBe('2025-12-11T19:50:00.000Z'); // Friday 12 December, 00:50 in Almaty
    expect(await balance(t.db, ACCOUNTS.studentBalance(s.id), packageId)).toBe(0);
    expect((await call(paidBooking, req('/api/booking/paid', { token: s.token, body: { packageId, startsAt: slots[0]!.toISOString(), idempotencyKey: `refund-after-${s.id}-xxxxxxxx` } }))).status).toBe(409);
    expect((await call(refundRoute, req(`/api/cabinet/packages/${packageId}/refund`, { token: s.token, locale: 'kk', body: {} }), { id: String(packageId) })).status).toBe(409);
    // The job's retry: the bank takes it, once.
    expect(await resendRefunds(t.db, new Date(Date.now() + 120_000))).toBe(1);
    expect(await resendRefunds(t.db, new Date(Date.now() + 240_000))).toBe(0);
    expect(world.fake.invoices.get(started.invoiceId)!.refunded).toBe(36000);
    const [row] = await t.db.select().from(paymentRefunds).where(eq(paymentRefunds.id, refund.id));
    expect(row).toMatchObject({ status: 'done', attempts: 2 });
    // Refunds due hold only the refunds still open (other tests' ones waiting for finance), none of this one.
    const open = await t.db.select({ amount: paymentRefunds.amountTiyn }).from(paymentRefunds).where(sql`${paymentRefunds.status} in ('review', 'requested')`);
    expect(await balance(t.db, ACCOUNTS.refundsDue)).toBe(open.reduce((sum, r) => sum + r.amount, 0));
    expect(await ledgerTotal(t.db)).toEqual({ total: 0, unbalancedTxns: 0 });
    // Someone else's package: 404.
    const other = await student();
    expect((await call(refundRoute, req(`/api/cabinet/packages/${packageId}/refund`, { token: other.token, body: {} }), { id: String(packageId) })).status).toBe(404);
    warn.mockRestore();
  });

  it('a refund includes the booked lessons the cancel rule gives back: the dialog names them and those it leaves; they are cancelled, the rest stay (the walk: 5 booked lessons were left out)', async () => {
    const s = await student();
    const started = await start(s.token, { plan: 'basic', subject: 'kazakh' });
    await payOnHostedPage(world.fake, started.start, APPROVE);
    const [pkg] = await eventually(async () => {
      const rows = await packagesOf(started.invoiceId);
      return rows.length ? rows : null;
    });
    const packageId = pkg!.lesson_packages.id;
    const per = pkg!.lesson_packages.perLessonTiyn;
    const slots = (await freeSlotsOfTutor(t.db, tutorId)).filter((d) => d.getUTCMinutes() === 0).slice(-12, -7);
    const booked: number[] = [];
    for (const [i, slot] of slots.entries()) {
      const res = await call(paidBooking, req('/api/booking/paid', { token: s.token, body: { packageId, startsAt: slot.toISOString(), idempotencyKey: `refund-ahead-${s.id}-${i}-xxxxxxxx` } }));
      expect(res.status).toBe(201);
      booked.push(((await res.json()) as { lesson: { id: number } }).lesson.id);
    }
    // Two of the five are moved to start within 8 hours (as if booked days ago): those stay.
    const soon = new Date(Date.now() + 5 * 3_600_000);
    for (const [i, id] of booked.slice(0, 2).entries()) {
      const at = new Date(soon.getTime() + i * 3_600_000);
      await t.db.update(lessons).set({ startsAt: at, endsAt: new Date(at.getTime() + 50 * 60_000) }).where(eq(lessons.id, id));
    }
    const preview = await call(refundRoute, req(`/api/cabinet/packages/${packageId}/refund`, { token: s.token }), { id: String(packageId) });
    expect(preview.status).toBe(200);
    const p = (await preview.json()) as { amountTiyn: number; lessons: number; left: number; cancel: { id: number }[]; keep: { id: number }[] };
    expect(p).toMatchObject({ left: 3, lessons: 6, amountTiyn: 6 * per });
    expect(p.cancel.map((l) => l.id).sort()).toEqual(booked.slice(2).sort());
    expect(p.keep.map((l) => l.id).sort()).toEqual(booked.slice(0, 2).sort());
    // The cabinet shows the booked lessons beside the ones left.
    const money = (await (await call(cabinetPayments, req('/api/cabinet/payments', { token: s.token }))).json()) as { packages: { id: number; lessonsLeft: number; bookedAhead: number }[] };
    expect(money.packages.find((x) => x.id === packageId)).toMatchObject({ lessonsLeft: 3, bookedAhead: 5 });
    const res = await call(refundRoute, req(`/api/cabinet/packages/${packageId}/refund`, { token: s.token, body: {} }), { id: String(packageId) });
    expect(res.status).toBe(201);
    expect(((await res.json()) as { refund: { amountTiyn: number; lessons: number } }).refund).toMatchObject({ amountTiyn: 6 * per, lessons: 6 });
    const after = await t.db.select({ id: lessons.id, status: lessons.status }).from(lessons).where(eq(lessons.packageId, packageId));
    expect(after.filter((l) => l.status === 'cancelled').map((l) => l.id).sort()).toEqual(booked.slice(2).sort());
    expect(after.filter((l) => l.status === 'booked').map((l) => l.id).sort()).toEqual(booked.slice(0, 2).sort());
    expect(await balance(t.db, ACCOUNTS.studentBalance(s.id), packageId)).toBe(0);
    expect(await ledgerTotal(t.db)).toEqual({ total: 0, unbalancedTxns: 0 });
    // Someone else cannot see the preview of this package.
    const other = await student();
    expect((await call(refundRoute, req(`/api/cabinet/packages/${packageId}/refund`, { token: other.token }), { id: String(packageId) })).status).toBe(404);
  });

  it('the ledger: every transaction sums to zero and the whole ledger too; an unbalanced one is refused by the database', async () => {
    expect(await ledgerTotal(t.db)).toEqual({ total: 0, unbalancedTxns: 0 });
    await expect(post(t.db, 'payment', [{ account: ACCOUNTS.providerClearing, amountTiyn: -100 }, { account: ACCOUNTS.schoolRevenue, amountTiyn: 99 }])).rejects.toThrow(/sums to zero/);
    await expect(
      t.db.transaction(async (tx) => {
        await tx.insert(ledgerEntries).values({ txnId: '00000000-0000-4000-8000-000000000001', account: ACCOUNTS.schoolRevenue, amountTiyn: 500, kind: 'payment' });
      }),
    ).rejects.toThrow();
    await expect(t.db.update(ledgerEntries).set({ amountTiyn: 1 }).where(sql`true`)).rejects.toThrow();
    expect(await ledgerTotal(t.db)).toEqual({ total: 0, unbalancedTxns: 0 });
  });

  it('bad input is a 4xx in the caller\'s language: a tutor who cannot be bought from, a subject they do not teach, a promo code for another plan, no sign-in', async () => {
    const s = await student();
    const other = await insertTestUser(t.db, { role: 'tutor', scope: 'tutor', phone: phone() });
    let res = await call(checkout, req('/api/payments/checkout', { token: s.token, locale: 'kk', body: { tutorId: other, subject: 'english', plan: 'basic' } }));
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { message: string } }).error.message).toContain('репетитордан');
    // Bookable, priced and published, but with no schedule: no free time, so no package (the walk paid 56 000 ₸ for one).
    const idle = await insertTestUser(t.db, { role: 'tutor', scope: 'tutor tutor:bookable', phone: phone() });
    const profile = { ...emptyProfile(), price: 6000, subjects: ['english'] as never, teachingLanguages: ['ru'] as never };
    await t.db.insert(tutorProfiles).values({ userId: idle, slug: `idle-${idle}`, draft: profile, published: profile, publishedAt: new Date() });
    res = await call(checkout, req('/api/payments/checkout', { token: s.token, body: { tutorId: idle, subject: 'english', plan: 'basic' } }));
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('tutor_not_purchasable');
    res = await call(checkout, req('/api/payments/checkout', { token: s.token, body: { tutorId, subject: 'physics', plan: 'basic' } }));
    expect(res.status).toBe(422);
    await t.db.insert(promoCodes).values({ code: 'ONLYBASIC', percentOff: 20, plans: ['basic'] });
    res = await call(checkout, req('/api/payments/checkout', { token: s.token, locale: 'en', body: { tutorId, subject: 'english', plan: 'intensive', promoCode: 'onlybasic' } }));
    expect(res.status).toBe(422);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('promo_not_applicable');
    res = await call(checkout, req('/api/payments/checkout', { body: { tutorId, subject: 'english', plan: 'basic' } }));
    expect(res.status).toBe(401);
    res = await call(checkout, req('/api/payments/checkout', { token: s.token, body: { tutorId, subject: 'english', plan: 'gold' } }));
    expect(res.status).toBe(422);
    expect(await t.db.select().from(paymentOrders).where(eq(paymentOrders.studentId, s.id))).toHaveLength(0);
  });
});
