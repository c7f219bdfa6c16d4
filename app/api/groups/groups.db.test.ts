import { eq } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openSession } from '@/lib/auth/http';
import { groupSeats, paymentOrders, tutorApplications, tutorProfiles } from '@/lib/db/schema';
import { reconcileOrder } from '@/lib/payments/events';
import type { PaymentStart } from '@/lib/payments/provider';
import { emptyProfile } from '@/lib/validations/tutor-profile';
import { startFakeEpay, type FakeEpay } from '@/scripts/fakes/epay.mjs';
import { dbLabel, insertTestUser, useTestDb } from '@/test/db';
import { payOnHostedPage } from '@/test/payments';
import { call, enrolledStaff, staffRequest } from '@/test/staff';
import { POST as createRoute } from '../admin/groups/route';
import { POST as cancelRoute } from '../admin/groups/[id]/cancel/route';
import { POST as openRoute } from '../admin/groups/[id]/open/route';
import { PUT as teachesRoute } from '../admin/groups/tutors/[id]/route';
import { GET as cabinetGroups } from '../cabinet/groups/route';
import { GET as cabinetSeats } from '../cabinet/groups/seats/route';
import { POST as checkoutRoute } from './[id]/checkout/route';
import { POST as leaveRoute } from './[id]/leave/route';
import { GET as pageRoute } from './[id]/route';
import { DELETE as unwaitRoute, POST as waitRoute } from './[id]/waitlist/route';
import { GET as listRoute } from './route';

/**
 * The groups' calls end to end through their handlers: sales creates, opens and cancels a group;
 * the public list and page; a student's checkout of a seat, the waitlist, leaving with a refund, the
 * cabinet's groups. The group is dated far ahead (2040) so the handlers' own clock sees it to come.
 */
