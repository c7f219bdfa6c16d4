import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CONSENT_VERSION } from '@/lib/consent';
import { leads, smsCodes, users } from '@/lib/db/schema';
import { dbLabel, useTestDb } from '@/test/db';
import { startFakeRecaptcha } from '@/test/fake-recaptcha';
import { jsonRequest } from '@/test/http';
import en from '@/messages/en.json';
import kk from '@/messages/kk.json';

const SECRET = 'v3-test-secret-0123456789';
const V2_SECRET = 'v2-test-secret-0123456789';
type Route = (req: Request) => Promise<Response>;
type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

describe(`reCAPTCHA v3 with the v2 checkbox for a low score, against a local siteverify (${dbLabel()})`, () => {
  const t = useTestDb({ asAppDb: true });
  let fake: Awaited<ReturnType<typeof startFakeRecaptcha>>;
  let leadsPost: Route;
  let smsPost: Route;
  let loginPost: Route;
  let resetPost: Route;
  let n = 10;
  const lead = (proof: Record<string, unknown>, locale = 'en', phone = `+7 701 444 55 ${n++}`) =>
    leadsPost(jsonRequest('/api/leads', { kind: 'feedback', name: 'Aru', phone, page: '/', consent: CONSENT_VERSION, ...proof }, { locale }));
  const stored = async () => (await t.db.select({ n: count() }).from(leads))[0]!.n;
  const codes = async () => (await t.db.select({ n: count() }).from(smsCodes))[0]!.n;
  const errorOf = async (res: Response) => ((await res.json()) as ErrorBody).error;

  beforeAll(async () => {
    fake = await startFakeRecaptcha(SECRET, { v2Secret: V2_SECRET });
    process.env.RECAPTCHA_SECRET_KEY = SECRET;
    process.env.RECAPTCHA_V2_SECRET_KEY = V2_SECRET;
    process.env.RECAPTCHA_VERIFY_URL = fake.url;
    process.env.RECAPTCHA_HOSTNAMES = 'localhost';
    // Every SMS send is "strict" (score 0.7, no outage pass) from the first one.
    process.env.SMS_STRICT_CAPTCHA_AT = '0';
    vi.spyOn(console, 'info').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    leadsPost = (await import('@/app/api/leads/route')).POST as unknown as Route;
    smsPost = (await import('@/app/api/sms/send/route')).POST as unknown as Route;
    loginPost = (await import('@/app/api/auth/login/route')).POST as unknown as Route;
    resetPost = (await import('@/app/api/auth/reset/email/route')).POST as unknown as Route;
  });
  afterAll(async () => {
    for (const k of ['RECAPTCHA_SECRET_KEY', 'RECAPTCHA_V2_SECRET_KEY', 'RECAPTCHA_VERIFY_URL', 'RECAPTCHA_HOSTNAMES', 'SMS_STRICT_CAPTCHA_AT']) delete process.env[k];
    await fake.close();
  });

  it('answers a low v3 score with captcha_challenge in the visitor language, and stores nothing', async () => {
    const before = await stored();
    const res = await lead({ captchaToken: 'low-1', captchaKind: 'v3' }, 'kk');
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toEqual({ code: 'captcha_challenge', message: kk.Errors.captcha_challenge });
    // A token sent without captchaKind is a v3 token (clients written before v2).
    expect((await errorOf(await lead({ captchaToken: 'low-2' }))).code).toBe('captcha_challenge');
    expect(await stored()).toBe(before);
  });

  it('accepts the checkbox token that follows (v2 secret, no score or action) once', async () => {
    const before = await stored();
    expect((await lead({ captchaToken: 'v2-good-1', captchaKind: 'v2' })).status).toBe(201);
    expect(fake.calls.at(-1)!.get('secret')).toBe(V2_SECRET);
    const again = await lead({ captchaToken: 'v2-good-1', captchaKind: 'v2' });
    expect(again.status).toBe(400);
    expect((await errorOf(again)).code).toBe('captcha_failed');
    expect(await stored()).toBe(before + 1);
  });

  it.each([
    ['a v2 token from another hostname', { captchaToken: 'v2-host-1', captchaKind: 'v2' }],
    ['a v2 token sent as v3', { captchaToken: 'v2-good-2', captchaKind: 'v3' }],
    ['a v3 token sent as v2', { captchaToken: 'good-3', captchaKind: 'v2' }],
    ['a v3 token for another action', { captchaToken: 'action-1', captchaKind: 'v3' }],
    ['no token', {}],
  ])('refuses %s with captcha_failed (only a low score earns the checkbox)', async (_, proof) => {
    const res = await lead(proof);
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toEqual({ code: 'captcha_failed', message: en.Errors.captcha_failed });
  });

  it('refuses an unknown captchaKind as a field error', async () => {
    const res = await lead({ captchaToken: 'v2-good-4', captchaKind: 'v4' });
    expect(res.status).toBe(422);
    expect((await errorOf(res)).fields).toHaveProperty('captchaKind');
  });

  it('SMS: under the strict score a v3 score short of it is a challenge; the checkbox sends the code', async () => {
    const send = (captchaToken: string, captchaKind: string) =>
      smsPost(jsonRequest('/api/sms/send', { phone: '+7 701 444 66 01', purpose: 'register', captchaToken, captchaKind }, { locale: 'en' }));
    const before = await codes();
    expect((await errorOf(await send('act-sms-1-low', 'v3'))).code).toBe('captcha_challenge');
    expect(await codes()).toBe(before);
    expect((await send('v2-sms-1', 'v2')).status).toBe(202);
    expect(await codes()).toBe(before + 1);
    // Strict mode still refuses when Google cannot be asked, v2 or not.
    const down = await smsPost(jsonRequest('/api/sms/send', { phone: '+7 701 444 66 02', purpose: 'register', captchaToken: 'v2-down-1', captchaKind: 'v2' }));
    expect(down.status).toBe(503);
  });

  it('login after failures: a low score gets the checkbox, not another "captcha required"', async () => {
    const { hashPassword } = await import('@/lib/auth/password');
    await t.db.insert(users).values({ role: 'student', name: 'V', lastname: 'T', phone: '+77014447788', passwordHash: await hashPassword('Checkbox-2026') });
    const login = (password: string, proof: Record<string, unknown> = {}) =>
      loginPost(jsonRequest('/api/auth/login', { login: '+77014447788', password, ...proof }, { locale: 'en', ip: '192.0.2.77' }));
    expect((await login('Wrong-1111')).status).toBe(401);
    expect((await login('Wrong-2222')).status).toBe(401);
    expect((await errorOf(await login('Checkbox-2026'))).code).toBe('captcha_required');
    expect((await errorOf(await login('Checkbox-2026', { captchaToken: 'act-login-2-low', captchaKind: 'v3' }))).code).toBe('captcha_challenge');
    expect((await login('Checkbox-2026', { captchaToken: 'v2-login-1', captchaKind: 'v2' })).status).toBe(200);
  });

  it('reset by e-mail: the same challenge, then 202 with the checkbox token', async () => {
    const reset = (proof: Record<string, unknown>) => resetPost(jsonRequest('/api/auth/reset/email', { email: 'v2@example.com', ...proof }, { locale: 'en' }));
    expect((await errorOf(await reset({ captchaToken: 'act-reset-1-low', captchaKind: 'v3' }))).code).toBe('captcha_challenge');
    expect((await reset({ captchaToken: 'v2-reset-1', captchaKind: 'v2' })).status).toBe(202);
  });
});
