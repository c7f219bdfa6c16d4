import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, companyEmployees, companyInvitations, companyInvoices, groupSeats, groups, outbox, smsCodes } from '@/lib/db/schema';
import type { OpenDb } from '@/lib/db/open';
import { totpCode } from '@/lib/crypto/totp';
import { companyFromSession, COMPANY_IDLE_S } from '@/lib/company-portal/sessions';
import { createTestDb, dbLabel, insertTestUser, setAppDb } from '@/test/db';
import { companyRequest, hrUser, insertCompany, mailedLinkToken, smsCodeFor, takeKazakhTest, uploadRequest, validIin } from '@/test/company';
import { appSecret } from '@/lib/env';
import { hashIin } from '@/lib/quiz/attempts';
import { call, enrolledStaff, staffRequest } from '@/test/staff';
import { clearOfWindowEnd } from '@/test/http';

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

/**
 * Every portal call. A call that names a record by its id lists the id of a record of company A:
 * company B's HR person must get 404 (or 403) and nothing of it. Later slices add their calls here.
 */
type PortalCall = { method: string; path: string; module: string; body?: unknown; params?: Record<string, string> };
const PORTAL_CALLS: PortalCall[] = [
  { method: 'GET', path: '/api/company/me', module: './me/route' },
  { method: 'POST', path: '/api/company/totp', module: './totp/route' },
  { method: 'DELETE', path: '/api/company/totp', module: './totp/route', body: { password: 'Hr-Passw0rd!', code: '123456' } },
  { method: 'POST', path: '/api/company/password/change', module: './password/change/route', body: { current: 'Wrong-Passw0rd1', password: 'New-Passw0rd1', confirm: 'New-Passw0rd1' } },
  { method: 'POST', path: '/api/company/totp/confirm', module: './totp/confirm/route', body: { code: '123456' } },
  { method: 'GET', path: '/api/company/employees', module: './employees/route' },
  { method: 'POST', path: '/api/company/employees', module: './employees/route', body: { lastName: 'Бекова', firstName: 'Алма', iin: '900101300017', positionCode: 'B-1' } },
  { method: 'PATCH', path: '/api/company/employees/[id]', module: './employees/[id]/route', body: { positionCode: 'X' }, params: { id: 'A_EMPLOYEE' } },
  { method: 'DELETE', path: '/api/company/employees/[id]', module: './employees/[id]/route', params: { id: 'A_EMPLOYEE' } },
  { method: 'GET', path: '/api/company/roster/template', module: './roster/template/route' },
  { method: 'POST', path: '/api/company/roster/preview', module: './roster/preview/route' },
  { method: 'POST', path: '/api/company/roster/import', module: './roster/import/route' },
  { method: 'GET', path: '/api/company/settings', module: './settings/route' },
  { method: 'PATCH', path: '/api/company/settings', module: './settings/route', body: { rosterOnly: true } },
  // Company A's employee named in B's invitation: 404, and nothing is sent.
  { method: 'POST', path: '/api/company/invitations', module: './invitations/route', body: { employeeIds: ['A_EMPLOYEE'], channels: ['sms', 'email'], deadline: new Date(Date.now() + 7 * 86_400_000).toISOString() }, params: {} },
  { method: 'GET', path: '/api/company/results', module: './results/route' },
  { method: 'GET', path: '/api/company/results/export', module: './results/export/route' },
  { method: 'POST', path: '/api/company/results/export', module: './results/export/route', body: { format: 'csv', confirm: true } },
  { method: 'GET', path: '/api/company/results/certificates', module: './results/certificates/route' },
  { method: 'GET', path: '/api/company/results/certificates/[number]', module: './results/certificates/[number]/route', params: { number: 'A_CERTIFICATE' } },
  { method: 'GET', path: '/api/company/results/placement', module: './results/placement/route' },
  { method: 'GET', path: '/api/company/lessons', module: './lessons/route' },
  { method: 'GET', path: '/api/company/lessons/export', module: './lessons/export/route' },
  { method: 'GET', path: '/api/company/documents/act', module: './documents/act/route' },
  { method: 'GET', path: '/api/company/documents/reconciliation', module: './documents/reconciliation/route' },
  { method: 'GET', path: '/api/company/invoices', module: './invoices/route' },
  { method: 'POST', path: '/api/company/invoices', module: './invoices/route', body: { lessons: 10 } },
  { method: 'GET', path: '/api/company/invoices/[id]/pdf', module: './invoices/[id]/pdf/route', params: { id: 'A_INVOICE' } },
  { method: 'GET', path: '/api/company/pool', module: './pool/route' },
  // Company A's employee named in B's allocation: 404, and nothing is given.
  { method: 'POST', path: '/api/company/pool/allocations', module: './pool/allocations/route', body: { employeeId: 'A_EMPLOYEE', lessons: 1 }, params: {} },
  // Company A's employee invited to the lessons by B: 404, and nothing is sent.
  { method: 'POST', path: '/api/company/pool/invitations', module: './pool/invitations/route', body: { employeeId: 'A_EMPLOYEE', channels: ['sms', 'email'] }, params: {} },
  // Company A's closed group: B's list is empty, A's group is 404 to B, and B seats nobody in it.
  { method: 'GET', path: '/api/company/groups', module: './groups/route' },
  { method: 'GET', path: '/api/company/groups/[id]', module: './groups/[id]/route', params: { id: 'A_GROUP' } },
  { method: 'POST', path: '/api/company/groups/[id]/enrol', module: './groups/[id]/enrol/route', body: { employeeId: 'A_EMPLOYEE' }, params: { id: 'A_GROUP' } },
  // B removes nobody from A's group, and orders no invoice for it.
  { method: 'POST', path: '/api/company/groups/[id]/unenrol', module: './groups/[id]/unenrol/route', body: { employeeId: 'A_EMPLOYEE' }, params: { id: 'A_GROUP' } },
  { method: 'POST', path: '/api/company/groups/[id]/invoice', module: './groups/[id]/invoice/route', body: { seats: 1 }, params: { id: 'A_GROUP' } },
];

