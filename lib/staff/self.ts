import 'server-only';
import { and, eq, isNull, ne } from 'drizzle-orm';
import { ApiError } from '@/lib/api/errors';
import { audit, type Actor } from '@/lib/audit/log';
import { countSelfServiceGuess } from '@/lib/auth/office-session';
import { hashPassword, verifyPassword } from '@/lib/auth/password';
import { rateLimits, securityEvents, staff, staffSessions } from '@/lib/db/schema';
import { transaction } from '@/lib/db/transaction';
import type { Db } from '@/lib/db/types';
import { translatorFor } from '@/lib/i18n/translate';
import { enqueue } from '@/lib/outbox';
import { passwordLikeIdentifier } from '@/lib/validations/auth';
import { issueRecoveryCodes } from './recovery';
import { passSecondFactor } from './second-factor';
import type { StaffMember } from './sessions';

/** Guesses of the password or the app's code on one's own account (lib/auth/office-session.ts SELF_SERVICE_LIMIT). */
const limitKey = (id: number) => `staff-self:${id}`;

async function countGuess(db: Db, member: StaffMember, now: Date) {
  await countSelfServiceGuess(db, limitKey(member.id), now);
  const [row] = await db.select().from(staff).where(eq(staff.id, member.id)).limit(1);
  if (!row) throw new ApiError(401, 'unauthorized');
  return row;
}

/** The app's code, once: a code already used (at sign-in, say) is refused like a wrong one. */
async function requireTotp(db: Db, row: typeof staff.$inferSelect, code: string, ipHash: string, now: Date) {
  const via = /^\d{6}$/.test(code) ? await passSecondFactor(db, row, code, now.getTime()) : null;
  if (via !== 'totp') {
    await db.insert(securityEvents).values({ type: 'staff_totp_failed', userId: row.id, ipHash, detail: { staff: true } });
    throw new ApiError(422, 'validation_failed', { code: 'totp_wrong' });
  }
}

function notify(db: Db, row: typeof staff.$inferSelect, what: 'password' | 'recovery') {
  const t = translatorFor(row.locale, 'Admin');
  return enqueue(db, { channel: 'email', recipient: row.email, subject: t(`staff.mail.${what}Subject`), body: t(`staff.mail.${what}Body`, { name: row.name }) });
}

/**
 * A member changes their own password: the current password and the app's code are both needed,
 * guesses are limited, every other session of theirs ends (this one stays), they are told by
 * e-mail, and the audit log has the row (no password in it).
 */
export async function changeOwnPassword(
  db: Db,
  member: StaffMember,
  actor: Actor,
  input: { current: string; password: string; code: string },
  now = new Date(),
): Promise<{ endedSessions: number }> {
  const row = await countGuess(db, member, now);
  if (!row.passwordHash || !(await verifyPassword(row.passwordHash, input.current))) {
    await db.insert(securityEvents).values({ type: 'staff_password_change_failed', userId: row.id, ipHash: actor.ipHash });
    throw new ApiError(422, 'validation_failed', { current: 'wrong_current_password' });
  }
  if (passwordLikeIdentifier(input.password, { email: row.email })) throw new ApiError(422, 'validation_failed', { password: 'password_like_identifier' });
  await requireTotp(db, row, input.code, actor.ipHash ?? '', now);
  const passwordHash = await hashPassword(input.password);
  return transaction(db, async (tx) => {
    await tx.update(staff).set({ passwordHash }).where(eq(staff.id, row.id));
    const ended = await tx
      .update(staffSessions)
      .set({ revokedAt: now })
      .where(and(eq(staffSessions.staffId, row.id), isNull(staffSessions.revokedAt), ne(staffSessions.id, member.sessionId)))
      .returning({ id: staffSessions.id });
    await tx.delete(rateLimits).where(eq(rateLimits.key, limitKey(row.id)));
    await tx.insert(securityEvents).values({ type: 'staff_password_changed', userId: row.id, ipHash: actor.ipHash });
    await notify(tx, row, 'password');
    await audit(tx, actor, { action: 'staff.password', entity: 'staff', entityId: row.id, after: { endedSessions: ended.length } });
    return { endedSessions: ended.length };
  });
}

/**
 * New recovery codes for oneself (the old ones stop working), against the app's code. The plain
 * codes are returned once; the member is told by e-mail.
 */
export async function regenerateOwnRecoveryCodes(db: Db, member: StaffMember, actor: Actor, input: { code: string }, now = new Date()): Promise<string[]> {
  const row = await countGuess(db, member, now);
  await requireTotp(db, row, input.code, actor.ipHash ?? '', now);
  return transaction(db, async (tx) => {
    const codes = await issueRecoveryCodes(tx, row.id);
    await tx.delete(rateLimits).where(eq(rateLimits.key, limitKey(row.id)));
    await notify(tx, row, 'recovery');
    await audit(tx, actor, { action: 'staff.recovery', entity: 'staff', entityId: row.id, after: { codes: codes.length } });
    return codes;
  });
}
