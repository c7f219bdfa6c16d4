import 'server-only';
import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import { emailConfirmations, securityEvents, users } from '@/lib/db/schema';
import { transaction } from '@/lib/db/transaction';
import type { Db } from '@/lib/db/types';
import { enqueue } from '@/lib/outbox';
import { emailConfirmMail } from './notices';
import { opaqueToken, tokenHash } from '@/lib/crypto/opaque-token';

export const EMAIL_CONFIRM_TTL_S = 24 * 3600;

/**
 * An address counts only once its owner opens the link we mail to it: until then it is not the
 * account's e-mail (no sign-in, no reset by it), so nobody can bind, and block, an address they do
 * not own. Queued in the caller's transaction.
 */
export async function queueEmailConfirmation(db: Db, input: { userId: number; email: string; locale: string }, now = new Date()): Promise<void> {
  const token = opaqueToken();
  const email = input.email.toLowerCase();
  // The newest address asked for is the one pending: links mailed for earlier ones stop working.
  await db
    .update(emailConfirmations)
    .set({ usedAt: now })
    .where(and(eq(emailConfirmations.userId, input.userId), isNull(emailConfirmations.usedAt)));
  await db.insert(emailConfirmations).values({
    userId: input.userId,
    email,
    tokenHash: tokenHash(token),
    expiresAt: new Date(now.getTime() + EMAIL_CONFIRM_TTL_S * 1000),
  });
  const mail = emailConfirmMail(input.locale, token);
  await enqueue(db, { channel: 'email', recipient: email, subject: mail.subject, body: mail.body });
}

/** The address waiting for its link to be opened (the newest one asked for), or null. */
export async function pendingEmail(db: Db, user: { id: number; email: string | null }, now = new Date()): Promise<string | null> {
  const [row] = await db
    .select({ email: emailConfirmations.email })
    .from(emailConfirmations)
    .where(and(eq(emailConfirmations.userId, user.id), isNull(emailConfirmations.usedAt), gt(emailConfirmations.expiresAt, now)))
    .orderBy(desc(emailConfirmations.id))
    .limit(1);
  return row && row.email !== user.email ? row.email : null;
}

export type ConfirmResult = { ok: true; email: string } | { ok: false; reason: 'invalid' | 'taken' };

/** Uses a link once: the address becomes the account's, unless another account confirmed it first. */
export async function confirmEmail(db: Db, token: string, now = new Date()): Promise<ConfirmResult> {
  return transaction(db, async (tx) => {
    const [row] = await tx
      .update(emailConfirmations)
      .set({ usedAt: now })
      .where(and(eq(emailConfirmations.tokenHash, tokenHash(token)), isNull(emailConfirmations.usedAt), gt(emailConfirmations.expiresAt, now)))
      .returning({ userId: emailConfirmations.userId, email: emailConfirmations.email });
    if (!row) return { ok: false, reason: 'invalid' } as const;
    const [owner] = await tx.select({ id: users.id }).from(users).where(and(eq(users.email, row.email), ne(users.id, row.userId))).limit(1);
    if (owner) return { ok: false, reason: 'taken' } as const;
    const updated = await tx.update(users).set({ email: row.email }).where(eq(users.id, row.userId)).returning({ id: users.id });
    if (!updated.length) return { ok: false, reason: 'invalid' } as const;
    await tx.insert(securityEvents).values({ type: 'email_confirmed', userId: row.userId });
    return { ok: true, email: row.email } as const;
  });
}
