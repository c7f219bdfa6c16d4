import 'server-only';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { passwordResets, securityEvents, users } from '@/lib/db/schema';
import { transaction } from '@/lib/db/transaction';
import type { Db } from '@/lib/db/types';
import { enqueue } from '@/lib/outbox';
import { queuePasswordChangedNotice } from './notices';
import { hashPassword } from './password';
import { revokeAllSessions } from './tokens';
import { opaqueToken, tokenHash } from '@/lib/crypto/opaque-token';

export const RESET_LINK_TTL_S = 30 * 60;

export interface ResetMail {
  subject: string;
  body: (link: string) => string;
}

/**
 * An e-mail link valid 30 minutes, single use. Unknown addresses get nothing, and the caller answers
 * the same either way.
 */
export async function requestEmailReset(db: Db, email: string, linkFor: (token: string) => string, mail: ResetMail, now = new Date()): Promise<void> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  const token = opaqueToken();
  if (!user) {
    tokenHash(token); // comparable work
    return;
  }
  await transaction(db, async (tx) => {
    await tx.insert(passwordResets).values({ userId: user.id, tokenHash: tokenHash(token), expiresAt: new Date(now.getTime() + RESET_LINK_TTL_S * 1000) });
    await enqueue(tx, { channel: 'email', recipient: email.toLowerCase(), subject: mail.subject, body: mail.body(linkFor(token)) });
  });
}

export async function checkResetToken(db: Db, token: string, now = new Date()): Promise<boolean> {
  const [row] = await db
    .select({ id: passwordResets.id })
    .from(passwordResets)
    .where(and(eq(passwordResets.tokenHash, tokenHash(token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)))
    .limit(1);
  return !!row;
}

/** Uses the link once: new password, every session revoked. */
export async function confirmEmailReset(db: Db, token: string, password: string, now = new Date()): Promise<boolean> {
  const passwordHash = await hashPassword(password);
  return transaction(db, async (tx) => {
    const [row] = await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.tokenHash, tokenHash(token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)))
      .returning({ userId: passwordResets.userId });
    if (!row) return false;
    const [user] = await tx.update(users).set({ passwordHash }).where(eq(users.id, row.userId)).returning();
    await revokeAllSessions(tx, row.userId, now);
    await tx.insert(securityEvents).values({ type: 'password_reset', userId: row.userId, detail: { via: 'email' } });
    if (user) await queuePasswordChangedNotice(tx, user);
    return true;
  });
}

/** After a verified SMS code: sets the password of the account of that phone, if there is one. */
export async function resetByPhone(db: Db, phone: string, password: string, now = new Date()): Promise<void> {
  const passwordHash = await hashPassword(password);
  await transaction(db, async (tx) => {
    const [user] = await tx.update(users).set({ passwordHash }).where(eq(users.phone, phone)).returning();
    if (!user) return;
    await revokeAllSessions(tx, user.id, now);
    await tx.insert(securityEvents).values({ type: 'password_reset', userId: user.id, detail: { via: 'phone' } });
    await queuePasswordChangedNotice(tx, user);
  });
}
