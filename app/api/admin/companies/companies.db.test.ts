import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CONSENT_VERSION } from '@/lib/consent';
import { auditLog, companies } from '@/lib/db/schema';
import type { OpenDb } from '@/lib/db/open';
import { findCompany } from '@/lib/quiz/attempts';
import { createTestDb, dbLabel, setAppDb } from '@/test/db';
import { jsonRequest } from '@/test/http';
import { call, enrolledStaff, staffRequest } from '@/test/staff';
import { withConfirmedPhone } from '@/test/sms';

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };
type Detail = { name: string; slug: string; active: boolean; takers: number; placements: number; certificates: number; links: { locale: string; placement: string; kazakh: string }[] };

describe(`back office: companies and their test links (${dbLabel()})`, () => {
  let t: OpenDb;
  let list: unknown, create: unknown, get: unknown, patch: unknown;
  let placement: (req: ReturnType<typeof jsonRequest>) => Promise<Response>, kazakh: (req: ReturnType<typeof jsonRequest>) => Promise<Response>;
  let admin: Awaited<ReturnType<typeof enrolledStaff>>, sales: Awaited<ReturnType<typeof enrolledStaff>>;
  let id = 0;

  beforeAll(async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    t = await createTestDb();
    setAppDb(t);
    ({ GET: list, POST: create } = await import('./route'));
    ({ GET: get, PATCH: patch } = await import('./[id]/route'));
    ({ POST: placement } = await import('../../tests/placement/route'));
    ({ POST: kazakh } = await import('../../tests/kazakh/route'));
    admin = await enrolledStaff(t.db, { email: 'admin@school.kz', scopes: ['admin'] });
    sales = await enrolledStaff(t.db, { email: 'sales@school.kz', scopes: ['sales'] });
  });
  afterAll(() => t.close());

  it('sales cannot create (403); an admin creates a company with an audit row; a taken slug is a 409 with a field message', async () => {
    expect((await call(create, staffRequest('/api/admin/companies', { body: { name: 'Sales Co', slug: 'sales-co' }, cookie: sales.cookie }))).status).toBe(403);
    const res = await call(create, staffRequest('/api/admin/companies', { body: { name: 'ТОО «Алма Трейд»', slug: ' Alma-Trade ' }, cookie: admin.cookie }));
    expect(res.status).toBe(201);
    ({ id } = (await res.json()) as { id: number });
    expect((await t.db.select().from(companies).where(eq(companies.id, id)))[0]).toMatchObject({ name: 'ТОО «Алма Трейд»', slug: 'alma-trade', active: true });
    const [row] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'company.create'));
    expect(row).toMatchObject({ actorId: admin.id, entity: 'company', entityId: String(id), after: { slug: 'alma-trade' } });
    const taken = await call(create, staffRequest('/api/admin/companies', { body: { name: 'Another', slug: 'demo' }, cookie: admin.cookie, locale: 'en' }));
    expect(taken.status).toBe(409);
    expect(((await taken.json()) as ErrorBody).error.fields).toEqual({ slug: 'Another company already uses this address' });
  });

  it('bad names and slugs are a 422 with field messages', async () => {
    for (const slug of ['-x', 'x-', 'a b', 'тоо', 'a_b', '']) {
      const res = await call(create, staffRequest('/api/admin/companies', { body: { name: 'X', slug }, cookie: admin.cookie, locale: 'en' }));
      expect(res.status, slug).toBe(422);
      expect(((await res.json()) as ErrorBody).error.fields?.slug).toBeDefined();
    }
    const res = await call(create, staffRequest('/api/admin/companies', { body: { name: '公司', slug: 'cn' }, cookie: admin.cookie, locale: 'en' }));
    expect(((await res.json()) as ErrorBody).error.fields?.name).toMatch(/Latin and Cyrillic/);
  });

  it("the company's page: absolute links to both tests in three languages, and its counts", async () => {
    await placement(jsonRequest('/api/tests/placement', { company: 'alma-trade' }));
    await kazakh(jsonRequest('/api/tests/kazakh', await withConfirmedPhone(t.db, { firstName: 'Әйгерім', lastName: 'Сәрсенова', iin: '900101300017', workerCode: 'HR-1', consent: CONSENT_VERSION, company: 'alma-trade' })));
    const res = await call(get, staffRequest(`/api/admin/companies/${id}`, { cookie: sales.cookie }), { id: String(id) });
    const body = (await res.json()) as Detail;
    expect(body).toMatchObject({ takers: 1, placements: 1, certificates: 0 });
    const origin = new URL(body.links[0]!.placement).origin;
    expect(body.links).toEqual([
      { locale: 'ru', placement: `${origin}/stud-test/alma-trade`, kazakh: `${origin}/kazakh-test/alma-trade` },
      { locale: 'kk', placement: `${origin}/kk/stud-test/alma-trade`, kazakh: `${origin}/kk/kazakh-test/alma-trade` },
      { locale: 'en', placement: `${origin}/en/stud-test/alma-trade`, kazakh: `${origin}/en/kazakh-test/alma-trade` },
    ]);
    expect(origin).toMatch(/^https?:\/\/[^/]+$/);
    const listed = (await (await call(list, staffRequest('/api/admin/companies?q=alma', { cookie: sales.cookie }))).json()) as { rows: { slug: string; takers: number }[] };
    expect(listed.rows).toEqual([expect.objectContaining({ slug: 'alma-trade', takers: 1 })]);
  });

  it('deactivating: its links answer as an unknown company does (404), until it is active again; audit with before/after', async () => {
    expect((await call(patch, staffRequest(`/api/admin/companies/${id}`, { method: 'PATCH', body: { active: false }, cookie: sales.cookie }), { id: String(id) })).status).toBe(403);
    const off = await call(patch, staffRequest(`/api/admin/companies/${id}`, { method: 'PATCH', body: { active: false }, cookie: admin.cookie }), { id: String(id) });
    expect(off.status).toBe(200);
    expect(await findCompany(t.db, 'alma-trade')).toBeNull();
    const start = await placement(jsonRequest('/api/tests/placement', { company: 'alma-trade' }));
    expect(start.status).toBe(404);
    expect(((await start.json()) as ErrorBody).error.code).toBe('company_not_found');
    const [row] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'company.deactivate'));
    expect(row).toMatchObject({ before: { active: true }, after: { active: false } });
    await call(patch, staffRequest(`/api/admin/companies/${id}`, { method: 'PATCH', body: { active: true, name: 'Alma Trade LLP', slug: 'alma' }, cookie: admin.cookie }), { id: String(id) });
    expect(await findCompany(t.db, 'alma')).toEqual({ slug: 'alma', name: 'Alma Trade LLP' });
    expect(await findCompany(t.db, 'alma-trade')).toBeNull();
    const taken = await call(patch, staffRequest(`/api/admin/companies/${id}`, { method: 'PATCH', body: { slug: 'demo' }, cookie: admin.cookie }), { id: String(id) });
    expect(taken.status).toBe(409);
    // Its own slug again is fine.
    expect((await call(patch, staffRequest(`/api/admin/companies/${id}`, { method: 'PATCH', body: { slug: 'alma' }, cookie: admin.cookie }), { id: String(id) })).status).toBe(200);
    expect((await call(patch, staffRequest('/api/admin/companies/999999', { method: 'PATCH', body: { active: true }, cookie: admin.cookie }), { id: '999999' })).status).toBe(404);
    expect((await call(get, staffRequest('/api/admin/companies/999999', { cookie: admin.cookie }), { id: '999999' })).status).toBe(404);
  });
});
