import { and, eq } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashPassword } from '@/lib/auth/password';
import { signAccessToken, startSession } from '@/lib/auth/tokens';
import { auditLog, leads, refreshTokens, testAttempts, tutorApplications, users } from '@/lib/db/schema';
import type { OpenDb } from '@/lib/db/open';
import { appSecret } from '@/lib/env';
import { createTestDb, dbLabel, setAppDb } from '@/test/db';
import { jsonRequest } from '@/test/http';
import { call, enrolledStaff, staffRequest } from '@/test/staff';

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };
type List = { rows: { id: number; name: string; phone: string; email: string | null; blocked: boolean; role: string }[]; total: number };

const PASSWORD = 'Kokzhiek2026';

describe(`back office: accounts — search, one account, block and unblock (${dbLabel()})`, () => {
  let t: OpenDb;
  let list: unknown, detail: unknown, block: unknown, unblock: unknown, login: unknown, refresh: unknown, user: unknown;
  let admin: Awaited<ReturnType<typeof enrolledStaff>>, sales: Awaited<ReturnType<typeof enrolledStaff>>;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    t = await createTestDb();
    setAppDb(t);
    ({ GET: list } = await import('./route'));
    ({ GET: detail } = await import('./[id]/route'));
    ({ POST: block } = await import('./[id]/block/route'));
    ({ POST: unblock } = await import('./[id]/unblock/route'));
    ({ POST: login } = await import('../../auth/login/route'));
    ({ POST: refresh } = await import('../../member/refresh/route'));
    ({ GET: user } = await import('../../auth/user/route'));
    admin = await enrolledStaff(t.db, { email: 'admin@school.kz', scopes: ['admin'] });
    sales = await enrolledStaff(t.db, { email: 'sales@school.kz', scopes: ['sales'] });
    const passwordHash = await hashPassword(PASSWORD);
    const rows = await t.db
      .insert(users)
      .values([
        { role: 'student', name: 'Айгерим', lastname: 'Садыкова', phone: '+77011234567', email: 'aigerim@example.kz', passwordHash, createdAt: new Date('2026-03-01T10:00:00+05:00') },
        { role: 'student', name: 'Ерлан', lastname: 'Садыков', phone: '+77027654321', passwordHash, createdAt: new Date('2026-04-10T10:00:00+05:00') },
        { role: 'tutor', scope: 'tutor', name: 'Dana', lastname: 'Smith', phone: '+77471112233', email: 'Dana.Smith@example.com', passwordHash, createdAt: new Date('2026-04-20T10:00:00+05:00') },
      ])
      .returning({ id: users.id, name: users.name });
    for (const r of rows) ids[r.name] = r.id;
    await t.db.insert(tutorApplications).values({ userId: ids.Dana!, status: 'in_review', reviewDueAt: new Date('2026-04-27T10:00:00+05:00') });
    await t.db.insert(leads).values([
      { kind: 'callback', name: 'Айгерим', phone: '+77011234567', locale: 'ru', page: '/student' },
      { kind: 'trial', name: 'Someone else', phone: '+77019999999', locale: 'ru', page: '/student' },
    ]);
    await t.db.insert(testAttempts).values({ tokenHash: 'x1', kind: 'placement', seed: 's', itemCount: 30, locale: 'ru', userId: ids['Айгерим'] });
  });
  afterAll(() => t.close());

  const search = async (qs: string, cookie = sales.cookie) => {
    const res = await call(list, staffRequest(`/api/admin/accounts?${qs}`, { cookie }));
    expect(res.status).toBe(200);
    return (await res.json()) as List;
  };

  it('sales search by name, by phone in any format and by e-mail (any case); phones are masked in the list', async () => {
    expect((await search(`q=${encodeURIComponent('Садык')}`)).total).toBe(2);
    expect((await search(`q=${encodeURIComponent('Садыкова Айгерим')}`)).rows.map((r) => r.name)).toEqual(['Садыкова Айгерим']);
    for (const phone of ['8 701 123 45 67', '+7 (701) 123-45-67', '7011234567', '123 45 67']) {
      const found = await search(`q=${encodeURIComponent(phone)}`);
      expect(found.rows.map((r) => r.id), phone).toEqual([ids['Айгерим']]);
    }
    const byMail = await search('q=DANA.SMITH');
    expect(byMail.rows).toHaveLength(1);
    expect(byMail.rows[0]).toMatchObject({ role: 'tutor', phone: '+7 747 ••• •• 33', email: 'Dana.Smith@example.com' });
    expect(JSON.stringify(await search(''))).not.toContain('1234567');
  });

  it('filters by role, blocked and registration dates; paginates on the server; bad filters are a 422', async () => {
    expect((await search('role=tutor')).rows.map((r) => r.id)).toEqual([ids.Dana]);
    expect((await search('from=2026-04-01&to=2026-04-10')).rows.map((r) => r.id)).toEqual([ids['Ерлан']]);
    expect((await search('blocked=yes')).total).toBe(0);
    const page = await search('pageSize=2&page=2');
    expect(page.total).toBe(3);
    expect(page.rows).toHaveLength(1);
    const bad = await call(list, staffRequest('/api/admin/accounts?role=admin&from=yesterday', { cookie: sales.cookie, locale: 'en' }));
    expect(bad.status).toBe(422);
    expect(Object.keys(((await bad.json()) as ErrorBody).error.fields ?? {}).sort()).toEqual(['from', 'role']);
    expect((await call(list, staffRequest('/api/admin/accounts?q=%00x', { cookie: sales.cookie }))).status).toBe(422);
  });

  it("one account: the whole phone, its leads, its tests, its sessions, a tutor's application; the view is audit-logged", async () => {
    await startSession(t.db, ids['Айгерим']!);
    const res = await call(detail, staffRequest(`/api/admin/accounts/${ids['Айгерим']}`, { cookie: sales.cookie }), { id: String(ids['Айгерим']) });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { profile: { phone: string }; leads: { kind: string }[]; tests: { kind: string }[]; sessions: { state: string }[]; application: unknown };
    expect(body.profile.phone).toBe('+77011234567');
    expect(body.leads.map((l) => l.kind)).toEqual(['callback']);
    expect(body.tests.map((x) => x.kind)).toEqual(['placement']);
    expect(body.sessions).toEqual([expect.objectContaining({ state: 'active' })]);
    expect(JSON.stringify(body)).not.toMatch(/token/i);
    expect(body.application).toBeNull();
    const [view] = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'account.view'), eq(auditLog.entityId, String(ids['Айгерим']))));
    expect(view).toMatchObject({ actorId: sales.id, entity: 'user' });
    const tutor = await call(detail, staffRequest(`/api/admin/accounts/${ids.Dana}`, { cookie: sales.cookie }), { id: String(ids.Dana) });
    expect(((await tutor.json()) as { application: { status: string } }).application).toMatchObject({ status: 'in_review' });
    expect((await call(detail, staffRequest('/api/admin/accounts/999999', { cookie: sales.cookie }), { id: '999999' })).status).toBe(404);
    expect((await call(detail, staffRequest('/api/admin/accounts/abc', { cookie: sales.cookie }), { id: 'abc' })).status).toBe(404);
  });

  it('sales cannot block (403); an admin blocks with a reason: sessions end, access token and refresh stop, sign-in says blocked', async () => {
    const id = ids['Ерлан']!;
    const signIn = (locale = 'en') => call(login, jsonRequest('/api/auth/login', { login: '+77027654321', password: PASSWORD }, { locale, ip: '198.51.100.20' }));
    const first = await signIn();
    expect(first.status).toBe(200);
    const { token } = (await first.json()) as { token: string };
    const rt = first.headers.getSetCookie().find((c) => c.startsWith('tilmen_rt='))!.split(';')[0]!;
    const me = (bearer: string) => call(user, new NextRequest('http://localhost/api/auth/user', { headers: { authorization: `Bearer ${bearer}` } }));
    expect((await me(token)).status).toBe(200);

    const refused = await call(block, staffRequest(`/api/admin/accounts/${id}/block`, { body: { reason: 'Abusive messages to tutors' }, cookie: sales.cookie }), { id: String(id) });
    expect(refused.status).toBe(403);
    const noReason = await call(block, staffRequest(`/api/admin/accounts/${id}/block`, { body: { reason: ' ' }, cookie: admin.cookie, locale: 'en' }), { id: String(id) });
    expect(noReason.status).toBe(422);
    expect(((await noReason.json()) as ErrorBody).error.fields?.reason).toBe('Give the reason in at least a few words');

    const ok = await call(block, staffRequest(`/api/admin/accounts/${id}/block`, { body: { reason: 'Abusive messages to tutors' }, cookie: admin.cookie }), { id: String(id) });
    expect(ok.status).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, id));
    expect(row).toMatchObject({ blockReason: 'Abusive messages to tutors' });
    expect(row!.blockedAt).toBeInstanceOf(Date);
    const live = await t.db.select().from(refreshTokens).where(eq(refreshTokens.userId, id));
    expect(live.every((r) => r.revokedAt)).toBe(true);

    // The live access token stops at once (401: the client's refresh then fails and it signs out).
    expect((await me(token)).status).toBe(401);
    const refreshed = await call(refresh, new NextRequest('http://localhost/api/member/refresh', { method: 'POST', headers: { cookie: rt, origin: 'http://localhost' } }));
    expect(refreshed.status).toBe(401);
    // Sign-in is refused with a clear message, in the request's language.
    for (const [locale, text] of [['en', 'The school has blocked this account. Call us and we will help sort it out.'], ['kk', 'Аккаунтты мектеп бұғаттаған. Бізге қоңырау шалыңыз, мәселені бірге шешеміз.']] as const) {
      const res = await signIn(locale);
      expect(res.status).toBe(403);
      expect(((await res.json()) as ErrorBody).error).toEqual({ code: 'account_blocked', message: text });
      expect(res.headers.getSetCookie().some((c) => c.startsWith('tilmen_rt='))).toBe(false);
    }
    // A wrong password says nothing about the block.
    const wrong = await call(login, jsonRequest('/api/auth/login', { login: '+77027654321', password: 'Wrong-2026x' }, { locale: 'en', ip: '198.51.100.21' }));
    expect(((await wrong.json()) as ErrorBody).error.code).toBe('invalid_credentials');

    // Even a session that somehow outlived the block (opened in a race) is refused by the access check and by refresh.
    const { sid, token: lateRt } = await startSession(t.db, id);
    const late = await signAccessToken({ sub: id, scope: 'student', sid }, appSecret());
    const lateMe = await me(late);
    expect(lateMe.status).toBe(401);
    expect(((await lateMe.json()) as ErrorBody).error.code).toBe('account_blocked');
    const lateRefresh = await call(refresh, new NextRequest('http://localhost/api/member/refresh', { method: 'POST', headers: { cookie: `tilmen_rt=${lateRt}`, origin: 'http://localhost', 'accept-language': 'en' } }));
    expect(lateRefresh.status).toBe(401);
    expect(((await lateRefresh.json()) as ErrorBody).error.code).toBe('account_blocked');
    expect(lateRefresh.headers.getSetCookie().some((c) => /^tilmen_rt=;/.test(c))).toBe(true);

    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'account.block'));
    expect(audit).toMatchObject({ actorId: admin.id, entityId: String(id), before: { blocked: false, reason: null }, after: { blocked: true, reason: 'Abusive messages to tutors' } });
    expect((await search('blocked=yes')).rows.map((r) => r.id)).toEqual([id]);
    const again = await call(block, staffRequest(`/api/admin/accounts/${id}/block`, { body: { reason: 'Twice over' }, cookie: admin.cookie }), { id: String(id) });
    expect(again.status).toBe(409);
  });

  it('unblocking lets the person sign in again; sales cannot unblock; both are audit-logged with before/after', async () => {
    const id = ids['Ерлан']!;
    expect((await call(unblock, staffRequest(`/api/admin/accounts/${id}/unblock`, { body: {}, cookie: sales.cookie }), { id: String(id) })).status).toBe(403);
    const ok = await call(unblock, staffRequest(`/api/admin/accounts/${id}/unblock`, { body: {}, cookie: admin.cookie }), { id: String(id) });
    expect(ok.status).toBe(200);
    const res = await call(login, jsonRequest('/api/auth/login', { login: '8 702 765 43 21', password: PASSWORD }, { ip: '198.51.100.22' }));
    expect(res.status).toBe(200);
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'account.unblock'));
    expect(audit).toMatchObject({ actorId: admin.id, before: { blocked: true, reason: 'Abusive messages to tutors' }, after: { blocked: false, reason: null } });
    expect((await call(unblock, staffRequest(`/api/admin/accounts/${id}/unblock`, { body: {}, cookie: admin.cookie }), { id: String(id) })).status).toBe(409);
  });

  it('signed out is 401, a reviewer is 403', async () => {
    expect((await call(list, staffRequest('/api/admin/accounts'))).status).toBe(401);
    const reviewer = await enrolledStaff(t.db, { email: 'rev@school.kz', scopes: ['reviewer'] });
    expect((await call(list, staffRequest('/api/admin/accounts', { cookie: reviewer.cookie }))).status).toBe(403);
    expect((await call(detail, staffRequest(`/api/admin/accounts/${ids.Dana}`, { cookie: reviewer.cookie }), { id: String(ids.Dana) })).status).toBe(403);
  });
});
