import 'server-only';
import { createHash } from 'node:crypto';
import type { Db } from '@/lib/db/types';
import { enforceLimits } from '@/lib/rate-limit';

/**
 * Limits on starting a test (docs/api.md, "Placement test and Kazakh test"). Every start of the Kazakh
 * test costs a fresh IIN, and IINs are free to generate, so these limits, not the IIN, bound how
 * many sittings one actor gets:
 * - per address, 20 per 10 minutes: a company's staff starting together behind one office address
 *   (a room of 20); more wait a few minutes (429 with Retry-After);
 * - per address range (/24, /64), 40 per hour: a few such rooms, or one office plus its neighbours
 *   on a carrier's shared addresses; stops one host hopping over the addresses of its range;
 * - per company (the public page counts as one company), 300 per UTC day, and across everyone 200
 *   per hour: several times the busiest day expected, and the ceiling on what any number of
 *   addresses can script. Both can be raised without a release (KAZAKH_TEST_COMPANY_DAILY_CAP,
 *   KAZAKH_TEST_HOURLY_CAP).
 * The address limits are checked before the captcha (a flood without a captcha costs nothing
 * else); the shared caps after it, so requests without a valid captcha cannot use them up.
 */
export const KAZAKH_IP_LIMIT = { max: 20, windowSeconds: 600 } as const;
export const KAZAKH_RANGE_LIMIT = { max: 40, windowSeconds: 3600 } as const;
export const KAZAKH_COMPANY_DAILY_DEFAULT = 300;
export const KAZAKH_HOURLY_DEFAULT = 200;
/** English placement starts per address: a person retakes a few times; an office shares one address. */
export const PLACEMENT_IP_LIMIT = { max: 20, windowSeconds: 600 } as const;

function capFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < 1) throw new Error(`${name} must be a positive whole number, got "${raw}"`);
  return Number(raw);
}

export const kazakhHourlyCap = () => capFromEnv('KAZAKH_TEST_HOURLY_CAP', KAZAKH_HOURLY_DEFAULT);
export const kazakhCompanyDailyCap = () => capFromEnv('KAZAKH_TEST_COMPANY_DAILY_CAP', KAZAKH_COMPANY_DAILY_DEFAULT);

/** Per address and per address range: before the captcha. */
export function limitKazakhByAddress(db: Db, ctx: { ipHash: string; rangeHash: string }): Promise<void> {
  return enforceLimits(db, [
    { key: `test:kazakh:ip:${ctx.ipHash}`, ...KAZAKH_IP_LIMIT },
    { key: `test:kazakh:range:${ctx.rangeHash}`, ...KAZAKH_RANGE_LIMIT },
  ]);
}

/** Per company per day and across everyone per hour: after the captcha. */
export function limitKazakhShared(db: Db, company: string | undefined): Promise<void> {
  return enforceLimits(db, [
    { key: `test:kazakh:company:${company ?? '-'}`, max: kazakhCompanyDailyCap(), windowSeconds: 86_400 },
    { key: 'test:kazakh:all', max: kazakhHourlyCap(), windowSeconds: 3600 },
  ]);
}

export function limitPlacementByAddress(db: Db, ipHash: string): Promise<void> {
  return enforceLimits(db, [{ key: `test:start:ip:${ipHash}`, ...PLACEMENT_IP_LIMIT }]);
}

/**
 * Calls behind a test token are limited per token: generous for a person (30 items, back and
 * forth), tight for a script replaying one token. No token: nothing to count (the call 404s).
 */
export async function limitPerToken(db: Db, token: string | null, name: string, max: number, windowSeconds = 600): Promise<void> {
  if (!token) return;
  const key = `test:${name}:${createHash('sha256').update(token).digest('base64url').slice(0, 22)}`;
  await enforceLimits(db, [{ key, max, windowSeconds }]);
}

/** Calls limited per client address (keyed hash from requestContext). */
export function limitPerIp(db: Db, ipHash: string, name: string, max: number, windowSeconds = 600): Promise<void> {
  return enforceLimits(db, [{ key: `test:${name}:ip:${ipHash}`, max, windowSeconds }]);
}