describe(`the groups' calls (${dbLabel()})`, () => {
  const t = useTestDb({ asAppDb: true });
  let fake: FakeEpay;
  let sales = '';
  let groupId = 0;
  let n = 0;

  beforeAll(async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    fake = await startFakeEpay({ lateMs: 300 });
    Object.assign(process.env, fake.env, { PAYMENT_SITE_ORIGIN: 'http://127.0.0.1:9' });
    sales = (await enrolledStaff(t.db, { email: 'sales-groups@school.kz', scopes: ['sales'] })).cookie;
  });
  afterAll(async () => {
    for (const k of [...Object.keys(fake.env), 'PAYMENT_SITE_ORIGIN']) delete process.env[k];
    await fake.close();
  });

  const req = (path: string, opts: { token?: string; method?: string; body?: unknown } = {}) => {
    const headers = new Headers({ 'accept-language': 'ru', 'x-forwarded-for': `10.33.0.${++n}` });
    if (opts.token) headers.set('authorization', `Bearer ${opts.token}`);
    if (opts.body !== undefined) headers.set('content-type', 'application/json');
    return new NextRequest(`http://localhost${path}`, { method: opts.method ?? 'GET', headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) });
  };
  async function student() {
    const id = await insertTestUser(t.db, { phone: `+7703${String(1_000_000 + ++n)}`, email: `g${n}@example.kz` });
    return { id, token: (await openSession(t.db, { id, scope: 'student' })).accessToken };
  }

  it('sales makes a tutor a group tutor, creates a group (a draft, not public) and opens it', async () => {
    const tutorId = await insertTestUser(t.db, { role: 'tutor', scope: 'tutor', phone: '+77039990001', name: 'Асель', lastname: 'Нұрова' });
    await t.db.insert(tutorApplications).values({ userId: tutorId, status: 'approved', reviewDueAt: new Date(0), decidedAt: new Date(0) });
    await t.db.insert(tutorProfiles).values({ userId: tutorId, slug: `asel-${tutorId}`, draft: emptyProfile(), published: null });
    const body = { subject: 'kazakh', level: 'A2', ageBand: 'adults', tutorId, weekdays: [2, 4], startTime: '18:30', startDate: '2040-01-02', lessons: 6, minSeats: 1, maxSeats: 2, pricePerLesson: 3500 };
    expect((await call(createRoute, staffRequest('/api/admin/groups', { body, cookie: sales }))).status).toBe(422);
    const teaches = await call(teachesRoute, staffRequest(`/api/admin/groups/tutors/${tutorId}`, { method: 'PUT', body: { teachesGroups: true }, cookie: sales }), { id: String(tutorId) });
    expect(teaches.status).toBe(200);
    const created = await call(createRoute, staffRequest('/api/admin/groups', { body, cookie: sales }));
    expect(created.status, await created.clone().text()).toBe(201);
    groupId = ((await created.json()) as { group: { id: number } }).group.id;
    expect((await call(pageRoute, req(`/api/groups/${groupId}`), { id: String(groupId) })).status).toBe(404);
    expect((await call(openRoute, staffRequest(`/api/admin/groups/${groupId}/open`, { body: {}, cookie: sales }), { id: String(groupId) })).status).toBe(200);
    const list = (await (await call(listRoute, req('/api/groups?subject=kazakh&level=A2&weekday=nope'))).json()) as { groups: { id: number; seatsLeft: number; priceNowTiyn: number }[] };
    expect(list.groups.find((g) => g.id === groupId)).toMatchObject({ seatsLeft: 2, priceNowTiyn: 2_100_000 });
    const page = (await (await call(pageRoute, req(`/api/groups/${groupId}`), { id: String(groupId) })).json()) as { group: { lessons: unknown[] } };
    expect(page.group.lessons).toHaveLength(6);
  });

  it('a student pays a seat; a full group sends the next one to its waitlist; leaving gives the lessons back; the cabinet lists the groups', async () => {
    const [a, b, c] = [await student(), await student(), await student()];
    expect((await call(checkoutRoute, req(`/api/groups/${groupId}/checkout`, { method: 'POST' }), { id: String(groupId) })).status).toBe(401);
    const paid: number[] = [];
    for (const s of [a, b]) {
      const res = await call(checkoutRoute, req(`/api/groups/${groupId}/checkout`, { token: s.token, method: 'POST' }), { id: String(groupId) });
      expect(res.status, await res.clone().text()).toBe(201);
      const started = (await res.json()) as { invoiceId: string; amountTiyn: number; start: PaymentStart };
      expect(started.amountTiyn).toBe(2_100_000);
      await payOnHostedPage(fake, started.start, '4000000000000002');
      const [order] = await t.db.select().from(paymentOrders).where(eq(paymentOrders.invoiceId, started.invoiceId));
      expect(await reconcileOrder(t.db, order!)).toBe('credited');
      paid.push(order!.id);
    }
    // The public pages' island asks for the reader's seats: a paid one for b, none for c yet; only signed in.
    const seatsOf = async (token: string) => ((await (await call(cabinetSeats, req('/api/cabinet/groups/seats', { token }))).json()) as { seats: { groupId: number; status: string }[] }).seats;
    expect(await seatsOf(b.token)).toEqual([{ groupId, status: 'paid' }]);
    expect(await seatsOf(c.token)).toEqual([]);
    expect((await call(cabinetSeats, req('/api/cabinet/groups/seats'))).status).toBe(401);
    const full = await call(checkoutRoute, req(`/api/groups/${groupId}/checkout`, { token: c.token, method: 'POST' }), { id: String(groupId) });
    expect(full.status).toBe(409);
    expect(((await full.json()) as { error: { code: string } }).error.code).toBe('group_full');
    expect((await call(waitRoute, req(`/api/groups/${groupId}/waitlist`, { token: c.token, method: 'POST' }), { id: String(groupId) })).status).toBe(201);
    const left = await call(leaveRoute, req(`/api/groups/${groupId}/leave`, { token: a.token, method: 'POST' }), { id: String(groupId) });
    expect(((await left.json()) as { refund: { amountTiyn: number; status: string } }).refund).toMatchObject({ amountTiyn: 2_100_000, status: 'done' });
    // The place went to the waitlist's first: an offer held for c.
    const offered = (await (await call(cabinetGroups, req('/api/cabinet/groups', { token: c.token }))).json()) as { groups: { seat: { status: string; offer: boolean } }[]; waitlist: { status: string }[] };
    expect(offered.groups[0]!.seat).toMatchObject({ status: 'held', offer: true });
    expect(offered.waitlist[0]!.status).toBe('offered');
    // The offer is c's seat, held; a left: none.
    expect(await seatsOf(c.token)).toEqual([{ groupId, status: 'held' }]);
    expect(await seatsOf(a.token)).toEqual([]);
    expect((await call(unwaitRoute, req(`/api/groups/${groupId}/waitlist`, { token: c.token, method: 'DELETE' }), { id: String(groupId) })).status).toBe(200);
    const mine = (await (await call(cabinetGroups, req('/api/cabinet/groups', { token: b.token }))).json()) as { groups: { upcoming: { room: string }[] }[] };
    expect(mine.groups[0]!.upcoming).toHaveLength(6);
  });

  it('sales cancels the group: the rest is refunded in full at once', async () => {
    const res = await call(cancelRoute, staffRequest(`/api/admin/groups/${groupId}/cancel`, { body: { reason: 'too few students' }, cookie: sales }), { id: String(groupId) });
    expect(res.status, await res.clone().text()).toBe(200);
    const body = (await res.json()) as { refunds: { amountTiyn: number; status: string }[] };
    expect(body.refunds).toEqual([expect.objectContaining({ amountTiyn: 2_100_000, status: 'done' })]);
    expect((await t.db.select().from(groupSeats).where(eq(groupSeats.groupId, groupId))).filter((s) => s.status === 'paid')).toHaveLength(0);
  });
});
