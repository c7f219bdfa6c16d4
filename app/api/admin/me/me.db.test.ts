import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OpenDb } from '@/lib/db/open';
import { auditLog, outbox } from '@/lib/db/schema';
import { openStaffSession } from '@/lib/staff/sessions';
import { createTestDb, dbLabel, setAppDb } from '@/test/db';
import { call, enrolledStaff, staffRequest } from '@/test/staff';
import { clearOfWindowEnd } from '@/test/http';

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

describe(`my account: password and recovery codes (${dbLabel()})`, () => {
  let t: OpenDb;
  let me: unknown, password: unknown, recovery: unknown, login: unknown;
  // Each TOTP code is taken once per 30-second step: the clock moves a step for every code used.
  let clock = 0;
  const nextStep = () => {
    vi.useRealTimers();
    clock = Math.max(clock, Date.now()) + 30_000;
    vi.useFakeTimers({ now: clock, toFake: ['Date'] });
    return clock;
  };

  beforeAll(async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    t = await createTestDb();
    setAppDb(t);
    me = (await import('../me/route')).GET;
    password = (await import('./password/route')).POST;
    recovery = (await import('./recovery-codes/route')).POST;
    login = (await import('../auth/login/route')).POST;
  });
  afterEach(() => vi.useRealTimers());
  afterAll(() => t.close());

  const signIn = (email: string, pw: string, code: string) => call(login, staffRequest('/api/admin/auth/login', { body: { email, password: pw, code } }));

  it('needs the current password and a fresh code from the app; ends the other sessions, keeps this one, tells the owner', async () => {
    const s = await enrolledStaff(t.db, { email: 'manager@school.kz', scopes: ['sales'], name: 'Әлия Серікова' });
    const laptop = `tilmen_staff=${await openStaffSession(t.db, s.id, 'other')}`;
    const body = { current: 'Staff-Passw0rd', password: 'New-Steppe-2026', confirm: 'New-Steppe-2026' };

    let at = nextStep();
    const wrongCode = await call(password, staffRequest('/api/admin/me/password', { body: { ...body, code: '000000' }, cookie: s.cookie, locale: 'kk' }));
    expect(wrongCode.status).toBe(422);
    expect(((await wrongCode.json()) as ErrorBody).error.fields).toEqual({ code: 'Қолданбадағы код қате' });
    const wrongPassword = await call(password, staffRequest('/api/admin/me/password', { body: { ...body, current: 'Nope-Passw0rd', code: await s.code(at) }, cookie: s.cookie, locale: 'en' }));
    expect(wrongPassword.status).toBe(422);
    expect(((await wrongPassword.json()) as ErrorBody).error.fields).toEqual({ current: 'The current password is wrong' });
    const weak = await call(password, staffRequest('/api/admin/me/password', { body: { ...body, password: 'short', confirm: 'short', code: await s.code(at) }, cookie: s.cookie }));
    expect(weak.status).toBe(422);
    // Nothing changed so far: both sessions live.
    expect((await call(me, staffRequest('/api/admin/me', { cookie: laptop }))).status).toBe(200);

    const ok = await call(password, staffRequest('/api/admin/me/password', { body: { ...body, code: await s.code(at) }, cookie: s.cookie }));
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ ok: true, endedSessions: 1 });
    expect((await call(me, staffRequest('/api/admin/me', { cookie: laptop }))).status).toBe(401);
    expect((await call(me, staffRequest('/api/admin/me', { cookie: s.cookie }))).status).toBe(200);
    // The same code again is a replay.
    const replay = await call(password, staffRequest('/api/admin/me/password', { body: { ...body, current: 'New-Steppe-2026', code: await s.code(at) }, cookie: s.cookie }));
    expect(replay.status).toBe(422);

    at = nextStep();
    expect((await signIn('manager@school.kz', 'Staff-Passw0rd', await s.code(at))).status).toBe(401);
    at = nextStep();
    expect((await signIn('manager@school.kz', 'New-Steppe-2026', await s.code(at))).status).toBe(200);

    const [row] = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'staff.password'), eq(auditLog.entityId, String(s.id))));
    expect(row).toMatchObject({ actorId: s.id, entity: 'staff', after: { endedSessions: 1 } });
    expect(JSON.stringify(row)).not.toContain('New-Steppe-2026');
    const mails = await t.db.select().from(outbox).where(eq(outbox.recipient, 'manager@school.kz'));
    expect(mails.map((m) => m.body).join('\n')).toContain('Әлия Серікова');
  });

  it('new recovery codes need a code from the app; the old ones stop working, the new ones work once', async () => {
    const s = await enrolledStaff(t.db, { email: 'reviewer@school.kz', scopes: ['reviewer'] });
    let at = nextStep();
    const wrong = await call(recovery, staffRequest('/api/admin/me/recovery-codes', { body: { code: '123456' }, cookie: s.cookie }));
    expect(wrong.status).toBe(422);
    const byRecovery = await call(recovery, staffRequest('/api/admin/me/recovery-codes', { body: { code: s.recoveryCodes[0] }, cookie: s.cookie }));
    expect(byRecovery.status).toBe(422); // a recovery code cannot mint new ones
    const res = await call(recovery, staffRequest('/api/admin/me/recovery-codes', { body: { code: await s.code(at) }, cookie: s.cookie }));
    expect(res.status).toBe(200);
    const { recoveryCodes } = (await res.json()) as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);
    expect(recoveryCodes).not.toContain(s.recoveryCodes[1]);

    expect((await signIn('reviewer@school.kz', 'Staff-Passw0rd', s.recoveryCodes[1]!)).status).toBe(401);
    expect((await signIn('reviewer@school.kz', 'Staff-Passw0rd', recoveryCodes[0]!)).status).toBe(200);
    expect((await signIn('reviewer@school.kz', 'Staff-Passw0rd', recoveryCodes[0]!)).status).toBe(401);
    at = nextStep();
    expect((await signIn('reviewer@school.kz', 'Staff-Passw0rd', await s.code(at))).status).toBe(200);
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.action, 'staff.recovery'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorId: s.id, entityId: String(s.id), after: { codes: 10 } });
    expect(JSON.stringify(rows[0])).not.toContain(recoveryCodes[0]);
  });

  it('guesses are limited: after five wrong codes even the right one waits', async () => {
    await clearOfWindowEnd(15 * 60); // the guesses and the refusal in one rate-limit window
    const s = await enrolledStaff(t.db, { email: 'guess@school.kz', scopes: ['admin'] });
    const at = nextStep();
    for (let i = 0; i < 5; i++) {
      expect((await call(recovery, staffRequest('/api/admin/me/recovery-codes', { body: { code: `00000${i}` }, cookie: s.cookie }))).status).toBe(422);
    }
    const limited = await call(recovery, staffRequest('/api/admin/me/recovery-codes', { body: { code: await s.code(at) }, cookie: s.cookie }));
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});
