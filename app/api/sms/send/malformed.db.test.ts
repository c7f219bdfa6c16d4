import fc from 'fast-check';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { dbLabel, useTestDb } from '@/test/db';
import { nasty as nastyValues, sweep } from '@/test/malformed';
import { POST } from './route';

const nasty = nastyValues(fc.constantFrom('+7 701 123 45 67', '87011234567', '+7 912 123 45 67', '+44 7700 900123', '7'.repeat(40), '+'));
const phone = fc.oneof(nasty, fc.integer({ min: 0, max: 9_999_999 }).map((n) => `+7 70${n % 9} ${String(n).padStart(7, '0')}`));
const shaped = fc.record(
  { phone, purpose: fc.oneof(nasty, fc.constantFrom('register', 'reset', 'lesson', 'REGISTER', '__proto__')), captchaToken: nasty },
  { requiredKeys: [] },
);
const seen = new Set<number>();
const accepted = (res: Response, body: unknown) => {
  expect(res.status).toBe(202);
  expect((body as { sent?: boolean }).sent).toBe(true);
};

describe(`POST /api/sms/send: malformed bodies never cause a 5xx (${dbLabel()})`, () => {
  useTestDb({ asAppDb: true });
  beforeAll(async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
  });

  it('50 shaped, 25 arbitrary JSON, 15 raw bodies', async () => {
    await sweep('/api/sms/send', async (req) => {
      const res = await POST(req);
      seen.add(res.status);
      return res;
    }, shaped, accepted, [{ phone: '+7 701 234 56 78', purpose: 'register', captchaToken: '' }]);
    // The sweep reached the sending code, not only the parser.
    expect([...seen].sort()).toEqual(expect.arrayContaining([202, 400, 415, 422]));
  }, 120_000);
});
