import 'server-only';
// The cookie sessions of the back office (lib/staff/sessions.ts) and the HR portal
// (lib/company-portal/sessions.ts): one lifetime and one check, each over its own table (a session
// never opens the other realm). Their self-service pages (own password, own app code) count guesses
// the same way too.
import type { Db } from '@/lib/db/types';
import { enforceLimits } from '@/lib/rate-limit';

/** A session ends after 30 idle minutes and 12 hours in all; lastSeenAt is written at most once a minute. */
export const OFFICE_SESSION = { idleS: 30 * 60, absoluteS: 12 * 3600, touchEveryS: 60 } as const;

/** A presented token worth looking up: sessions' tokens are 43 characters, anything over 100 is not one. */
export const plausibleToken = (token: string | undefined): token is string => !!token && token.length <= 100;

/**
 * What a session's times say at `now`: `expired` past its idle or absolute time (revoke it),
 * `touch` when alive and lastSeenAt is older than a minute (write it), else `live`.
 */
export function sessionState(session: { createdAt: Date; lastSeenAt: Date }, now: Date): 'expired' | 'touch' | 'live' {
  const age = now.getTime() - session.createdAt.getTime();
  const idle = now.getTime() - session.lastSeenAt.getTime();
  if (age > OFFICE_SESSION.absoluteS * 1000 || idle > OFFICE_SESSION.idleS * 1000) return 'expired';
  return idle > OFFICE_SESSION.touchEveryS * 1000 ? 'touch' : 'live';
}

/** Sessions older than a day are of no further use (retention). */
export const sessionPruneCutoff = (now: Date) => new Date(now.getTime() - 24 * 3600 * 1000);

/** Guesses of one's own password or app code on one's own account: as many as a sign-in allows. */
export const SELF_SERVICE_LIMIT = { max: 5, windowSeconds: 15 * 60 };

/** Counts one such guess under `key`: 429 with Retry-After beyond the limit. */
export const countSelfServiceGuess = (db: Db, key: string, now: Date) => enforceLimits(db, [{ key, ...SELF_SERVICE_LIMIT }], now);
