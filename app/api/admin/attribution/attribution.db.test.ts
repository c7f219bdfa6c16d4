import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OpenDb } from '@/lib/db/open';
import { leads, users } from '@/lib/db/schema';
import { createTestDb, dbLabel, setAppDb } from '@/test/db';
import { call, enrolledStaff, staffRequest } from '@/test/staff';

type Report = {
  from: string;
  to: string;
  rows: { key: string | null; leads: number; registrations: number; won: number; conversion: number | null }[];
  totals: { leads: number; registrations: number; won: number; conversion: number | null };
};
type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

const google = { utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'autumn_2026' };
const insta = { utm_source: 'instagram', utm_medium: 'social', utm_campaign: 'autumn_2026' };
const tiktok = { utm_source: 'tiktok', utm_medium: 'cpc' };
const at = (iso: string) => new Date(iso);

describe(`attribution report: leads, registrations, won by utm, first vs last touch (${dbLabel()})`, () => {
  let t: OpenDb;
  let get: unknown;
  let sales: Awaited<ReturnType<typeof enrolledStaff>>;

  beforeAll(async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    t = await createTestDb();
    setAppDb(t);
    get = (await import('./route')).GET;
    sales = await enrolledStaff(t.db, { email: 'sales@school.kz', scopes: ['sales'] });
    const lead = (utmFirst: Record<string, string>, utmLast: Record<string, string>, status: 'new' | 'won' | 'lost', createdAt: Date) =>
      ({ kind: 'callback', name: 'Лид', phone: '+77011234567', locale: 'ru', page: '/', utmFirst, utmLast, status, createdAt }) as typeof leads.$inferInsert;
    await t.db.insert(leads).values([
      lead(google, insta, 'won', at('2026-07-05T10:00:00Z')), // came from Google, returned through Instagram
      lead(google, google, 'won', at('2026-07-06T10:00:00Z')),
      lead(insta, { ...insta, utm_campaign: '' }, 'new', at('2026-07-07T10:00:00Z')),
      lead({}, {}, 'won', at('2026-07-08T10:00:00Z')),
      lead({}, {}, 'lost', at('2026-07-31T18:59:59Z')), // 23:59:59 on 31 July in Almaty: inside
      lead(tiktok, tiktok, 'new', at('2026-06-30T19:00:00Z')), // 00:00 on 1 July in Almaty: inside
      lead(google, insta, 'won', at('2026-06-30T18:59:59Z')), // 30 June in Almaty: outside
      lead(google, insta, 'won', at('2026-07-31T19:00:00Z')), // 1 August in Almaty: outside
    ]);
    const user = (phone: string, utmFirst: Record<string, string>, utmLast: Record<string, string>, createdAt: Date) => ({ role: 'student' as const, name: 'Әсел', lastname: 'Омарова', phone, passwordHash: 'x', utmFirst, utmLast, createdAt });
    await t.db.insert(users).values([
      user('+77010000001', google, insta, at('2026-07-10T10:00:00Z')),
      user('+77010000002', {}, {}, at('2026-07-11T10:00:00Z')),
      user('+77010000003', google, google, at('2026-08-02T10:00:00Z')), // outside
    ]);
  });
  afterAll(() => t.close());

  const report = async (query: string, opts: { cookie?: string; locale?: string } = {}) => {
    const res = await call(get, staffRequest(`/api/admin/attribution${query}`, { cookie: opts.cookie ?? sales.cookie, locale: opts.locale }));
    return { status: res.status, body: (await res.json()) as Report & ErrorBody };
  };
  const byKey = (r: Report) => Object.fromEntries(r.rows.map((x) => [x.key ?? '(none)', [x.leads, x.registrations, x.won]]));

  it('last touch by source: Almaty days at both ends, (none) for visits without utm, won ÷ leads', async () => {
    const { status, body } = await report('?from=2026-07-01&to=2026-07-31&touch=last&by=source');
    expect(status).toBe(200);
    expect(byKey(body)).toEqual({ instagram: [2, 1, 1], google: [1, 0, 1], tiktok: [1, 0, 0], '(none)': [2, 1, 1] });
    expect(body.rows.find((r) => r.key === 'instagram')?.conversion).toBe(0.5);
    expect(body.totals).toEqual({ leads: 6, registrations: 2, won: 3, conversion: 0.5 });
  });

  it('first touch tells another story: Google brought both sales', async () => {
    const { body } = await report('?from=2026-07-01&to=2026-07-31&touch=first&by=source');
    expect(byKey(body)).toEqual({ google: [2, 1, 2], instagram: [1, 0, 0], tiktok: [1, 0, 0], '(none)': [2, 1, 1] });
    expect(body.rows.find((r) => r.key === 'google')?.conversion).toBe(1);
  });

  it('by medium and campaign; an empty utm value counts as (none)', async () => {
    expect(byKey((await report('?from=2026-07-01&to=2026-07-31&by=medium')).body)).toEqual({ social: [2, 1, 1], cpc: [2, 0, 1], '(none)': [2, 1, 1] });
    expect(byKey((await report('?from=2026-07-01&to=2026-07-31&by=campaign')).body)).toEqual({ autumn_2026: [2, 1, 2], '(none)': [4, 1, 1] });
  });

  it('sorts by any figure through the query, (none) first when sorting by name', async () => {
    const won = (await report('?from=2026-07-01&to=2026-07-31&sort=won&dir=asc')).body.rows.map((r) => r.key);
    expect(won[0]).toBe('tiktok');
    const conv = (await report('?from=2026-07-01&to=2026-07-31&sort=conversion&dir=desc')).body.rows.map((r) => r.key);
    expect(conv[0]).toBe('google');
    const names = (await report('?from=2026-07-01&to=2026-07-31&sort=key&dir=asc')).body.rows.map((r) => r.key);
    expect(names).toEqual([null, 'google', 'instagram', 'tiktok']);
  });

  it('without dates: the last 30 Almaty days up to today', async () => {
    await t.db.insert(leads).values({ kind: 'trial', name: 'Бүгін', phone: '+77017654321', locale: 'kk', page: '/', utmLast: { utm_source: 'telegram' } });
    const { body } = await report('');
    const span = (Date.parse(body.to) - Date.parse(body.from)) / 86_400_000;
    expect(span).toBe(29);
    expect(byKey(body)).toEqual({ telegram: [1, 0, 0] });
  });

  it('reviewers 403, signed out 401, a bad query 422 in the request language', async () => {
    const reviewer = await enrolledStaff(t.db, { email: 'rev@school.kz', scopes: ['reviewer'] });
    expect((await report('', { cookie: reviewer.cookie })).status).toBe(403);
    expect((await call(get, staffRequest('/api/admin/attribution'))).status).toBe(401);
    const bad = await report('?from=2026-07-31&to=2026-07-01&by=country&touch=middle', { locale: 'kk' });
    expect(bad.status).toBe(422);
    expect(bad.body.error.fields).toMatchObject({ by: expect.any(String), touch: expect.any(String) });
    const order = await report('?from=2026-07-31&to=2026-07-01', { locale: 'kk' });
    expect(order.status).toBe(422);
    expect(order.body.error.fields?.to).toBe('Кезеңнің соңы басынан бұрын тұр');
    expect((await report('?from=2026-02-30')).status).toBe(422);
  });
});
