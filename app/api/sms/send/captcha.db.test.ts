import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { smsCodes } from '@/lib/db/schema';
import type { OpenDb } from '@/lib/db/open';
import { createTestDb, dbLabel, useAsAppDb } from '@/test/db';
import { jsonRequest } from '@/test/http';
import { POST } from './route';

const SECRET = 'recaptcha-test-secret-sms';

/** A local siteverify: the token names the action it was made for ("sms-…", "lead-…"); "down" is an outage. */
async function startVerify() {
  const calls: URLSearchParams[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const form = new URLSearchParams(raw);
      calls.push(form);
      const token = form.get('response') ?? '';
      const answer = (status: number, body: object) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (form.get('secret') !== SECRET) return answer(200, { success: false, 'error-codes': ['invalid-input-secret'] });
      if (token.startsWith('down')) return answer(503, {});
      const action = token.split('-')[0];
      answer(200, { success: true, action, hostname: 'localhost', score: token.endsWith('-low') ? 0.1 : 0.9 });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/siteverify`, calls, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe(`POST /api/sms/send with reCAPTCHA configured (${dbLabel()})`, () => {
  let t: OpenDb;
  let verify: Awaited<ReturnType<typeof startVerify>>;
  beforeAll(async () => {
    verify = await startVerify();
    // Read once, at the first request of this file.
    process.env.RECAPTCHA_SECRET_KEY = SECRET;
    process.env.RECAPTCHA_VERIFY_URL = verify.url;
    process.env.RECAPTCHA_HOSTNAMES = 'localhost';
    t = await createTestDb();
    useAsAppDb(t);
    vi.spyOn(console, 'info').mockImplementation(() => {});
  });
  afterAll(async () => {
    delete process.env.RECAPTCHA_SECRET_KEY;
    delete process.env.RECAPTCHA_VERIFY_URL;
    delete process.env.RECAPTCHA_HOSTNAMES;
    await verify.close();
    await t.close();
  });

  const codesFor = async (phone: string) => Number((await t.db.select({ n: count() }).from(smsCodes).where(eq(smsCodes.phone, phone)))[0]!.n);
  const send = (phone: string, captchaToken?: string) =>
    POST(jsonRequest('/api/sms/send', { phone, purpose: 'register', ...(captchaToken ? { captchaToken } : {}) }, { locale: 'en' }));

  it('refuses a missing token, a token made for another action and a low score before anything is sent', async () => {
    for (const token of [undefined, 'lead-1', 'sms-2-low']) {
      const res = await send('+7 701 888 00 01', token);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('captcha_failed');
    }
    expect(await codesFor('+77018880001')).toBe(0);
  });

  it('sends with a good token, which is then spent', async () => {
    expect((await send('+7 701 888 00 02', 'sms-good-1')).status).toBe(202);
    expect(verify.calls.at(-1)!.get('response')).toBe('sms-good-1');
    const again = await send('+7 701 888 00 03', 'sms-good-1');
    expect(again.status).toBe(400);
    expect(await codesFor('+77018880003')).toBe(0);
  });

  it('checks the number before asking Google', async () => {
    const calls = verify.calls.length;
    expect((await send('+7 912 123 45 67', 'sms-good-2')).status).toBe(422);
    expect(verify.calls.length).toBe(calls);
  });

  it('an outage of the verify service does not block sending (the SMS caps still hold)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect((await send('+7 701 888 00 04', 'down-1')).status).toBe(202);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('[captcha] verify unavailable'));
  });
});
