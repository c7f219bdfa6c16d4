import 'server-only';
import { eq } from 'drizzle-orm';
import { users } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { appSecret } from '@/lib/env';
import { revokeAllSessions, revokeSession, rotateSession, signAccessToken } from './tokens';

export type RefreshResult = { ok: true; accessToken: string; refreshToken: string } | { ok: false; reason: 'ended' | 'blocked' };

/**
 * Rotates the refresh token → a new access token with the user's current scope; or `ended` (the
 * token is unknown, ended or reused, or its user is gone) or `blocked` (the school blocked the
 * account: every session of it ends here too). The caller clears the cookies either way.
 */
export async function refreshSession(db: Db, presented: string | undefined): Promise<RefreshResult> {
  const rotated = await rotateSession(db, presented ?? '');
  if (!rotated.ok) return { ok: false, reason: 'ended' };
  const [user] = await db.select({ scope: users.scope, blockedAt: users.blockedAt }).from(users).where(eq(users.id, rotated.userId));
  if (!user) return { ok: false, reason: 'ended' };
  if (user.blockedAt) {
    await revokeAllSessions(db, rotated.userId);
    return { ok: false, reason: 'blocked' };
  }
  const accessToken = await signAccessToken({ sub: rotated.userId, scope: user.scope, sid: rotated.sid }, appSecret());
  return { ok: true, accessToken, refreshToken: rotated.token };
}

/** Logout: ends the session family of the refresh token, when one is presented. */
export async function signOut(db: Db, presented: string | undefined): Promise<void> {
  if (presented) await revokeSession(db, presented);
}
