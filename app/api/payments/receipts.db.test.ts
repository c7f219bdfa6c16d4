import { and, eq, inArray } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openSession } from '@/lib/auth/http';
import { fiscalReceipts, lessonPackages, outbox, paymentOrders } from '@/lib/db/schema';
import { cashRegister } from '@/lib/payments/config';
import { issuePendingReceipts } from '@/lib/payments/receipts';
import type { PaymentStart } from '@/lib/payments/provider';
import { startFakeWebkassa, type FakeWebkassa } from '@/scripts/fakes/webkassa.mjs';
import { dbLabel, insertTestUser, useTestDb } from '@/test/db';
import { eventually, payOnHostedPage, purchasableTutor, startPaymentWorld, type PaymentWorld } from '@/test/payments';
import { call } from '@/test/staff';
import { POST as refundRoute } from '../cabinet/packages/[id]/refund/route';
import { GET as cabinetPayments } from '../cabinet/payments/route';
import { POST as checkout } from './checkout/route';

let n = 0;
const phone = () => `+7705${String(50_000_000 + ++n).slice(1)}`;
const APPROVE = '4405 6397 0401 5096';
const MIN = 60_000;

function req(path: string, opts: { body?: unknown; token?: string } = {}) {
  const headers = new Headers({ 'accept-language': 'ru', 'x-forwarded-for': `10.26.${n & 255}.${(n * 5) & 255}` });
  if (opts.body !== undefined) headers.set('content-type', 'application/json');
  if (opts.token) headers.set('authorization', `Bearer ${opts.token}`);
  return new NextRequest(`http://localhost${path}`, { method: opts.body === undefined ? 'GET' : 'POST', headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) });
}

/**
 * Fiscal receipts (issue 24; docs/payments.md, "Fiscal receipts"): one per payment and per refund,
 * stored with the money, issued at the register (the local fake of Webkassa over real HTTP) once,
 * retried while it is down, and the link sent to the buyer through the outbox, once.
 */
