import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OpenDb } from '@/lib/db/open';
import { createTestDb, dbLabel, useAsAppDb } from '@/test/db';
import { jsonRequest } from '@/test/http';
import { POST } from './route';

// Bodies that are almost right are the interesting ones: right keys, wrong types and values.
const nasty = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom('+7 701 123 45 67', '87011234567', '+7 912 123 45 67', '+44 7700 900123', '7'.repeat(40), '+'),
  fc.constant('\u0000\u202e<script>alert(1)</script>'),
  fc.array(fc.string(), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 4 }),
  fc.string({ minLength: 500, maxLength: 5000 }),
);
const phone = fc.oneof(nasty, fc.integer({ min: 0, max: 9_999_999 }).map((n) => `+7 70${n % 9} ${String(n).padStart(7, '0')}`));
const shaped = fc.record(
  { phone, purpose: fc.oneof(nasty, fc.constantFrom('register', 'reset', 'lesson', 'REGISTER', '__proto__')), captchaToken: nasty },
  { requiredKeys: [] },
);
const anyJson = fc.jsonValue({ maxDepth: 3 });
const rawText = fc.oneof(fc.string(), fc.constant('{'), fc.constant('{"phone":1'), fc.constant(''), fc.constant('null'), fc.constant('[]'));

const seen = new Set<number>();

async function expectClientError(res: Response) {
  seen.add(res.status);
  expect(res.status, `status ${res.status}`).toBeLessThan(500);
  const body = (await res.json()) as { sent?: boolean; error?: { code?: unknown; message?: unknown } };
  if (res.status >= 400) {
    expect(typeof body.error?.code).toBe('string');
    expect(typeof body.error?.message).toBe('string');
  } else {
    expect(res.status).toBe(202);
    expect(body.sent).toBe(true);
  }
}

describe(`POST /api/sms/send: malformed bodies never cause a 5xx (${dbLabel()})`, () => {
  let t: OpenDb;
  beforeAll(async () => {
    t = await createTestDb();
    useAsAppDb(t);
    vi.spyOn(console, 'info').mockImplementation(() => {});
  });
  afterAll(() => t.close());

  it('200 shaped, 100 arbitrary JSON, 60 raw bodies', async () => {
    await fc.assert(fc.asyncProperty(shaped, async (b) => expectClientError(await POST(jsonRequest('/api/sms/send', b, { locale: 'kk' })))), {
      numRuns: 200,
    });
    await fc.assert(fc.asyncProperty(anyJson, async (b) => expectClientError(await POST(jsonRequest('/api/sms/send', b)))), { numRuns: 100 });
    await fc.assert(
      fc.asyncProperty(rawText, fc.constantFrom('application/json', 'text/plain', ''), async (b, type) =>
        expectClientError(await POST(jsonRequest('/api/sms/send', b, { raw: true, contentType: type }))),
      ),
      { numRuns: 60 },
    );
    // The sweep reached the sending code, not only the parser.
    expect([...seen].sort()).toEqual(expect.arrayContaining([202, 400, 415, 422]));
  }, 120_000);
});
