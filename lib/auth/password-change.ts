import 'server-only';
import { eq } from 'drizzle-orm';
import { rateLimits, securityEvents, users } from '@/lib/db/schema';
import { transaction } from '@/lib/db/transaction';
import type { Db } from '@/lib/db/types';
import { hit } from '@/lib/rate-limit';
import { queuePasswordChangedNotice } from './notices';
import { hashPassword, verifyPassword } from './password';
import { revokeAllSessions } from './tokens';

/** Guesses of the current password, per account: as many as a login allows. */
export const PASSWORD_CHANGE_LIMIT = { max: 5, windowSeconds: 15 * 60 };

export type ChangeResult = { ok: true } | { ok: false; reason: 'wrong' } | { ok: false; reason: 'limited'; retryAfter: number };

/**
 * Changing the password needs the current one; the guess is counted before it is checked, so a
 * stolen access token cannot be used to try passwords. Every session ends and the owner is told
 * by SMS and e-mail.
 */
export async function changePassword(
  db: Db,
  user: typeof users.$inferSelect,
  input: { current: string; password: string; ipHash: string },
  now = new Date(),
): Promise<ChangeResult> {
  const key = `pwchange:${user.id}`;
  const counted = await hit(db, { key, ...PASSWORD_CHANGE_LIMIT }, now);
  if (!counted.allowed) return { ok: false, reason: 'limited', retryAfter: counted.retryAfter };
  if (!(await verifyPassword(user.passwordHash, input.current))) {
    await db.insert(securityEvents).values({ type: 'password_change_failed', userId: user.id, ipHash: input.ipHash });
    return { ok: false, reason: 'wrong' };
  }
  const passwordHash = await hashPassword(input.password);
  await transaction(db, async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    await revokeAllSessions(tx, user.id, now);
    await tx.delete(rateLimits).where(eq(rateLimits.key, key));
    await tx.insert(securityEvents).values({ type: 'password_changed', userId: user.id, ipHash: input.ipHash });
    await queuePasswordChangedNotice(tx, user);
  });
  return { ok: true };
}