describe(`fiscal receipts of payments and refunds (${dbLabel()})`, () => {
  const t = useTestDb({ asAppDb: true });
  let world: PaymentWorld;
  let kassa: FakeWebkassa;
  let tutorId: number;

  beforeAll(async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    world = await startPaymentWorld();
    kassa = await startFakeWebkassa();
    Object.assign(process.env, kassa.env);
    tutorId = await purchasableTutor(t.db, { phone: phone(), price: 6000 });
  });
  afterAll(async () => {
    for (const k of Object.keys(kassa.env)) delete process.env[k];
    await kassa.close();
    await world.close();
  });

  async function paidStudent() {
    const email = `receipt${++n}@example.kz`;
    const p = phone();
    const id = await insertTestUser(t.db, { phone: p, email, locale: 'ru' });
    const { accessToken } = await openSession(t.db, { id, scope: 'student' });
    const res = await call(checkout, req('/api/payments/checkout', { token: accessToken, body: { tutorId, subject: 'english', plan: 'basic' } }));
    expect(res.status).toBe(201);
    const started = (await res.json()) as { invoiceId: string; start: PaymentStart };
    await payOnHostedPage(world.fake, started.start, APPROVE);
    const order = await eventually(async () => (await t.db.select().from(paymentOrders).where(and(eq(paymentOrders.invoiceId, started.invoiceId), eq(paymentOrders.status, 'paid'))))[0]);
    return { id, email, phone: p, token: accessToken, order };
  }
  const receiptsOf = (orderId: number) => t.db.select().from(fiscalReceipts).where(eq(fiscalReceipts.orderId, orderId)).orderBy(fiscalReceipts.id);
  const messagesTo = (s: { email: string; phone: string }) => t.db.select().from(outbox).where(inArray(outbox.recipient, [s.email, s.phone]));

  it('a payment: the receipt is stored with the money, issued once however many passes run at once, and its link goes out by SMS and e-mail once', async () => {
    const s = await paidStudent();
    const [stored] = await receiptsOf(s.order.id);
    expect(stored).toMatchObject({ kind: 'sale', status: 'pending', amountTiyn: s.order.amountTiyn, externalNumber: `tilmen-sale-${s.order.id}` });
    // Three passes at once (three instances' jobs): the register makes one receipt, the buyer gets one link.
    await Promise.all([issuePendingReceipts(t.db), issuePendingReceipts(t.db), issuePendingReceipts(t.db)]);
    await issuePendingReceipts(t.db);
    const [issued] = await receiptsOf(s.order.id);
    expect(issued).toMatchObject({ status: 'issued', lastError: null });
    expect(issued!.ticketUrl).toMatch(new RegExp(`^${kassa.url}/Ticket\\?chb=SWK\\d+&extnum=`));
    const atRegister = kassa.checks.get(`tilmen-sale-${s.order.id}`)!;
    expect(atRegister).toMatchObject({ operation: 'sale', total: 48_000, email: s.email, phone: s.phone });
    const messages = await messagesTo(s);
    expect(messages.map((m) => m.channel).sort()).toEqual(['email', 'sms']);
    for (const m of messages) expect(m.body).toContain(issued!.ticketUrl!);
    expect(messages.find((m) => m.channel === 'email')!.subject).toMatch(/чек/i);
    // The receipt page opens; the cabinet's payments list links it.
    expect((await fetch(issued!.ticketUrl!)).status).toBe(200);
    const money = (await (await call(cabinetPayments, req('/api/cabinet/payments', { token: s.token }))).json()) as { payments: { receipts: { kind: string; url: string | null }[] }[] };
    expect(money.payments[0]!.receipts).toEqual([{ kind: 'sale', amountTiyn: s.order.amountTiyn, url: issued!.ticketUrl }]);
  });

  it('the register down: the receipt waits, stored, and the job tries again later with a growing pause until it is issued', async () => {
    const s = await paidStudent();
    kassa.control.down = true;
    const now = Date.now();
    expect(await issuePendingReceipts(t.db, new Date(now))).toBe(0);
    let [r] = await receiptsOf(s.order.id);
    expect(r).toMatchObject({ status: 'pending', attempts: 1 });
    expect(r!.lastError).toMatch(/HTTP 503/);
    expect(r!.nextAttemptAt.getTime()).toBeGreaterThan(now);
    // Not due yet: nothing is tried.
    expect(await issuePendingReceipts(t.db, new Date(now + 10_000))).toBe(0);
    expect((await receiptsOf(s.order.id))[0]!.attempts).toBe(1);
    expect(await issuePendingReceipts(t.db, new Date(now + 2 * MIN))).toBe(0);
    [r] = await receiptsOf(s.order.id);
    expect(r!.attempts).toBe(2);
    expect(r!.nextAttemptAt.getTime() - (now + 2 * MIN)).toBeGreaterThanOrEqual(2 * MIN - 1000);
    expect(await messagesTo(s)).toHaveLength(0);
    kassa.control.down = false;
    expect(await issuePendingReceipts(t.db, new Date(now + 10 * MIN))).toBeGreaterThanOrEqual(1);
    [r] = await receiptsOf(s.order.id);
    expect(r).toMatchObject({ status: 'issued', attempts: 3 });
    expect(await messagesTo(s)).toHaveLength(2);
  });

  it('a refund: when the bank takes it, its receipt (a sale return) is stored, issued and sent; the cabinet lists both receipts', async () => {
    const s = await paidStudent();
    await issuePendingReceipts(t.db);
    const [pkg] = await t.db.select().from(lessonPackages).where(eq(lessonPackages.orderId, s.order.id));
    const res = await call(refundRoute, req(`/api/cabinet/packages/${pkg!.id}/refund`, { token: s.token, body: {} }), { id: String(pkg!.id) });
    expect(res.status).toBe(201);
    const { refund } = (await res.json()) as { refund: { id: number; status: string; amountTiyn: number } };
    expect(refund.status).toBe('done');
    const receipts = await receiptsOf(s.order.id);
    expect(receipts.map((r) => [r.kind, r.status])).toEqual([
      ['sale', 'issued'],
      ['sale_return', 'pending'],
    ]);
    expect(receipts[1]).toMatchObject({ refundId: refund.id, amountTiyn: refund.amountTiyn, externalNumber: `tilmen-return-${refund.id}` });
    await issuePendingReceipts(t.db);
    await issuePendingReceipts(t.db);
    expect(kassa.checks.get(`tilmen-return-${refund.id}`)).toMatchObject({ operation: 'sale_return', total: refund.amountTiyn / 100 });
    const returned = (await receiptsOf(s.order.id))[1]!;
    expect(returned.status).toBe('issued');
    const messages = await messagesTo(s);
    expect(messages.filter((m) => m.body.includes(returned.ticketUrl!)).map((m) => m.channel).sort()).toEqual(['email', 'sms']);
    expect(messages).toHaveLength(4);
    const money = (await (await call(cabinetPayments, req('/api/cabinet/payments', { token: s.token }))).json()) as { payments: { status: string; receipts: { kind: string; url: string | null }[] }[] };
    expect(money.payments[0]!.status).toBe('refunded');
    expect(money.payments[0]!.receipts.map((r) => [r.kind, r.url])).toEqual([
      ['sale', receipts[0]!.ticketUrl],
      ['sale_return', returned.ticketUrl],
    ]);
  });

  it('a session token the register expired is renewed once and the receipt issued', async () => {
    const s = await paidStudent();
    await fetch(`${kassa.url}/_fake/control`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ expireTokens: true }) });
    expect(await issuePendingReceipts(t.db)).toBeGreaterThanOrEqual(1);
    expect((await receiptsOf(s.order.id))[0]!.status).toBe('issued');
  });

  it('a receipt made by a try whose answer was lost: the register refuses the repeated external number (code 14, as the public client documents), and the receipt is taken as made, its link the ticket page by that number; none is made twice', async () => {
    const register = cashRegister()!;
    const request = { kind: 'sale' as const, amountTiyn: 4_000_000, item: 'Tilmen: 8 уроков', externalNumber: `tilmen-lost-${Date.now()}`, customerEmail: null, customerPhone: null };
    const first = await register.issue(request);
    const again = await register.issue(request);
    expect(again.ticketUrl).toBe(first.ticketUrl);
    expect((await fetch(again.ticketUrl)).status).toBe(200);
    const state = (await (await fetch(`${kassa.url}/_fake/control`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).json()) as { checks: number };
    const before = state.checks;
    await register.issue(request);
    expect(((await (await fetch(`${kassa.url}/_fake/control`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).json()) as { checks: number }).checks).toBe(before);
  });
});
