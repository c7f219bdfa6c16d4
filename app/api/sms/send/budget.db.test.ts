import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { outbox, smsCodes, users } from '@/lib/db/schema';
import { budgetSpent } from '@/lib/sms/codes';
import { dbLabel, useTestDb } from '@/test/db';
import { startFakeRecaptcha } from '@/test/fake-recaptcha';
import { clockStandsStill, jsonRequest } from '@/test/http';
import { POST } from './route';

const SECRET = 'recaptcha-test-secret-sms-budget';
// Read once, at the first request of this file: a main budget of 6 and a reset budget of 4, strict
// captcha (score ≥ 0.7, no outage pass) from half of either; the usual minimum is lowered to 0.05
// so that a 0.1 token passes while the budget is fresh.
const ENV = {
  RECAPTCHA_MIN_SCORE: '0.05',
  RECAPTCHA_HOSTNAMES: 'localhost',
  SMS_DAILY_BUDGET: '6',
  SMS_RESET_DAILY_BUDGET: '4',
  SMS_STRICT_CAPTCHA_AT: '0.5',
  SMS_STRICT_CAPTCHA_SCORE: '0.7',
};

type ErrorBody = { error: { code: string; message: string } };

async function snapshot(res: Response) {
  return { status: res.status, body: await res.text(), type: res.headers.get('content-type'), cache: res.headers.get('cache-control') };
}

