import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { smsCodes } from '@/lib/db/schema';
import { dbLabel, useTestDb } from '@/test/db';
import { startFakeRecaptcha } from '@/test/fake-recaptcha';
import { jsonRequest } from '@/test/http';
import { POST } from './route';

const SECRET = 'recaptcha-test-secret-sms';

describe(`POST /api/sms/send with reCAPTCHA configured (${dbLabel()})`, () => {
  const t = useTestDb({ asAppDb: true });
  let verify: Awaited<ReturnType<typeof startFakeRecaptcha>>;
  beforeAll(async () => {
    verify = await startFakeRecaptcha(SECRET);
    // Read once, at the first request of this file.
    process.env.RECAPTCHA_SECRET_KEY = SECRET;
    process.env.RECAPTCHA_VERIFY_URL = verify.url;
    process.env.RECAPTCHA_HOSTNAMES = 'localhost';
    vi.spyOn(console, 'info').mockImplementation(() => {});
  });
  afterAll(async () => {
    delete process.env.RECAPTCHA_SECRET_KEY;
    delete process.env.RECAPTCHA_VERIFY_URL;
    delete process.env.RECAPTCHA_HOSTNAMES;
    await verify.close();
  });

  const codesFor = async (phone: string) => Number((await t.db.select({ n: count() }).from(smsCodes).where(eq(smsCodes.phone, phone)))[0]!.n);
  const send = (phone: string, captchaToken?: string) =>
    POST(jsonRequest('/api/sms/send', { phone, purpose: 'register', ...(captchaToken ? { captchaToken } : {}) }, { locale: 'en' }));

  it('refuses a missing token, a token made for another action and a low score before anything is sent', async () => {
    for (const token of [undefined, 'act-lead-1', 'act-sms-2-low']) {
      const res = await send('+7 701 888 00 01', token);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('captcha_failed');
    }
    expect(await codesFor('+77018880001')).toBe(0);
  });

  it('sends with a good token, which is then spent', async () => {
    expect((await send('+7 701 888 00 02', 'act-sms-good-1')).status).toBe(202);
    expect(verify.calls.at(-1)!.get('response')).toBe('act-sms-good-1');
    const again = await send('+7 701 888 00 03', 'act-sms-good-1');
    expect(again.status).toBe(400);
    expect(await codesFor('+77018880003')).toBe(0);
  });

  it('checks the number before asking Google', async () => {
    const calls = verify.calls.length;
    expect((await send('+7 912 123 45 67', 'act-sms-good-2')).status).toBe(422);
    expect(verify.calls.length).toBe(calls);
  });

  it('an outage of the verify service does not block sending (the SMS caps still hold)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect((await send('+7 701 888 00 04', 'down-1')).status).toBe(202);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('[captcha] verify unavailable'));
  });
});
