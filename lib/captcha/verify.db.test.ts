import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbLabel, useTestDb } from '@/test/db';
import { startFakeRecaptcha } from '@/test/fake-recaptcha';
import { captchaOn, verifyCaptcha, type CaptchaConfig } from './verify';

const V3 = 'verify-v3-secret-0123';
const V2 = 'verify-v2-secret-0123';

describe(`verifyCaptcha: v3 and v2 tokens, each with its own secret (${dbLabel()})`, () => {
  const t = useTestDb();
  let fake: Awaited<ReturnType<typeof startFakeRecaptcha>>;
  let cfg: CaptchaConfig;
  beforeAll(async () => {
    fake = await startFakeRecaptcha(V3, { v2Secret: V2 });
    cfg = { secret: V3, v2Secret: V2, verifyUrl: fake.url, minScore: 0.5, hostnames: ['localhost'] };
  });
  afterAll(async () => {
    await fake.close();
  });

  it('is off without either secret, on with only one of them', async () => {
    const off = { ...cfg, secret: undefined, v2Secret: undefined };
    expect(captchaOn(off)).toBe(false);
    expect(await verifyCaptcha(t.db, off, {}, 'lead')).toEqual({ ok: true, skipped: true });
    expect(captchaOn({ ...off, v2Secret: V2 })).toBe(true);
  });

  it('marks a low v3 score as a challenge only when the checkbox is configured', async () => {
    expect(await verifyCaptcha(t.db, cfg, { captchaToken: 'low-a' }, 'lead')).toEqual({ ok: false, reason: 'low-score', challenge: true });
    expect(await verifyCaptcha(t.db, { ...cfg, v2Secret: undefined }, { captchaToken: 'low-b' }, 'lead')).toEqual({ ok: false, reason: 'low-score', challenge: false });
  });

  it('verifies a v2 token with the v2 secret, whatever the action, and once', async () => {
    expect(await verifyCaptcha(t.db, cfg, { captchaToken: 'v2-a', captchaKind: 'v2' }, 'kazakh_test', '203.0.113.9')).toEqual({ ok: true });
    const call = fake.calls.at(-1)!;
    expect([call.get('secret'), call.get('remoteip')]).toEqual([V2, '203.0.113.9']);
    expect(await verifyCaptcha(t.db, cfg, { captchaToken: 'v2-a', captchaKind: 'v2' }, 'kazakh_test')).toEqual({ ok: false, reason: 'token-reused' });
  });

  it('refuses a kind whose secret is not configured, without asking Google', async () => {
    const calls = fake.calls.length;
    expect(await verifyCaptcha(t.db, { ...cfg, v2Secret: undefined }, { captchaToken: 'v2-b', captchaKind: 'v2' }, 'lead')).toEqual({ ok: false, reason: 'v2-not-configured' });
    expect(await verifyCaptcha(t.db, { ...cfg, secret: undefined }, { captchaToken: 'good-b' }, 'lead')).toEqual({ ok: false, reason: 'v3-not-configured' });
    expect(fake.calls.length).toBe(calls);
  });

  it('checks the hostname of a v2 token and reports an outage as one', async () => {
    expect(await verifyCaptcha(t.db, cfg, { captchaToken: 'v2-host-c', captchaKind: 'v2' }, 'lead')).toEqual({ ok: false, reason: 'hostname-mismatch' });
    expect(await verifyCaptcha(t.db, cfg, { captchaToken: 'v2-down-c', captchaKind: 'v2' }, 'lead')).toEqual({ ok: false, reason: 'verify-http-503', outage: true });
  });
});