describe(`POST /api/sms/send: the daily budgets cannot be spent by one actor for everyone (${dbLabel()})`, () => {
  const t = useTestDb({ asAppDb: true });
  let verify: Awaited<ReturnType<typeof startFakeRecaptcha>>;
  beforeAll(async () => {
    verify = await startFakeRecaptcha(SECRET);
    Object.assign(process.env, ENV, { RECAPTCHA_SECRET_KEY: SECRET, RECAPTCHA_VERIFY_URL: verify.url });
    vi.spyOn(console, 'info').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterAll(async () => {
    for (const key of [...Object.keys(ENV), 'RECAPTCHA_SECRET_KEY', 'RECAPTCHA_VERIFY_URL']) delete process.env[key];
    await verify.close();
  });

  // Every request from its own network, so only the budgets and the captcha are in play.
  let net = 0;
  let tok = 0;
  const send = (phone: string, purpose: 'register' | 'reset' | 'lesson', token: string | null = `act-sms-t${++tok}`) =>
    POST(
      jsonRequest('/api/sms/send', { phone, purpose, ...(token ? { captchaToken: token } : {}) }, { locale: 'en', ip: `198.18.${++net}.7` }),
    );
  const codesFor = async (phone: string) => Number((await t.db.select({ n: count() }).from(smsCodes).where(eq(smsCodes.phone, phone)))[0]!.n);
  const smsTo = async (phone: string) => Number((await t.db.select({ n: count() }).from(outbox).where(eq(outbox.recipient, phone)))[0]!.n);
  const account = (phone: string) => t.db.insert(users).values({ role: 'student', name: 'Ержан', lastname: 'Омаров', phone, passwordHash: 'x' });

  it('once half the day\'s budget is spent, a send needs a passing captcha with a higher score, Google outage or not', async () => {
    // Fresh budget: a weak score (0.1 ≥ 0.05) passes, and an outage is let through.
    expect((await send('+7 701 310 00 01', 'register', 'act-sms-a1-low')).status).toBe(202);
    expect((await send('+7 701 320 00 01', 'register', 'down-a2')).status).toBe(202);
    expect((await send('+7 701 330 00 01', 'register')).status).toBe(202);
    expect(await budgetSpent(t.db, 'main')).toBe(3);

    // Half spent: the weak score, a missing token and an outage are all refused, before anything is stored.
    const weak = await send('+7 701 340 00 01', 'register', 'act-sms-a4-low');
    expect(weak.status).toBe(400);
    expect(((await weak.json()) as ErrorBody).error.code).toBe('captcha_failed');
    expect((await send('+7 701 340 00 01', 'register', null)).status).toBe(400);
    const outage = await send('+7 701 340 00 01', 'register', 'down-a5');
    expect(outage.status).toBe(503);
    expect(outage.headers.get('retry-after')).toBe('60');
    expect(((await outage.json()) as ErrorBody).error).toEqual({
      code: 'sms_unavailable',
      message: 'Sending SMS is temporarily unavailable. Please try again later or contact support.',
    });
    expect(await codesFor('+77013400001')).toBe(0);
    expect(await budgetSpent(t.db, 'main')).toBe(3);
    // A good score still gets its code.
    expect((await send('+7 701 340 00 01', 'register')).status).toBe(202);
  });

  it('an actor who spends the main budget cannot stop the password reset of an existing account', async () => {
    clockStandsStill(); // one fixed rate-limit window for every call below
    for (const phone of ['+7 702 410 00 01', '+7 702 420 00 01']) expect((await send(phone, 'register')).status).toBe(202);
    const spent = await send('+7 702 430 00 01', 'register');
    expect(spent.status).toBe(429);
    expect(((await spent.json()) as ErrorBody).error.code).toBe('sms_unavailable');
    // Lesson codes draw on the main budget too.
    expect((await send('+7 702 440 00 01', 'lesson')).status).toBe(429);

    await account('+77024500001');
    const reset = await send('+7 702 450 00 01', 'reset');
    expect(reset.status).toBe(202);
    expect(await reset.json()).toEqual({ sent: true, resendAfter: 60, expiresIn: 300 });
    expect(await smsTo('+77024500001')).toBe(1);
    expect(await budgetSpent(t.db, 'reset')).toBe(1);
  });

  it('a reset for a phone without an account sends nothing and is answered exactly like one with an account', async () => {
    clockStandsStill(); // one fixed rate-limit window for every call below
    await account('+77055100001');
    const phones = ['+7 705 510 00 01', '+7 705 520 00 02'];
    const first = await Promise.all(phones.map(async (phone) => snapshot(await send(phone, 'reset'))));
    expect(first[0]).toMatchObject({ status: 202, cache: 'no-store' });
    expect(first[1]).toEqual(first[0]);
    expect(await smsTo('+77055100001')).toBe(1);
    expect(await smsTo('+77055200002')).toBe(0);
    // Only the real send spends the reset budget.
    expect(await budgetSpent(t.db, 'reset')).toBe(2);

    // Asked again too soon: refused alike, because the phone's history holds both.
    const again = await Promise.all(phones.map(async (phone) => send(phone, 'reset')));
    const retry = again.map((r) => r.headers.get('retry-after'));
    expect(retry.every((r) => /^(59|60)$/.test(r ?? ''))).toBe(true);
    const [a, b] = await Promise.all(again.map(snapshot));
    expect(a).toMatchObject({ status: 429 });
    expect(b).toEqual(a);
    expect(await smsTo('+77055200002')).toBe(0);
  });

  it('the reset budget has its own strict captcha and cap; when it is spent, phones with and without an account are refused alike', async () => {
    clockStandsStill(); // one fixed rate-limit window for every call below
    // Half of the reset budget (2 of 4) is spent: a weak score is refused for resets too.
    expect((await send('+7 707 610 00 01', 'reset', 'act-sms-d1-low')).status).toBe(400);
    for (const phone of ['+77076200001', '+77076300001', '+77076400001']) await account(phone);
    expect((await send('+7 707 620 00 01', 'reset')).status).toBe(202);
    expect((await send('+7 707 630 00 01', 'reset')).status).toBe(202);
    expect(await budgetSpent(t.db, 'reset')).toBe(4);
    const known = await send('+7 707 640 00 01', 'reset');
    const unknown = await send('+7 707 650 00 01', 'reset');
    expect(known.status).toBe(429);
    expect(unknown.status).toBe(429);
    expect(Math.abs(Number(known.headers.get('retry-after')) - Number(unknown.headers.get('retry-after')))).toBeLessThanOrEqual(1);
    expect(await unknown.text()).toBe(await known.text());
    expect(await codesFor('+77076400001')).toBe(0);
    expect(await codesFor('+77076500001')).toBe(0);
  });
});
