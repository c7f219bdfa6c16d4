import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CONSENT_VERSION } from '@/lib/consent';
import { auditLog, leads, promoCodes } from '@/lib/db/schema';
import type { OpenDb } from '@/lib/db/open';
import { createTestDb, dbLabel, setAppDb } from '@/test/db';
import { jsonRequest } from '@/test/http';
import { call, enrolledStaff, staffRequest } from '@/test/staff';

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

let phoneSerial = 1000;
const freshPhone = () => `+7 701 55${String(phoneSerial++).padStart(5, '0').replace(/(\d{1})(\d{2})(\d{2})$/, '$1 $2 $3')}`;
let ipSerial = 0;
const freshIp = () => `198.18.${++ipSerial >> 8}.${ipSerial & 255}`;

describe(`back office: promo codes and their usage limit (${dbLabel()})`, () => {
  let t: OpenDb;
  let list: unknown, create: unknown, patch: unknown, get: unknown;
  let postLead: (req: ReturnType<typeof jsonRequest>) => Promise<Response>, check: (req: ReturnType<typeof jsonRequest>) => Promise<Response>;
  let admin: Awaited<ReturnType<typeof enrolledStaff>>, sales: Awaited<ReturnType<typeof enrolledStaff>>;

  const lead = async (code: string, plan = 'advanced') => {
    const res = await postLead(jsonRequest('/api/leads', { consent: CONSENT_VERSION, kind: 'callback', name: 'Дана', phone: freshPhone(), page: '/stud-tariff-plans', plan, promoCode: code }, { ip: freshIp() }));
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: number };
    return (await t.db.select().from(leads).where(eq(leads.id, id)))[0]!;
  };
  const checkCode = async (code: string, locale = 'ru') => {
    const res = await check(jsonRequest('/api/promo/check', { code }, { ip: freshIp(), locale }));
    return { status: res.status, body: (await res.json()) as ErrorBody & { code?: string } };
  };
  const createCode = (body: object, cookie = admin.cookie, locale = 'ru') => call(create, staffRequest('/api/admin/promo', { body, cookie, locale }));
  const used = async (code: string) => (await t.db.select().from(promoCodes).where(eq(promoCodes.code, code)))[0]!.usedCount;

  beforeAll(async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    t = await createTestDb();
    setAppDb(t);
    ({ GET: list, POST: create } = await import('./route'));
    ({ GET: get, PATCH: patch } = await import('./[id]/route'));
    ({ POST: postLead } = await import('../../leads/route'));
    ({ POST: check } = await import('../../promo/check/route'));
    admin = await enrolledStaff(t.db, { email: 'admin@school.kz', scopes: ['admin'] });
    sales = await enrolledStaff(t.db, { email: 'sales@school.kz', scopes: ['sales'] });
  });
  afterAll(() => t.close());

  it('sales read the list but cannot create (403); an admin creates a code (stored uppercase) with an audit row', async () => {
    expect((await call(list, staffRequest('/api/admin/promo', { cookie: sales.cookie }))).status).toBe(200);
    expect((await createCode({ code: 'SALES1', percentOff: 10 }, sales.cookie)).status).toBe(403);
    const res = await createCode({ code: 'limit2', percentOff: 20, maxUses: 2, plans: ['advanced', 'basic'], campaign: 'Spring 2026', validFrom: '2026-01-01', validUntil: '2030-12-31' });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: number };
    const [row] = await t.db.select().from(promoCodes).where(eq(promoCodes.id, id));
    expect(row).toMatchObject({ code: 'LIMIT2', percentOff: 20, maxUses: 2, usedCount: 0, plans: ['basic', 'advanced'], campaign: 'Spring 2026', active: true });
    // Valid from the start of the first day to the end of the last, in Almaty time.
    expect(row!.validFrom!.toISOString()).toBe('2025-12-31T19:00:00.000Z');
    expect(row!.validUntil!.toISOString()).toBe('2030-12-31T18:59:59.999Z');
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'promo.create'));
    expect(audit).toMatchObject({ actorId: admin.id, entity: 'promo_code', entityId: String(id), after: { code: 'LIMIT2', maxUses: 2 } });
    const fetched = await call(get, staffRequest(`/api/admin/promo/${id}`, { cookie: sales.cookie }), { id: String(id) });
    expect(await fetched.json()).toMatchObject({ code: 'LIMIT2', state: 'active' });
  });

  it('bad input is a 422 with field messages in the request language; a taken code is a 409', async () => {
    const taken = await createCode({ code: 'Limit2', percentOff: 5 }, admin.cookie, 'en');
    expect(taken.status).toBe(409);
    expect(((await taken.json()) as ErrorBody).error.fields).toEqual({ code: 'This promo code already exists' });
    const bad = await createCode({ code: 'with space', percentOff: 0, validFrom: '2026-05-10', validUntil: '2026-05-01', maxUses: 0, plans: ['gold'] }, admin.cookie, 'en');
    expect(bad.status).toBe(422);
    const fields = ((await bad.json()) as ErrorBody).error.fields!;
    expect(fields).toMatchObject({ code: '3 to 32 Latin letters and digits, no spaces', percentOff: 'The discount is a whole number from 1 to 100', maxUses: 'The limit is a whole number from 1 (empty: no limit)' });
    expect(Object.keys(fields)).toContain('plans.0');
    const order = await createCode({ code: 'ORDER1', percentOff: 5, validFrom: '2026-05-10', validUntil: '2026-05-01' }, admin.cookie, 'kk');
    expect(((await order.json()) as ErrorBody).error.fields).toEqual({ validUntil: 'Аяқталу күні басталу күнінен бұрын болмауы керек' });
    expect((await createCode({ code: 'FEB30', percentOff: 5, validUntil: '2026-02-30' })).status).toBe(422);
  });

  it('a code with max 2 uses: two leads apply it, the third is stored without the discount, the tariff check says exhausted', async () => {
    const first = await lead('limit2');
    const second = await lead('LIMIT2', 'basic');
    expect([first.promoApplied, second.promoApplied]).toEqual([true, true]);
    expect(await used('LIMIT2')).toBe(2);
    const third = await lead('LIMIT2');
    expect(third).toMatchObject({ promoCode: 'LIMIT2', promoApplied: false, plan: 'advanced' });
    expect(await used('LIMIT2')).toBe(2);
    const res = await checkCode('limit2', 'en');
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('promo_exhausted');
    const rows = (await (await call(list, staffRequest('/api/admin/promo?state=exhausted', { cookie: sales.cookie }))).json()) as { rows: { code: string; usedCount: number; refused: number }[] };
    expect(rows.rows).toEqual([expect.objectContaining({ code: 'LIMIT2', usedCount: 2, refused: 1 })]);
  });

  it('5 parallel leads with a max-3 code: exactly 3 get it, all 5 are stored', async () => {
    expect((await createCode({ code: 'RUSH3', percentOff: 15, maxUses: 3 })).status).toBe(201);
    const stored = await Promise.all(Array.from({ length: 5 }, () => lead('RUSH3')));
    expect(stored.filter((l) => l.promoApplied)).toHaveLength(3);
    expect(stored.filter((l) => l.promoApplied === false)).toHaveLength(2);
    expect(await used('RUSH3')).toBe(3);
  });

  it('a code for another plan is not applied and not counted; a lead without a code has no promo state', async () => {
    expect((await createCode({ code: 'ONLYINT', percentOff: 10, maxUses: 5, plans: ['intensive'] })).status).toBe(201);
    expect(await lead('ONLYINT', 'basic')).toMatchObject({ promoApplied: false });
    expect(await lead('ONLYINT', 'intensive')).toMatchObject({ promoApplied: true });
    expect(await used('ONLYINT')).toBe(1);
    const res = await postLead(jsonRequest('/api/leads', { consent: CONSENT_VERSION, kind: 'feedback', name: 'Дана', phone: freshPhone(), page: '/student' }, { ip: freshIp() }));
    const { id } = (await res.json()) as { id: number };
    expect((await t.db.select().from(leads).where(eq(leads.id, id)))[0]!.promoApplied).toBeNull();
  });

  it('an admin edits and deactivates a code (audit with before/after); sales cannot; a deactivated code is unknown to the tariff page', async () => {
    const [row] = await t.db.select().from(promoCodes).where(eq(promoCodes.code, 'RUSH3'));
    const path = `/api/admin/promo/${row!.id}`;
    expect((await call(patch, staffRequest(path, { method: 'PATCH', body: { active: false }, cookie: sales.cookie }), { id: String(row!.id) })).status).toBe(403);
    // Raising the limit lets the code work again.
    const raised = await call(patch, staffRequest(path, { method: 'PATCH', body: { maxUses: 10, campaign: '' }, cookie: admin.cookie }), { id: String(row!.id) });
    expect(await raised.json()).toMatchObject({ state: 'active' });
    expect((await checkCode('RUSH3')).status).toBe(200);
    const off = await call(patch, staffRequest(path, { method: 'PATCH', body: { active: false }, cookie: admin.cookie }), { id: String(row!.id) });
    expect(off.status).toBe(200);
    expect(await off.json()).toMatchObject({ state: 'inactive' });
    const res = await checkCode('RUSH3');
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('promo_not_found');
    expect(await lead('RUSH3')).toMatchObject({ promoApplied: false });
    const [audit] = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'promo.deactivate'), eq(auditLog.entityId, String(row!.id))));
    expect(audit).toMatchObject({ actorId: admin.id, before: { active: true, maxUses: 10 }, after: { active: false, maxUses: 10 } });
    // One date changed alone must still fit the other; an empty patch, an unknown code and a code change are refused.
    await call(patch, staffRequest(path, { method: 'PATCH', body: { validFrom: '2026-06-01' }, cookie: admin.cookie }), { id: String(row!.id) });
    const order = await call(patch, staffRequest(path, { method: 'PATCH', body: { validUntil: '2026-05-01' }, cookie: admin.cookie }), { id: String(row!.id) });
    expect(order.status).toBe(422);
    expect((await call(patch, staffRequest(path, { method: 'PATCH', body: {}, cookie: admin.cookie }), { id: String(row!.id) })).status).toBe(422);
    expect((await call(patch, staffRequest('/api/admin/promo/999999', { method: 'PATCH', body: { active: true }, cookie: admin.cookie }), { id: '999999' })).status).toBe(404);
    const renamed = await call(patch, staffRequest(path, { method: 'PATCH', body: { code: 'NEWNAME' }, cookie: admin.cookie }), { id: String(row!.id) });
    expect(renamed.status).toBe(422);
  });
});
