import { and, eq, sql } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openSession } from '@/lib/auth/http';
import { ledgerEntries, lessonMessages, lessonPackages, lessons, outbox, paymentOrders, paymentRefunds, promoCodes, providerEvents } from '@/lib/db/schema';
import { freeSlotsOfTutor } from '@/lib/marketplace/availability';
import { ACCOUNTS, balance, ledgerTotal, post } from '@/lib/payments/ledger';
import { paymentProvider } from '@/lib/payments/config';
import { resolvePendingPayments } from '@/lib/payments/events';
import { resendRefunds } from '@/lib/payments/refunds';
import type { PaymentStart } from '@/lib/payments/provider';
import { dbLabel, insertTestUser, useTestDb } from '@/test/db';
import { eventually, payOnHostedPage, purchasableTutor, startPaymentWorld, type PaymentWorld } from '@/test/payments';
import { call } from '@/test/staff';
import { POST as paidBooking } from '../booking/paid/route';
import { GET as earnings } from '../cabinet/earnings/route';
import { POST as refundRoute } from '../cabinet/packages/[id]/refund/route';
import { GET as cabinetPayments } from '../cabinet/payments/route';
import { POST as checkout } from './checkout/route';
import { POST as notify } from './epay/notify/route';
import { GET as orderRoute } from './orders/[invoice]/route';
import { POST as quote } from './quote/route';

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
    const [promo] = await t.db.select().from(promoCodes).where(eq(promoCodes.code, 'PAY10'));
    expect(promo!.usedCount).toBe(1);

    const back = await payOnHostedPage(world.fake, started.start, THREE_DS);
    expect(back).toBe(`${world.origin}/kk/checkout/return?invoice=${started.invoiceId}`);
    await eventually(async () => (await orderOf(started.invoiceId)).status === 'paid');
    const polled = (await (await call(orderRoute, req(`/api/payments/orders/${started.invoiceId}`, { token: s.token }), { invoice: started.invoiceId })).json()) as { status: string };
    expect(polled.status).toBe('paid');

    const money = (await (await call(cabinetPayments, req('/api/cabinet/payments', { token: s.token }))).json()) as { packages: { lessonsLeft: number; lessonsTotal: number; validUntil: string }[]; payments: { status: string }[] };
    expect(money.packages).toHaveLength(1);
    expect(money.packages[0]).toMatchObject({ lessonsLeft: 16, lessonsTotal: 16 });
    const months = (Date.parse(money.packages[0]!.validUntil) - Date.now()) / (30.4 * 86_400_000);
    expect(months).toBeGreaterThan(2.9);
    expect(months).toBeLessThan(3.1);
    expect(money.payments[0]!.status).toBe('paid');
    expect(await balance(t.db, ACCOUNTS.studentBalance(s.id))).toBe(8_208_000);
    expect(await ledgerTotal(t.db)).toEqual({ total: 0, unbalancedTxns: 0 });
    // The stored notification keeps no card data: the masked number cut to its last four digits, no secret.
    const [event] = await t.db.select().from(providerEvents).where(eq(providerEvents.paymentId, started.invoiceId));
    expect(event!.payload).toMatchObject({ card: '…6736', code: 'ok' });
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
    const res = await call(notify, req('/api/payments/epay/notify', { body: forged, locale: 'en' }));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string; message: string } }).error).toMatchObject({ code: 'payment_notification_invalid', message: 'The payment notification did not pass the check.' });
    expect(warn.mock.calls.some(([line]) => String(line).includes(`refused a epay notification for invoice ${started.invoiceId}: bad secret`))).toBe(true);
    // The log line never carries the body (no secret, no amount).
    expect(warn.mock.calls.flat().join(' ')).not.toContain('guessed-secret');
    expect((await orderOf(started.invoiceId)).status).toBe('pending');
    expect(await packagesOf(started.invoiceId)).toHaveLength(0);
    expect(await t.db.select().from(providerEvents).where(eq(providerEvents.paymentId, started.invoiceId))).toHaveLength(0);
    // Without any secret, and for an unknown invoice, alike.
    expect((await call(notify, req('/api/payments/epay/notify', { body: { ...forged, secret_hash: undefined } }))).status).toBe(400);
    expect((await call(notify, req('/api/payments/epay/notify', { body: { ...forged, invoiceId: '999999999' } }))).status).toBe(400);
    warn.mockRestore();
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
    // The bank is unreachable for the first try: the refund waits, the money is already out of the balance.
    const api = process.env.EPAY_API_URL;
    process.env.EPAY_API_URL = 'http://127.0.0.1:9';
    // Asked on a fixed clock, never today's: Sunday 30 November 2025, 00:50 in Almaty (19:50 UTC the
    // day before), before the lessons just booked start. 10 business days from a Sunday are the
    // second Friday after it, 12 days on, at the same time of day (issue 31: the test measured from
    // the real clock and failed every Sunday).
    vi.useFakeTimers({ now: new Date('2025-11-29T19:50:00Z'), toFake: ['Date'] });
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
    expect(await balance(t.db, ACCOUNTS.refundsDue)).toBe(0);
    expect(await ledgerTotal(t.db)).toEqual({ total: 0, unbalancedTxns: 0 });
    // Someone else's package: 404.
    const other = await student();
    expect((await call(refundRoute, req(`/api/cabinet/packages/${packageId}/refund`, { token: other.token, body: {} }), { id: String(packageId) })).status).toBe(404);
    warn.mockRestore();
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
