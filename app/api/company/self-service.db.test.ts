import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { totpCode } from '@/lib/crypto/totp';
import { companyFromSession } from '@/lib/company-portal/sessions';
import type { OpenDb } from '@/lib/db/open';
import { auditLog, companyUsers, outbox } from '@/lib/db/schema';
import { createTestDb, dbLabel, setAppDb } from '@/test/db';
import { companyRequest, hrUser, insertCompany, mailedLinkToken } from '@/test/company';
import { call } from '@/test/staff';
import { clearOfWindowEnd } from '@/test/http';

/**
 * HR self-service (audit: HR could not change or reset their own password; turning off the app's
 * second factor needed no re-authentication).
 */
describe(`HR self-service: own password, forgotten password, turning the app off (${dbLabel()})`, () => {
  let t: OpenDb;
  let change: unknown, forgot: unknown, totpStart: unknown, totpConfirm: unknown, totpOff: unknown;
  let companyId: number;

  beforeAll(async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    t = await createTestDb();
    setAppDb(t);
    change = (await import('./password/change/route')).POST;
    forgot = (await import('./password/forgot/route')).POST;
    ({ POST: totpStart, DELETE: totpOff } = await import('./totp/route'));
    totpConfirm = (await import('./totp/confirm/route')).POST;
    companyId = await insertCompany(t.db, 'selfserve', 'ТОО «Сама»');
  });
  afterAll(() => t.close());

  it('changes the password with the current one (guesses limited); other sessions end; a mail tells the owner', async () => {
    await clearOfWindowEnd(15 * 60); // the guesses and the refusal in one rate-limit window
    const hr = await hrUser(t.db, { companyId, email: 'own@self.kz', phone: '+77011115001' });
    const other = await hrUser(t.db, { companyId, email: 'own2@self.kz', phone: '+77011115002' });
    const wrong = await call(change, companyRequest('/api/company/password/change', { body: { current: 'Nope-Passw0rd1', password: 'Fresh-Passw0rd1', confirm: 'Fresh-Passw0rd1' }, cookie: hr.cookie, locale: 'en' }));
    expect(wrong.status).toBe(422);
    expect(((await wrong.json()) as { error: { fields: Record<string, string> } }).error.fields.current).toBeTruthy();
    const ok = await call(change, companyRequest('/api/company/password/change', { body: { current: 'Hr-Passw0rd!', password: 'Fresh-Passw0rd1', confirm: 'Fresh-Passw0rd1' }, cookie: hr.cookie }));
    expect(ok.status).toBe(200);
    const fresh = /tilmen_company=([^;]+)/.exec(ok.headers.get('set-cookie') ?? '')![1]!;
    expect(await companyFromSession(t.db, hr.cookie.split('=')[1])).toBeNull();
    expect(await companyFromSession(t.db, fresh)).not.toBeNull();
    expect(await companyFromSession(t.db, other.cookie.split('=')[1])).not.toBeNull();
    const [mail] = await t.db.select().from(outbox).where(and(eq(outbox.recipient, 'own@self.kz'), eq(outbox.channel, 'email'))).orderBy(desc(outbox.id)).limit(1);
    expect(mail!.subject).toMatch(/пароль/i);
    expect(await t.db.$count(auditLog, eq(auditLog.action, 'company_user.password_change'))).toBe(1);
    // Five wrong guesses, then even the right one waits.
    const cookie = `tilmen_company=${fresh}`;
    for (let i = 0; i < 5; i++) await call(change, companyRequest('/api/company/password/change', { body: { current: `Guess-Passw0rd${i}`, password: 'Other-Passw0rd1', confirm: 'Other-Passw0rd1' }, cookie }));
    expect((await call(change, companyRequest('/api/company/password/change', { body: { current: 'Fresh-Passw0rd1', password: 'Other-Passw0rd1', confirm: 'Other-Passw0rd1' }, cookie }))).status).toBe(429);
  });

  it('forgot password: the same answer for any address; a known one gets a fresh link, which still leads through the SMS code', async () => {
    await hrUser(t.db, { companyId, email: 'lost@self.kz', phone: '+77011115003' });
    const first = await mailedLinkToken(t.db, 'lost@self.kz');
    const known = await call(forgot, companyRequest('/api/company/password/forgot', { body: { email: 'LOST@self.kz' } }));
    const unknown = await call(forgot, companyRequest('/api/company/password/forgot', { body: { email: 'nobody@self.kz' } }));
    expect([known.status, unknown.status]).toEqual([200, 200]);
    expect(await known.json()).toEqual(await unknown.json());
    const token = await mailedLinkToken(t.db, 'lost@self.kz');
    expect(token).not.toBe(first);
    expect(await t.db.select().from(outbox).where(eq(outbox.recipient, 'nobody@self.kz'))).toHaveLength(0);
    const setPassword = (await import('./password/set/route')).POST;
    const set = await call(setPassword, companyRequest('/api/company/password/set', { body: { token, password: 'Found-Passw0rd1', confirm: 'Found-Passw0rd1' } }));
    expect(set.status).toBe(200);
    expect(set.headers.get('set-cookie')).toBeNull();
    expect(await set.json()).toMatchObject({ step: 'code', via: 'sms' });
    // Three mails an hour per address at most: the fourth request answers alike and sends nothing.
    for (let i = 0; i < 3; i++) await call(forgot, companyRequest('/api/company/password/forgot', { body: { email: 'lost@self.kz' } }));
    const mails = await t.db.select().from(outbox).where(and(eq(outbox.recipient, 'lost@self.kz'), eq(outbox.channel, 'email')));
    expect(mails.filter((m) => /#[\w-]{20,}/.test(m.body)).length).toBeLessThanOrEqual(1 + 3);
  });

  it('turning the authenticator app off needs the password and a fresh code, not just the session', async () => {
    const hr = await hrUser(t.db, { companyId, email: 'app@self.kz', phone: '+77011115004' });
    const offer = (await (await call(totpStart, companyRequest('/api/company/totp', { method: 'POST', cookie: hr.cookie }))).json()) as { secret: string };
    const at = Date.now();
    expect((await call(totpConfirm, companyRequest('/api/company/totp/confirm', { body: { code: await totpCode(offer.secret, at) }, cookie: hr.cookie }))).status).toBe(200);
    const bare = await call(totpOff, companyRequest('/api/company/totp', { method: 'DELETE', body: {}, cookie: hr.cookie }));
    expect(bare.status).toBe(422);
    const later = at + 30_000;
    vi.useFakeTimers({ now: later, toFake: ['Date'] });
    try {
      const code = await totpCode(offer.secret, later);
      expect((await call(totpOff, companyRequest('/api/company/totp', { method: 'DELETE', body: { password: 'Wrong-Passw0rd1', code }, cookie: hr.cookie }))).status).toBe(422);
      expect((await call(totpOff, companyRequest('/api/company/totp', { method: 'DELETE', body: { password: 'Hr-Passw0rd!', code }, cookie: hr.cookie }))).status).toBe(200);
    } finally {
      vi.useRealTimers();
    }
    const [row] = await t.db.select().from(companyUsers).where(eq(companyUsers.email, 'app@self.kz'));
    expect(row!.totpSecret).toBeNull();
  });
});
