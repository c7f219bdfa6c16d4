import 'server-only';
import { eq } from 'drizzle-orm';
import { users } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { appSecret } from '@/lib/env';
import { revokeSession, rotateSession, signAccessToken } from './tokens';

/**
 * Rotates the refresh token → a new access token with the user's current scope, or null (the
 * token is unknown, ended or reused, or its user is gone: the caller clears the cookies).
 */
export async function refreshSession(db: Db, presented: string | undefined): Promise<{ accessToken: string; refreshToken: string } | null> {
  const rotated = await rotateSession(db, presented ?? '');
  if (!rotated.ok) return null;
  const [user] = await db.select({ scope: users.scope }).from(users).where(eq(users.id, rotated.userId));
  if (!user) return null;
  const accessToken = await signAccessToken({ sub: rotated.userId, scope: user.scope, sid: rotated.sid }, appSecret());
  return { accessToken, refreshToken: rotated.token };
}

/** Logout: ends the session family of the refresh token, when one is presented. */
export async function signOut(db: Db, presented: string | undefined): Promise<void> {
  if (presented) await revokeSession(db, presented);
}