/** The ways in, open to anyone (each has its own tests below): not walked with another company's ids. */
const PUBLIC_CALLS = ['POST /api/company/auth/login', 'POST /api/company/auth/logout', 'POST /api/company/password/open', 'POST /api/company/password/set', 'POST /api/company/password/forgot'];

/** Every method of every app/api/company/** route, read from the disk. */
function portalRoutesOnDisk(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : e.name === 'route.ts' ? [path.join(dir, e.name)] : []));
  return walk(__dirname).flatMap((file) => {
    const route = `/api/company/${path.relative(__dirname, path.dirname(file)).split(path.sep).join('/')}`;
    const source = readFileSync(file, 'utf8');
    return [...source.matchAll(/export const (GET|POST|PUT|PATCH|DELETE)\b/g)].map((m) => `${m[1]} ${route}`);
  });
}

describe(`company portal access: HR users, sign-in with SMS or TOTP, sessions, one company only (${dbLabel()})`, () => {
  it('every portal route on the disk is walked by the isolation test below, or is a way in', () => {
    const walked = new Set([...PORTAL_CALLS.map((c) => `${c.method} ${c.path}`), ...PUBLIC_CALLS]);
    const found = portalRoutesOnDisk();
    expect(found.length).toBeGreaterThan(15);
    expect(found.filter((k) => !walked.has(k)), 'add the new route to PORTAL_CALLS (or PUBLIC_CALLS)').toEqual([]);
  });

  let t: OpenDb;
  let login: unknown, logout: unknown, me: unknown, open: unknown, setPassword: unknown, totpStart: unknown, totpConfirm: unknown;
  let hrList: unknown, hrCreate: unknown, hrPatch: unknown, adminMe: unknown;
  let companyA: number, companyB: number;

  beforeAll(async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    t = await createTestDb();
    setAppDb(t);
    login = (await import('./auth/login/route')).POST;
    logout = (await import('./auth/logout/route')).POST;
    me = (await import('./me/route')).GET;
    open = (await import('./password/open/route')).POST;
    setPassword = (await import('./password/set/route')).POST;
    ({ POST: totpStart } = await import('./totp/route'));
    totpConfirm = (await import('./totp/confirm/route')).POST;
    ({ GET: hrList, POST: hrCreate } = await import('../admin/companies/[id]/hr-users/route'));
    hrPatch = (await import('../admin/companies/[id]/hr-users/[userId]/route')).PATCH;
    adminMe = (await import('../admin/me/route')).GET;
    companyA = await insertCompany(t.db, 'alpha', 'ТОО «Альфа»');
    companyB = await insertCompany(t.db, 'beta', 'ТОО «Бета»');
  });
  afterAll(() => t.close());

  it('admins create an HR user by phone and e-mail (sales and reviewers may not: H2); the link sets the password once, and the first sign-in still needs the code sent to the phone', async () => {
    const admin = await enrolledStaff(t.db, { email: 'admin-hr@school.kz', scopes: ['admin'] });
    const seller = await enrolledStaff(t.db, { email: 'sales@school.kz', scopes: ['sales'] });
    const reviewer = await enrolledStaff(t.db, { email: 'rev@school.kz', scopes: ['reviewer'] });
    const body = { name: 'Динара Ахметова', email: 'HR@Alpha.kz', phone: '8 701 111 22 33', locale: 'kk' };
    const params = { id: String(companyA) };
    expect((await call(hrCreate, staffRequest(`/api/admin/companies/${companyA}/hr-users`, { body, cookie: reviewer.cookie }), params)).status).toBe(403);
    expect((await call(hrCreate, staffRequest(`/api/admin/companies/${companyA}/hr-users`, { body: { ...body, email: 'rogue@evil.kz' }, cookie: seller.cookie }), params)).status).toBe(403);
    const russian = await call(hrCreate, staffRequest(`/api/admin/companies/${companyA}/hr-users`, { body: { ...body, phone: '+7 916 111 22 33' }, cookie: admin.cookie, locale: 'en' }), params);
    expect(russian.status).toBe(422);
    expect(((await russian.json()) as ErrorBody).error.fields?.phone).toBeTruthy();
    const created = await call(hrCreate, staffRequest(`/api/admin/companies/${companyA}/hr-users`, { body, cookie: admin.cookie }), params);
    expect(created.status).toBe(201);
    const again = await call(hrCreate, staffRequest(`/api/admin/companies/${companyB}/hr-users`, { body, cookie: admin.cookie }), { id: String(companyB) });
    expect(again.status).toBe(409);
    const list = (await (await call(hrList, staffRequest(`/api/admin/companies/${companyA}/hr-users`, { cookie: admin.cookie }), params)).json()) as { rows: { email: string; linkPending: boolean; passwordSet: boolean }[] };
    expect(list.rows).toMatchObject([{ email: 'hr@alpha.kz', linkPending: true, passwordSet: false }]);

    const token = await mailedLinkToken(t.db, 'hr@alpha.kz');
    const [mail] = await t.db.select().from(outbox).where(eq(outbox.recipient, 'hr@alpha.kz'));
    expect(mail!.subject).toContain('компаниясының кабинетіне'); // in the HR person's language (kk)
    const opened = await call(open, companyRequest('/api/company/password/open', { body: { token } }));
    expect(await opened.json()).toEqual({ name: 'Динара Ахметова', email: 'hr@alpha.kz', company: 'ТОО «Альфа»' });
    const weak = await call(setPassword, companyRequest('/api/company/password/set', { body: { token, password: 'password', confirm: 'password' }, locale: 'en' }));
    expect(weak.status).toBe(422);
    const ok = await call(setPassword, companyRequest('/api/company/password/set', { body: { token, password: 'Alpha-Passw0rd', confirm: 'Alpha-Passw0rd' } }));
    expect(ok.status).toBe(200);
    // No session from the link alone: the second step (a code to the phone on record) follows.
    expect(ok.headers.get('set-cookie')).toBeNull();
    expect(await ok.json()).toMatchObject({ ok: true, email: 'hr@alpha.kz', step: 'code', via: 'sms', phone: '+7 701 ••• •• 33' });
    const code = await smsCodeFor(t.db, '+77011112233');
    const signedIn = await call(login, companyRequest('/api/company/auth/login', { body: { email: 'hr@alpha.kz', password: 'Alpha-Passw0rd', code } }));
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get('set-cookie')).toMatch(/tilmen_company=.+HttpOnly.+SameSite=strict/i);
    // The next test signs in again: its code is asked for as if a few minutes had passed.
    await t.db.update(smsCodes).set({ createdAt: new Date(Date.now() - 10 * 60_000) }).where(eq(smsCodes.phone, '+77011112233'));
    const spent = await call(setPassword, companyRequest('/api/company/password/set', { body: { token, password: 'Alpha-Passw0rd2', confirm: 'Alpha-Passw0rd2' } }));
    expect(spent.status).toBe(410);
    const audited = await t.db.select().from(auditLog).where(eq(auditLog.entity, 'company_user'));
    expect(audited.map((a) => a.action)).toEqual(expect.arrayContaining(['company_user.create', 'company_user.password']));
  });

  it('sign-in: the password first (only then an SMS code is sent), then the code once; a wrong code is refused', async () => {
    const phone = '+77011112233';
    const smsBefore = (await t.db.select().from(outbox).where(and(eq(outbox.channel, 'sms'), eq(outbox.recipient, phone)))).length;
    const wrong = await call(login, companyRequest('/api/company/auth/login', { body: { email: 'hr@alpha.kz', password: 'Wrong-Passw0rd' }, locale: 'en' }));
    expect(wrong.status).toBe(401);
    expect((await t.db.select().from(outbox).where(and(eq(outbox.channel, 'sms'), eq(outbox.recipient, phone)))).length).toBe(smsBefore);
    const step1 = await call(login, companyRequest('/api/company/auth/login', { body: { email: 'hr@alpha.kz', password: 'Alpha-Passw0rd' } }));
    expect(step1.status).toBe(200);
    expect(await step1.json()).toMatchObject({ step: 'code', via: 'sms', phone: '+7 701 ••• •• 33' });
    const code = await smsCodeFor(t.db, phone);
    const bad = await call(login, companyRequest('/api/company/auth/login', { body: { email: 'hr@alpha.kz', password: 'Alpha-Passw0rd', code: code === '000000' ? '111111' : '000000' }, locale: 'en' }));
    expect(bad.status).toBe(401);
    expect(((await bad.json()) as ErrorBody).error.fields?.code).toBe('The code is wrong');
    const done = await call(login, companyRequest('/api/company/auth/login', { body: { email: 'hr@alpha.kz', password: 'Alpha-Passw0rd', code } }));
    expect(done.status).toBe(200);
    const cookie = done.headers.get('set-cookie')!.split(';')[0]!;
    const who = await call(me, companyRequest('/api/company/me', { cookie }));
    expect(await who.json()).toMatchObject({ company: { id: companyA, name: 'ТОО «Альфа»' }, scope: `company:${companyA}` });
    const replay = await call(login, companyRequest('/api/company/auth/login', { body: { email: 'hr@alpha.kz', password: 'Alpha-Passw0rd', code } }));
    expect(replay.status).toBe(401);
    expect((await call(logout, companyRequest('/api/company/auth/logout', { method: 'POST', cookie }))).status).toBe(200);
    expect((await call(me, companyRequest('/api/company/me', { cookie }))).status).toBe(401);
  });

  it('an HR person who enrolled an authenticator app signs in with its code, and no SMS is sent', async () => {
    const hr = await hrUser(t.db, { companyId: companyA, email: 'totp@alpha.kz', phone: '+77011112244' });
    const offer = (await (await call(totpStart, companyRequest('/api/company/totp', { method: 'POST', cookie: hr.cookie }))).json()) as { secret: string };
    const wrong = await call(totpConfirm, companyRequest('/api/company/totp/confirm', { body: { code: '000000' }, cookie: hr.cookie }));
    expect(wrong.status).toBe(422);
    const now = Date.now();
    expect((await call(totpConfirm, companyRequest('/api/company/totp/confirm', { body: { code: await totpCode(offer.secret, now) }, cookie: hr.cookie }))).status).toBe(200);
    const step1 = await call(login, companyRequest('/api/company/auth/login', { body: { email: 'totp@alpha.kz', password: 'Hr-Passw0rd!' } }));
    expect(await step1.json()).toEqual({ step: 'code', via: 'totp' });
    expect(await t.db.select().from(outbox).where(eq(outbox.recipient, '+77011112244'))).toHaveLength(0);
    const later = now + 30_000;
    vi.useFakeTimers({ now: later, toFake: ['Date'] });
    try {
      const done = await call(login, companyRequest('/api/company/auth/login', { body: { email: 'totp@alpha.kz', password: 'Hr-Passw0rd!', code: await totpCode(offer.secret, later) } }));
      expect(done.status).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  it('brute force (M1): guesses from elsewhere never lock the owner out, even on a new device; guesses from one network lock that network (429); a browser that signed in before keeps a bucket of its own', async () => {
    await clearOfWindowEnd(15 * 60); // the guesses and the refusal in one rate-limit window
    // Fixed windows: start at a window's beginning so the attempts fall in one.
    vi.useFakeTimers({ now: Math.ceil(Date.now() / 900_000) * 900_000 + 1000, toFake: ['Date'] });
    try {
      await hrUser(t.db, { companyId: companyB, email: 'target@beta.kz', phone: '+77011112255' });
      // The owner's browser signs in once (password, then the SMS code) and is remembered.
      await call(login, companyRequest('/api/company/auth/login', { body: { email: 'target@beta.kz', password: 'Hr-Passw0rd!' }, ip: '10.77.1.10' }));
      const code = await smsCodeFor(t.db, '+77011112255');
      const first = await call(login, companyRequest('/api/company/auth/login', { body: { email: 'target@beta.kz', password: 'Hr-Passw0rd!', code }, ip: '10.77.1.10' }));
      expect(first.status).toBe(200);
      const device = /tilmen_company_dev=[^;]+/.exec(first.headers.get('set-cookie') ?? '')?.[0];
      expect(device, 'the device cookie is set on sign-in').toBeTruthy();
      expect(first.headers.get('set-cookie')).toMatch(/tilmen_company_dev=[^;]+;.*Path=\/api\/company\/auth\/;.*HttpOnly/i);

      // The penetration test's probe: 11 wrong passwords from 11 addresses in 11 networks…
      const spread: number[] = [];
      for (let i = 0; i < 11; i++) spread.push((await call(login, companyRequest('/api/company/auth/login', { body: { email: 'TARGET@beta.kz', password: `Guess-Passw0rd${i}` }, ip: `10.78.${i}.9` }))).status);
      expect(spread.every((s) => s === 401)).toBe(true);
      vi.setSystemTime(Date.now() + 5 * 60_000); // past the SMS resend wait, in the same window
      // …then the owner on a new device (no cookie), from their own network, with the right password: the SMS step.
      const fresh = await call(login, companyRequest('/api/company/auth/login', { body: { email: 'target@beta.kz', password: 'Hr-Passw0rd!' }, ip: '10.79.5.5' }));
      expect(fresh.status, await fresh.clone().text()).toBe(200);
      expect(((await fresh.json()) as { step: string }).step).toBe('code');

      // Guesses from one network: that network's bucket locks (429), whatever the address in it.
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) statuses.push((await call(login, companyRequest('/api/company/auth/login', { body: { email: 'target@beta.kz', password: `Guess-Passw0rd${i}` }, ip: `10.80.3.${i + 1}` }))).status);
      expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
      expect(statuses[10]).toBe(429);
      expect((await call(login, companyRequest('/api/company/auth/login', { body: { email: 'target@beta.kz', password: 'Hr-Passw0rd!' }, ip: '10.80.3.200' }))).status).toBe(429);
      vi.setSystemTime(Date.now() + 2 * 60_000);
      // With the device cookie, the owner gets in from that network too.
      const owner = await call(login, companyRequest('/api/company/auth/login', { body: { email: 'target@beta.kz', password: 'Hr-Passw0rd!' }, cookie: device, ip: '10.80.3.201' }));
      expect(owner.status).toBe(200);
      // A forged or another person's device cookie counts as none.
      const forged = device!.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
      expect((await call(login, companyRequest('/api/company/auth/login', { body: { email: 'target@beta.kz', password: 'Hr-Passw0rd!' }, cookie: forged, ip: '10.80.3.202' }))).status).toBe(429);
    } finally {
      vi.useRealTimers();
    }
  });

  it('sessions end after 30 idle minutes; disabling in the back office ends them and refuses sign-in', async () => {
    const hr = await hrUser(t.db, { companyId: companyA, email: 'idle@alpha.kz', phone: '+77011112266' });
    const token = hr.cookie.split('=')[1]!;
    expect(await companyFromSession(t.db, token)).not.toBeNull();
    expect(await companyFromSession(t.db, token, new Date(Date.now() + (COMPANY_IDLE_S + 60) * 1000))).toBeNull();

    const hr2 = await hrUser(t.db, { companyId: companyA, email: 'gone@alpha.kz', phone: '+77011112277' });
    const admin = await enrolledStaff(t.db, { email: 'admin@school.kz', scopes: ['admin'] });
    const patch = await call(hrPatch, staffRequest(`/api/admin/companies/${companyA}/hr-users/${hr2.id}`, { method: 'PATCH', body: { disabled: true }, cookie: admin.cookie }), { id: String(companyA), userId: String(hr2.id) });
    expect(patch.status).toBe(200);
    expect((await call(me, companyRequest('/api/company/me', { cookie: hr2.cookie }))).status).toBe(401);
    expect((await call(login, companyRequest('/api/company/auth/login', { body: { email: 'gone@alpha.kz', password: 'Hr-Passw0rd!' } }))).status).toBe(403);
    // An HR person of another company, named through the wrong company's URL, is not found.
    const crossed = await call(hrPatch, staffRequest(`/api/admin/companies/${companyB}/hr-users/${hr2.id}`, { method: 'PATCH', body: { disabled: false }, cookie: admin.cookie }), { id: String(companyB), userId: String(hr2.id) });
    expect(crossed.status).toBe(404);
  });

  it('every portal call: 401 without the HR cookie (a staff cookie is not one), and only the own company through it', async () => {
    const a = await hrUser(t.db, { companyId: companyA, email: 'iso-a@alpha.kz', phone: '+77011112288' });
    const b = await hrUser(t.db, { companyId: companyB, email: 'iso-b@beta.kz', phone: '+77011112299' });
    const admin = await enrolledStaff(t.db, { email: 'iso-admin@school.kz', scopes: ['admin'] });
    // Company A's records, named by id in B's calls.
    const [employee] = await t.db
      .insert(companyEmployees)
      .values({ companyId: companyA, lastName: 'Альфаева', firstName: 'Алия', iinHash: 'alpha-hash', iinLast4: '0017', iinSealed: 'x', positionCode: 'A-1' })
      .returning();
    // A finished test of company A's employee, with its certificate (the real flow).
    const iin = validIin(7);
    await t.db.insert(companyEmployees).values({ companyId: companyA, lastName: 'Альфаева', firstName: 'Сая', iinHash: hashIin(iin, appSecret()), iinLast4: iin.slice(-4), iinSealed: 'x', positionCode: 'A-2' });
    const taken = await takeKazakhTest(t.db, { company: 'alpha', iin, lastName: 'Альфаева', firstName: 'Сая' });
    // An invoice of company A (a lesson pool), named in B's PDF call.
    const [invoice] = await t.db
      .insert(companyInvoices)
      .values({ number: 'TLM-2026-999001', companyId: companyA, lessons: 10, perLessonTiyn: 450_000, amountTiyn: 4_500_000, vatPayer: false, vatPercent: 0, vatTiyn: 0, school: { name: 'Tilmen', bin: null, address: null }, buyer: { name: 'ТОО «Альфа»', bin: '990140000385', address: null } })
      .returning();
    // A closed group of company A (open for seats), named in B's group calls.
    const tutorId = await insertTestUser(t.db, { role: 'tutor', phone: '+77011112277', name: 'Дина', lastname: 'Альфаева' });
    const [group] = await t.db
      .insert(groups)
      .values({ subject: 'kazakh', level: 'A2', ageBand: 'adults', tutorId, weekdays: [2, 4], startMinute: 18 * 60 + 30, startDate: '2099-01-06', lessonsCount: 8, pricePerLessonTiyn: 350_000, companyId: companyA, status: 'open', description: 'Альфа' })
      .returning();
    const ids: Record<string, string> = { A_EMPLOYEE: String(employee!.id), A_CERTIFICATE: taken.view.certificate!.number, A_INVOICE: String(invoice!.id), A_GROUP: String(group!.id) };
    for (const c of PORTAL_CALLS) {
      const handler = ((await import(c.module)) as Record<string, unknown>)[c.method];
      const params = c.params && Object.fromEntries(Object.entries(c.params).map(([k, v]) => [k, ids[v] ?? v]));
      const path = c.path.replace('[id]', params?.id ?? '').replace('[number]', params?.number ?? '');
      const upload = c.path.startsWith('/api/company/roster/') && c.method === 'POST';
      const body = c.body === undefined ? undefined : JSON.parse(JSON.stringify(c.body).replace(/"A_EMPLOYEE"/g, ids.A_EMPLOYEE!));
      const request = (cookie?: string) =>
        upload
          ? uploadRequest(path, { data: 'Фамилия;Имя;ИИН;Код должности\nБеков;Ерлан;061211600012;B-2\n', name: 'r.csv' }, { cookie, fields: { basis: 'yes' } })
          : companyRequest(path, { method: c.method, body, cookie });
      for (const cookie of [undefined, admin.cookie]) {
        const r = await call(handler, request(cookie), params);
        expect(r.status, `${c.method} ${c.path}`).toBe(401);
      }
      const r = await call(handler, request(b.cookie), params);
      const text = await r.text();
      expect(text, `${c.method} ${c.path}`).not.toMatch(/alpha|Альфа/i);
      expect(text, `${c.method} ${c.path}`).not.toMatch(/Альфаева/);
      if (c.params) expect([403, 404], `${c.method} ${c.path}`).toContain(r.status);
    }
    // Company A's employee is untouched, and B's calls landed in B's roster only.
    const [still] = await t.db.select().from(companyEmployees).where(eq(companyEmployees.id, employee!.id));
    expect(still).toMatchObject({ companyId: companyA, positionCode: 'A-1' });
    expect(await t.db.select().from(companyInvitations)).toHaveLength(0);
    expect(await t.db.select().from(groupSeats)).toHaveLength(0);
    expect(await t.db.select().from(companyInvoices).where(eq(companyInvoices.groupId, group!.id))).toHaveLength(0);
    // A's HR sees its own group (and the look is audited).
    const ownGroups = (await (await call((await import('./groups/route')).GET, companyRequest('/api/company/groups', { cookie: a.cookie }))).json()) as { groups: { id: number }[] };
    expect(ownGroups.groups.map((g) => g.id)).toEqual([group!.id]);
    expect((await t.db.select().from(auditLog).where(eq(auditLog.action, 'group.attendance'))).length).toBeGreaterThan(0);
    const bRows = await t.db.select().from(companyEmployees).where(eq(companyEmployees.companyId, companyB));
    expect(bRows.map((e) => e.lastName).sort()).toEqual(['Бекова', 'Беков'].sort());
    expect(await (await call(me, companyRequest('/api/company/me', { cookie: a.cookie }))).json()).toMatchObject({ company: { id: companyA } });
    // The HR cookie opens no back-office call.
    expect((await call(adminMe, staffRequest('/api/admin/me', { cookie: b.cookie }))).status).toBe(401);
  });
});
