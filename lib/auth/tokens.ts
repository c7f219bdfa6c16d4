import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { refreshTokens } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';

export const ACCESS_TTL_S = 10 * 60;
export const REFRESH_IDLE_S = 7 * 24 * 3600; // a refresh token unused this long is dead
export const REFRESH_ABSOLUTE_S = 30 * 24 * 3600; // a session never outlives this

export interface AccessClaims {
  sub: number;
  scope: string;
  exp: number;
}

const b64 = (buf: Buffer | string) => Buffer.from(buf).toString('base64url');

/** Short-lived access token: a signed, compact claim set (HMAC-SHA256). */
export function signAccessToken(claims: Omit<AccessClaims, 'exp'>, secret: string, now = Date.now()): string {
  const body = b64(JSON.stringify({ ...claims, exp: Math.floor(now / 1000) + ACCESS_TTL_S }));
  const sig = createHmac('sha256', secret).update(`v1.${body}`).digest('base64url');
  return `v1.${body}.${sig}`;
}

export function verifyAccessToken(token: string, secret: string, now = Date.now()): AccessClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== 'v1' || token.length > 2048) return null;
  const expected = createHmac('sha256', secret).update(`v1.${parts[1]}`).digest();
  const given = Buffer.from(parts[2]!, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const claims = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8')) as AccessClaims;
    if (typeof claims.sub !== 'number' || typeof claims.exp !== 'number' || claims.exp * 1000 <= now) return null;
    return claims;
  } catch {
    return null;
  }
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** A new session: an opaque 256-bit refresh token in a new family. */
export async function startSession(db: Db, userId: number, now = new Date()): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(refreshTokens).values({
    userId,
    familyId: randomUUID(),
    tokenHash: hashToken(token),
    createdAt: now,
    familyCreatedAt: now,
  });
  return token;
}

export type RotateResult = { ok: true; userId: number; token: string } | { ok: false; reason: 'unknown' | 'revoked' | 'reused' | 'idle' | 'expired' };

/**
 * Rotation on every refresh. Presenting a token that was already rotated means it was stolen or
 * replayed: the whole family is revoked, so the thief's and the owner's sessions both end.
 */
export async function rotateSession(db: Db, presented: string, now = new Date()): Promise<RotateResult> {
  if (!presented || presented.length > 200) return { ok: false, reason: 'unknown' };
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hashToken(presented))).for('update');
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
    const token = randomBytes(32).toString('base64url');
    await tx.update(refreshTokens).set({ usedAt: now }).where(eq(refreshTokens.id, row.id));
    await tx.insert(refreshTokens).values({
      userId: row.userId,
      familyId: row.familyId,
      tokenHash: hashToken(token),
      createdAt: now,
      familyCreatedAt: row.familyCreatedAt,
    });
    return { ok: true, userId: row.userId, token } as const;
  });
}

/** Logout: the family of this token. */
export async function revokeSession(db: Db, presented: string, now = new Date()): Promise<void> {
  const [row] = await db.select({ familyId: refreshTokens.familyId }).from(refreshTokens).where(eq(refreshTokens.tokenHash, hashToken(presented)));
  if (row) await db.update(refreshTokens).set({ revokedAt: now }).where(and(eq(refreshTokens.familyId, row.familyId), isNull(refreshTokens.revokedAt)));
}

/** Password reset or change: every session of the user. */
export async function revokeAllSessions(db: Db, userId: number, now = new Date()): Promise<void> {
  await db.update(refreshTokens).set({ revokedAt: now }).where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

/** The user of a live refresh token, without rotating it (the cabinet's me call). */
export async function sessionUserId(db: Db, presented: string | undefined, now = new Date()): Promise<number | null> {
  if (!presented || presented.length > 200) return null;
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hashToken(presented))).limit(1);
  if (!row || row.revokedAt || row.usedAt) return null;
  if (now.getTime() - row.familyCreatedAt.getTime() > REFRESH_ABSOLUTE_S * 1000) return null;
  if (now.getTime() - row.createdAt.getTime() > REFRESH_IDLE_S * 1000) return null;
  return row.userId;
}
