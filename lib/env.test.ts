import { describe, expect, it } from 'vitest';
import { parseServerEnv, secretBesideData } from './env';
import { validatePublicEnv } from './public-env-schema';
import { publicEnv } from './public-env';

describe('configuration', () => {
  it('has working defaults on a fresh machine', () => {
    const e = parseServerEnv({ NODE_ENV: 'production' } as NodeJS.ProcessEnv);
    expect(e).toMatchObject({ DATA_DIR: '.data/pglite', DATABASE_URL: undefined, RECAPTCHA_MIN_SCORE: 0.5, TRUST_PROXY: false, ENABLE_DEV_TOOLS: false });
  });

  it('stops with a message naming every bad variable', () => {
    expect(() =>
      parseServerEnv({ DATABASE_URL: 'mysql://x', SMTP_URL: 'http://mail', RECAPTCHA_MIN_SCORE: '7', APP_SECRET: 'short' } as unknown as NodeJS.ProcessEnv),
    ).toThrow(/DATABASE_URL: must start with postgres[\s\S]*APP_SECRET: must be at least 32[\s\S]*SMTP_URL[\s\S]*RECAPTCHA_MIN_SCORE/);
  });

  it('personal data retention: two and five years by default, at least 30 days', () => {
    expect(parseServerEnv({} as NodeJS.ProcessEnv)).toMatchObject({ LEAD_RETENTION_DAYS: 730, TEST_TAKER_RETENTION_DAYS: 1825 });
    expect(parseServerEnv({ LEAD_RETENTION_DAYS: '365' } as unknown as NodeJS.ProcessEnv).LEAD_RETENTION_DAYS).toBe(365);
    expect(() => parseServerEnv({ TEST_TAKER_RETENTION_DAYS: '7' } as unknown as NodeJS.ProcessEnv)).toThrow(/TEST_TAKER_RETENTION_DAYS/);
  });

  it('treats empty values as unset', () => {
    expect(parseServerEnv({ DATABASE_URL: '', SMTP_URL: '' } as unknown as NodeJS.ProcessEnv).DATABASE_URL).toBeUndefined();
  });

  it('the working hours and their time zone: Almaty defaults, a bad value named with an example', () => {
    expect(parseServerEnv({} as NodeJS.ProcessEnv)).toMatchObject({ WORK_HOURS: 'Mon-Fri 09:00-19:00, Sat 10:00-16:00', WORK_TZ: 'Asia/Almaty' });
    expect(parseServerEnv({ WORK_HOURS: 'Mon-Sat 10:00-20:00', WORK_TZ: 'Asia/Aqtobe' } as unknown as NodeJS.ProcessEnv).WORK_HOURS).toBe('Mon-Sat 10:00-20:00');
    expect(() => parseServerEnv({ WORK_HOURS: 'weekdays 9-19', WORK_TZ: 'Almaty' } as unknown as NodeJS.ProcessEnv)).toThrow(
      /WORK_HOURS: "weekdays 9-19" is not like[\s\S]*WORK_TZ: must be an IANA time zone/,
    );
  });

  it('validates the public values too', () => {
    expect(() => validatePublicEnv(publicEnv)).not.toThrow();
    expect(() => validatePublicEnv({ ...publicEnv, NEXT_PUBLIC_SITE_URL: 'not a url', NEXT_PUBLIC_GTM_ID: '<script>' })).toThrow(
      /NEXT_PUBLIC_SITE_URL[\s\S]*NEXT_PUBLIC_GTM_ID/,
    );
  });
});

describe('the application secret', () => {
  it('is required with DATABASE_URL: instances sharing one database must share it', () => {
    expect(() => parseServerEnv({ DATABASE_URL: 'postgres://db/tilmen' } as unknown as NodeJS.ProcessEnv)).toThrow(/APP_SECRET: is required when DATABASE_URL/);
    expect(parseServerEnv({ DATABASE_URL: 'postgres://db/tilmen', APP_SECRET: 'x'.repeat(40) } as unknown as NodeJS.ProcessEnv).APP_SECRET).toHaveLength(40);
  });

  it('is generated once per embedded database, kept beside it, and differs between installs', async () => {
    const { mkdtempSync, statSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const path = await import('node:path');
    const root = mkdtempSync(path.join(tmpdir(), 'tilmen-secret-'));
    const a = secretBesideData(path.join(root, 'a', 'pglite'));
    expect(a.length).toBeGreaterThanOrEqual(48);
    expect(secretBesideData(path.join(root, 'a', 'pglite'))).toBe(a);
    expect(statSync(path.join(root, 'a', 'pglite.secret')).mode & 0o777).toBe(0o600);
    expect(secretBesideData(path.join(root, 'b', 'pglite'))).not.toBe(a);
  });
});
