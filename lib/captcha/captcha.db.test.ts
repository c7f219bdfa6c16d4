import { count } from 'drizzle-orm';
import { CONSENT_VERSION } from '@/lib/consent';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leads } from '@/lib/db/schema';
import { dbLabel, useTestDb } from '@/test/db';
import { startFakeRecaptcha } from '@/test/fake-recaptcha';
import { jsonRequest } from '@/test/http';

const SECRET = 'test-secret-0123456789';

describe(`captcha on the lead form, verified against a local siteverify (${dbLabel()})`, () => {
  const t = useTestDb({ asAppDb: true });
  let fake: Awaited<ReturnType<typeof startFakeRecaptcha>>;
  let POST: (req: Request) => Promise<Response>;
  let n = 10;
  const lead = (captchaToken?: string, phone = `+7 701 222 33 ${n++}`) =>
    POST(jsonRequest('/api/leads', { consent: CONSENT_VERSION, kind: 'feedback', name: 'Aru', phone, page: '/', captchaToken }, { locale: 'en' }));
  const stored = async () => (await t.db.select({ n: count() }).from(leads))[0]!.n;

  beforeAll(async () => {
    fake = await startFakeRecaptcha(SECRET);
    process.env.RECAPTCHA_SECRET_KEY = SECRET;
    process.env.RECAPTCHA_VERIFY_URL = fake.url;
    process.env.RECAPTCHA_HOSTNAMES = 'localhost';
    POST = (await import('@/app/api/leads/route')).POST as unknown as typeof POST;
  });
  afterAll(async () => {
    await fake.close();
  });

  it.each([
    ['no token', undefined],
    ['a low score', 'low-1'],
    ['another action', 'action-1'],
    ['another hostname', 'host-1'],
    ['an invalid token', 'bad-1'],
  ])('refuses %s with the captcha message and stores nothing', async (_, token) => {
    const before = await stored();
    const res = await lead(token);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: { code: 'captcha_failed', message: 'We could not confirm you are not a robot. Reload the page and try again.' },
    });
    expect(await stored()).toBe(before);
  });

  it('accepts a good token once, and refuses it the second time', async () => {
    expect((await lead('good-1', '+7 701 222 33 45')).status).toBe(201);
    expect((await lead('good-1', '+7 701 222 33 46')).status).toBe(400);
    const call = fake.calls.find((c) => c.get('response') === 'good-1');
    expect(call?.get('secret')).toBe(SECRET);
  });

  it('keeps the lead when the verify service itself is down (never lose a real request)', async () => {
    const before = await stored();
    expect((await lead('down-1', '+7 701 222 33 47')).status).toBe(201);
    expect(await stored()).toBe(before + 1);
  });

  it('asks for a captcha at login after two failures, and refuses a bad one', async () => {
    const { users } = await import('@/lib/db/schema');
    const { hashPassword } = await import('@/lib/auth/password');
    await t.db.insert(users).values({ role: 'student', name: 'C', lastname: 'K', phone: '+77013334455', passwordHash: await hashPassword('Captcha-2026') });
    const { POST } = await import('@/app/api/auth/login/route');
    const login = (password: string, captchaToken?: string) =>
      POST(jsonRequest('/api/auth/login', { login: '+77013334455', password, captchaToken }, { locale: 'en', ip: '192.0.2.44' }));
    expect((await login('Wrong-1111')).status).toBe(401);
    expect((await login('Wrong-2222')).status).toBe(401);
    const asked = await login('Captcha-2026');
    expect(asked.status).toBe(400);
    expect(((await asked.json()) as { error: { code: string } }).error.code).toBe('captcha_required');
    const low = await login('Captcha-2026', 'low-login');
    expect(low.status).toBe(400);
    // The fake answers action "lead" for good tokens: a login token must carry action "login".
    expect((await login('Captcha-2026', 'good-login')).status).toBe(400);
    expect((await login('Captcha-2026', 'act-login-1')).status).toBe(200);
  });
});
