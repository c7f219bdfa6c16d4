import 'server-only';
import { createHash } from 'node:crypto';
import type { Db } from '@/lib/db/types';
import { enforceLimits } from '@/lib/rate-limit';

/**
 * Limits on starting a test (docs/api.md, "Placement test and Kazakh test"). A Kazakh test sitting
 * costs a fresh IIN, which is free to generate, and, for a public sitting, a phone confirmed by SMS
 * (one sitting per phone per 12 months), which is not. What one actor gets is bounded per network
 * and per identity, and no counter is shared by everyone, so nobody can close the test for the rest:
 * - per address, 20 per 10 minutes: a company's staff starting together behind one office address
 *   (a room of 20); more wait a few minutes (429 with Retry-After);
 * - per address range (/24, /64), 40 per hour: a few such rooms, or one office plus its neighbours
 *   on a carrier's shared addresses; stops one host hopping over the addresses of its range;
 * - per identity: once per IIN, once per confirmed phone in 12 months (lib/quiz/attempts.ts), and
 *   the SMS code's own limits per phone, address, network, number prefix and day (lib/sms/codes.ts).
 * The address limits are checked before the captcha, so a flood without a captcha costs nothing else.
 */
export const KAZAKH_IP_LIMIT = { max: 20, windowSeconds: 600 } as const;
export const KAZAKH_RANGE_LIMIT = { max: 40, windowSeconds: 3600 } as const;
/** English placement starts per address: a person retakes a few times; an office shares one address. */
export const PLACEMENT_IP_LIMIT = { max: 20, windowSeconds: 600 } as const;

/** Per address and per address range: before the captcha. */
export function limitKazakhByAddress(db: Db, ctx: { ipHash: string; rangeHash: string }): Promise<void> {
  return enforceLimits(db, [
    { key: `test:kazakh:ip:${ctx.ipHash}`, ...KAZAKH_IP_LIMIT },
    { key: `test:kazakh:range:${ctx.rangeHash}`, ...KAZAKH_RANGE_LIMIT },
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
