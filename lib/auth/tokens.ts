import 'server-only';
import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { SignJWT, jwtVerify } from 'jose';
import { refreshTokens } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { opaqueToken, tokenHash } from '@/lib/crypto/opaque-token';

export const ACCESS_TTL_S = 10 * 60;
export const REFRESH_IDLE_S = 7 * 24 * 3600; // a refresh token unused this long is dead
export const REFRESH_ABSOLUTE_S = 30 * 24 * 3600; // a session never outlives this

export interface AccessClaims {
  sub: number;
  scope: string;
  /** The session (refresh-token family) the token belongs to: revoking it ends the token too. */
  sid: string;
  exp: number;
}

const ISSUER = 'tilmen';
const AUDIENCE = 'tilmen-api';
const keyOf = (secret: string) => new TextEncoder().encode(secret);

/**
 * Short-lived access token: a standard JWT (HS256, iss/aud/exp/iat, `sub` the user id, `sid` the
 * session), so an external cabinet can verify it with any JOSE library and the shared secret.
 */
export async function signAccessToken(claims: Omit<AccessClaims, 'exp'>, secret: string, now = Date.now()): Promise<string> {
  const iat = Math.floor(now / 1000);
  return new SignJWT({ scope: claims.scope, sid: claims.sid })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(claims.sub))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ACCESS_TTL_S)
    .sign(keyOf(secret));
}

/** The claims of a well-signed, unexpired token, or null. Says nothing about revocation: see liveSession. */
export async function verifyAccessToken(token: string, secret: string, now = Date.now()): Promise<AccessClaims | null> {
  if (token.length > 2048) return null;
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
      currentDate: new Date(now),
    });
    const sub = Number(payload.sub);
    if (!Number.isSafeInteger(sub) || sub <= 0 || typeof payload.sid !== 'string' || typeof payload.scope !== 'string' || !payload.exp) return null;
    return { sub, scope: payload.scope, sid: payload.sid, exp: payload.exp };
  } catch {
    return null;
  }
}

/** True while the session (family) still has a token that is not revoked: logout and resets end it. */
export async function liveSession(db: Db, userId: number, sid: string): Promise<boolean> {
  const [row] = await db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.familyId, sid), eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)))
    .limit(1);
  return !!row;
}


/** A new session: an opaque 256-bit refresh token in a new family (the session id). */
export async function startSession(db: Db, userId: number, now = new Date()): Promise<{ token: string; sid: string }> {
  const token = opaqueToken();
  const sid = randomUUID();
  await db.insert(refreshTokens).values({
    userId,
    familyId: sid,
    tokenHash: tokenHash(token),
    createdAt: now,
    familyCreatedAt: now,
  });
  return { token, sid };
}

export type RotateResult = { ok: true; userId: number; token: string; sid: string } | { ok: false; reason: 'unknown' | 'revoked' | 'reused' | 'idle' | 'expired' };

/**
 * Rotation on every refresh. Presenting a token that was already rotated means it was stolen or
 * replayed: the whole family is revoked, so the thief's and the owner's sessions both end.
 */
export async function rotateSession(db: Db, presented: string, now = new Date()): Promise<RotateResult> {
  if (!presented || presented.length > 200) return { ok: false, reason: 'unknown' };
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash(presented))).for('update');
    if (!row) return { ok: false, reason: 'unknown' } as const;
    if (row.revokedAt) return { ok: false, reason: 'revoked' } as const;
    if (row.usedAt) {
      await tx.update(refreshTokens).set({ revokedAt: now }).where(and(eq(refreshTokens.familyId, row.familyId), isNull(refreshTokens.revokedAt)));
      return { ok: false, reason: 'reused' } as const;
    }
    if (now.getTime() - row.familyCreatedAt.getTime() > REFRESH_ABSOLUTE_S * 1000) {
      await tx.update(refreshTokens).set({ revokedAt: now }).where(eq(refreshTokens.familyId, row.familyId));
      return { ok: false, reason: 'expired' } as const;
    }
    if (now.getTime() - row.createdAt.getTime() > REFRESH_IDLE_S * 1000) {
      await tx.update(refreshTokens).set({ revokedAt: now }).where(eq(refreshTokens.familyId, row.familyId));
      return { ok: false, reason: 'idle' } as const;
    }
    const token = opaqueToken();
    await tx.update(refreshTokens).set({ usedAt: now }).where(eq(refreshTokens.id, row.id));
    await tx.insert(refreshTokens).values({
      userId: row.userId,
      familyId: row.familyId,
      tokenHash: tokenHash(token),
      createdAt: now,
      familyCreatedAt: row.familyCreatedAt,
    });
    return { ok: true, userId: row.userId, token, sid: row.familyId } as const;
  });
}

/** Logout: the family of this token. */
export async function revokeSession(db: Db, presented: string, now = new Date()): Promise<void> {
  const [row] = await db.select({ familyId: refreshTokens.familyId }).from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash(presented)));
  if (row) await db.update(refreshTokens).set({ revokedAt: now }).where(and(eq(refreshTokens.familyId, row.familyId), isNull(refreshTokens.revokedAt)));
}

/** Password reset or change: every session of the user. */
export async function revokeAllSessions(db: Db, userId: number, now = new Date()): Promise<void> {
  await db.update(refreshTokens).set({ revokedAt: now }).where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

/** The user of a live refresh token, without rotating it (the cabinet's me call). */
export async function sessionUserId(db: Db, presented: string | undefined, now = new Date()): Promise<number | null> {
  if (!presented || presented.length > 200) return null;
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash(presented))).limit(1);
  if (!row || row.revokedAt || row.usedAt) return null;
  if (now.getTime() - row.familyCreatedAt.getTime() > REFRESH_ABSOLUTE_S * 1000) return null;
  if (now.getTime() - row.createdAt.getTime() > REFRESH_IDLE_S * 1000) return null;
  return row.userId;
}
