import 'server-only';
import { eq } from 'drizzle-orm';
import { ApiError } from '@/lib/api/errors';
import { audit, type Actor } from '@/lib/audit/log';
import { revokeAllSessions } from '@/lib/auth/tokens';
import { securityEvents, users } from '@/lib/db/schema';
import { transaction } from '@/lib/db/transaction';
import type { Db } from '@/lib/db/types';

const state = (u: { blockedAt: Date | null; blockReason: string | null }) => ({ blocked: !!u.blockedAt, reason: u.blockReason });

/**
 * Blocks an account: every session ends at once (its refresh tokens are revoked, so its access
 * tokens stop working too), and sign-in is refused with `account_blocked` until it is unblocked.
 * Blocking a blocked account again is a 409 (the first reason stays on record).
 */
export async function blockAccount(db: Db, actor: Actor, id: number, reason: string, now = new Date()) {
  return transaction(db, async (tx) => {
    const [before] = await tx.select().from(users).where(eq(users.id, id)).for('update').limit(1);
    if (!before) throw new ApiError(404, 'not_found');
    if (before.blockedAt) throw new ApiError(409, 'conflict');
    const [after] = await tx.update(users).set({ blockedAt: now, blockReason: reason }).where(eq(users.id, id)).returning();
    await revokeAllSessions(tx, id, now);
    await tx.insert(securityEvents).values({ type: 'account_blocked', userId: id, ipHash: actor.ipHash });
    await audit(tx, actor, { action: 'account.block', entity: 'user', entityId: id, before: state(before), after: state(after!) });
    return { id, blockedAt: now };
  });
}

/** Unblocks an account: sign-in works again (the ended sessions stay ended). */
export async function unblockAccount(db: Db, actor: Actor, id: number) {
  return transaction(db, async (tx) => {
    const [before] = await tx.select().from(users).where(eq(users.id, id)).for('update').limit(1);
    if (!before) throw new ApiError(404, 'not_found');
    if (!before.blockedAt) throw new ApiError(409, 'conflict');
    const [after] = await tx.update(users).set({ blockedAt: null, blockReason: null }).where(eq(users.id, id)).returning();
    await tx.insert(securityEvents).values({ type: 'account_unblocked', userId: id, ipHash: actor.ipHash });
    await audit(tx, actor, { action: 'account.unblock', entity: 'user', entityId: id, before: state(before), after: state(after!) });
    return { id, blockedAt: null };
  });
}
