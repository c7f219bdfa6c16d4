import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, staff } from '@/lib/db/schema';
import type { OpenDb } from '@/lib/db/open';
import { bootstrapAdmin } from '@/lib/staff/bootstrap';
import { totpCode } from '@/lib/crypto/totp';
import { createTestDb, dbLabel, setAppDb } from '@/test/db';
import { call, enrolledStaff, staffRequest } from '@/test/staff';
import { clearOfWindowEnd } from '@/test/http';

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

describe(`staff sign-in with TOTP, sessions and scopes (${dbLabel()})`, () => {
  let t: OpenDb;
  let login: unknown, me: unknown, staffList: unknown, staffPatch: unknown, enrolOpen: unknown, enrolFinish: unknown, audit: unknown;

  beforeAll(async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    t = await createTestDb();
    setAppDb(t);
    login = (await import('./auth/login/route')).POST;
    me = (await import('./me/route')).GET;
    ({ GET: staffList } = await import('./staff/route'));
    staffPatch = (await import('./staff/[id]/route')).PATCH;
    enrolOpen = (await import('./enrol/route')).POST;
    enrolFinish = (await import('./enrol/finish/route')).POST;
    audit = (await import('./audit/route')).GET;
  });
  afterAll(() => t.close());

  it('the first admin enrols through the link: QR secret, password, first code; recovery codes once; the link is spent', async () => {
    const { link } = await bootstrapAdmin(t.db, { email: 'Boss@School.kz', name: 'Айгерим Садыкова', locale: 'ru' });
    const token = link.split('#')[1]!;
    const opened = await call(enrolOpen, staffRequest('/api/admin/enrol', { body: { token } }));
    expect(opened.status).toBe(200);
    const { secret, email } = (await opened.json()) as { secret: string; email: string };
    expect(email).toBe('boss@school.kz');
    const wrong = await call(enrolFinish, staffRequest('/api/admin/enrol/finish', { body: { token, password: 'Boss-Passw0rd', confirm: 'Boss-Passw0rd', code: '000000' }, locale: 'en' }));
    expect(wrong.status).toBe(422);
    expect(((await wrong.json()) as ErrorBody).error.fields?.code).toBe('Wrong code from the app');
    const ok = await call(enrolFinish, staffRequest('/api/admin/enrol/finish', { body: { token, password: 'Boss-Passw0rd', confirm: 'Boss-Passw0rd', code: await totpCode(secret) } }));
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { recoveryCodes: string[] }).recoveryCodes).toHaveLength(10);
    expect(ok.headers.get('set-cookie')).toMatch(/tilmen_staff=.+HttpOnly.+SameSite=strict/i);
    const again = await call(enrolOpen, staffRequest('/api/admin/enrol', { body: { token } }));
    expect(again.status).toBe(410);
  });

  it('sign-in needs password and a fresh TOTP code: the same code twice is refused (replay)', async () => {
    const s = await enrolledStaff(t.db, { email: 'sales1@school.kz', scopes: ['sales'] });
    const at = Date.now() + 30_000; // the next step: enrolment spent the current one
    vi.useFakeTimers({ now: at, toFake: ['Date'] });
    try {
      const code = await s.code(at);
      const body = { email: 'sales1@school.kz', password: 'Staff-Passw0rd', code };
      const first = await call(login, staffRequest('/api/admin/auth/login', { body }));
      expect(first.status).toBe(200);
      const replay = await call(login, staffRequest('/api/admin/auth/login', { body }));
      expect(replay.status).toBe(401);
      const wrongPassword = await call(login, staffRequest('/api/admin/auth/login', { body: { ...body, password: 'Nope-Passw0rd' }, locale: 'kk' }));
      expect(wrongPassword.status).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });

  it('lock-out (M1): 5 wrong codes from elsewhere lock the shared bucket, but the browser that signed in before still gets in', async () => {
    await clearOfWindowEnd(15 * 60); // the guesses and the refusal in one rate-limit window
    // Fixed windows: start at a window's beginning (and past the enrolment's TOTP step).
    const start = Math.ceil((Date.now() + 60_000) / 900_000) * 900_000 + 1000;
    vi.useFakeTimers({ now: start, toFake: ['Date'] });
    try {
      const s = await enrolledStaff(t.db, { email: 'owner@school.kz', scopes: ['sales'] });
      vi.setSystemTime(start + 30_000); // enrolment spent the current step
      const first = await call(login, staffRequest('/api/admin/auth/login', { body: { email: 'owner@school.kz', password: 'Staff-Passw0rd', code: await s.code(start + 30_000) } }));
      expect(first.status).toBe(200);
      const setCookie = first.headers.get('set-cookie') ?? '';
      expect(setCookie).toMatch(/tilmen_staff_dev=[^;]+;.*Path=\/api\/admin\/auth\/;.*HttpOnly/i);
      const device = /tilmen_staff_dev=[^;]+/.exec(setCookie)![0];
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const r = await call(login, staffRequest('/api/admin/auth/login', { body: { email: 'owner@school.kz', password: `Guess${i}-Wrong!`, code: '000000' } }));
        statuses.push(r.status);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
      const later = start + 90_000; // a fresh TOTP step
      vi.setSystemTime(later);
      const right = { email: 'owner@school.kz', password: 'Staff-Passw0rd', code: await s.code(later) };
      expect((await call(login, staffRequest('/api/admin/auth/login', { body: right }))).status).toBe(429);
      expect((await call(login, staffRequest('/api/admin/auth/login', { body: right, cookie: device }))).status).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a recovery code works once', async () => {
    const s = await enrolledStaff(t.db, { email: 'rev1@school.kz', scopes: ['reviewer'] });
    const body = { email: 'rev1@school.kz', password: 'Staff-Passw0rd', code: s.recoveryCodes[0]! };
    expect((await call(login, staffRequest('/api/admin/auth/login', { body }))).status).toBe(200);
    expect((await call(login, staffRequest('/api/admin/auth/login', { body }))).status).toBe(401);
  });

  it('no session is 401, a missing scope 403 with the error shape in the request language', async () => {
    expect((await call(me, staffRequest('/api/admin/me'))).status).toBe(401);
    const sales = await enrolledStaff(t.db, { email: 'sales2@school.kz', scopes: ['sales'] });
    expect((await call(me, staffRequest('/api/admin/me', { cookie: sales.cookie }))).status).toBe(200);
    const res = await call(staffList, staffRequest('/api/admin/staff', { cookie: sales.cookie, locale: 'kk' }));
    expect(res.status).toBe(403);
    expect(((await res.json()) as ErrorBody).error).toMatchObject({ code: 'forbidden', message: 'Бұл әрекетке құқығыңыз жоқ.' });
  });

  it('disabling a member ends their sessions at once and is in the audit log with before/after', async () => {
    const admin = await enrolledStaff(t.db, { email: 'admin2@school.kz', scopes: ['admin'] });
    const victim = await enrolledStaff(t.db, { email: 'sales3@school.kz', scopes: ['sales'] });
    expect((await call(me, staffRequest('/api/admin/me', { cookie: victim.cookie }))).status).toBe(200);
    const res = await call(staffPatch, staffRequest(`/api/admin/staff/${victim.id}`, { method: 'PATCH', body: { disabled: true }, cookie: admin.cookie }), { id: String(victim.id) });
    expect(res.status).toBe(200);
    expect((await call(me, staffRequest('/api/admin/me', { cookie: victim.cookie }))).status).toBe(401);
    const [row] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'staff.disable'));
    expect(row).toMatchObject({ actorId: admin.id, entity: 'staff', entityId: String(victim.id), before: { disabled: false }, after: { disabled: true } });
    const self = await call(staffPatch, staffRequest(`/api/admin/staff/${admin.id}`, { method: 'PATCH', body: { disabled: true }, cookie: admin.cookie }), { id: String(admin.id) });
    expect(self.status).toBe(409);
    const list = await call(audit, staffRequest('/api/admin/audit?action=staff.', { cookie: admin.cookie }));
    expect(((await list.json()) as { total: number }).total).toBeGreaterThan(0);
  });

  it('taking a scope away ends the member’s sessions (I2); adding one keeps them', async () => {
    const admin = await enrolledStaff(t.db, { email: 'admin3@school.kz', scopes: ['admin'] });
    const member = await enrolledStaff(t.db, { email: 'both@school.kz', scopes: ['sales', 'reviewer'] });
    const patch = (scopes: string[]) => call(staffPatch, staffRequest(`/api/admin/staff/${member.id}`, { method: 'PATCH', body: { scopes }, cookie: admin.cookie }), { id: String(member.id) });
    expect((await patch(['sales', 'reviewer', 'admin'])).status).toBe(200);
    expect((await call(me, staffRequest('/api/admin/me', { cookie: member.cookie }))).status).toBe(200);
    expect((await patch(['sales'])).status).toBe(200);
    expect((await call(me, staffRequest('/api/admin/me', { cookie: member.cookie }))).status).toBe(401);
  });

  it('the audit log cannot be edited or deleted, even with direct SQL', async () => {
    await expect(t.db.update(auditLog).set({ action: 'x' })).rejects.toThrow();
    await expect(t.db.delete(auditLog)).rejects.toThrow();
    expect((await t.db.select().from(staff)).length).toBeGreaterThan(0);
  });
});
