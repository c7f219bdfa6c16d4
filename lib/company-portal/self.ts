import 'server-only';
import { eq } from 'drizzle-orm';
import { ApiError } from '@/lib/api/errors';
import { audit, type Actor } from '@/lib/audit/log';
import { countSelfServiceGuess } from '@/lib/auth/office-session';
import { hashPassword, verifyPassword } from '@/lib/auth/password';
import { companyUsers, rateLimits, securityEvents } from '@/lib/db/schema';
import { transaction } from '@/lib/db/transaction';
import type { Db } from '@/lib/db/types';
import { translatorFor } from '@/lib/i18n/translate';
import { enqueue } from '@/lib/outbox';
import { hit } from '@/lib/rate-limit';
import { passwordLikeIdentifier } from '@/lib/validations/auth';
import { hrUserByEmail, sendPasswordLink } from './accounts';
import { passCompanyTotp } from './second-factor';
import { endAllCompanySessions, openCompanySession, type CompanyMember } from './sessions';

/** "Forgot password": per address and per e-mail an hour (the mail is sent at most this often). */
export const HR_RESET_LIMIT = { perIp: 10, perEmail: 3, windowSeconds: 3600 };

async function countGuess(db: Db, member: CompanyMember, now: Date) {
  // Guesses of one's own password or app code (change, turning the app off): lib/auth/office-session.ts.
  await countSelfServiceGuess(db, `company-self:${member.userId}`, now);
  const [row] = await db.select().from(companyUsers).where(eq(companyUsers.id, member.userId)).limit(1);
  if (!row?.passwordHash) throw new ApiError(401, 'unauthorized');
  return row;
}

/**
 * The HR person changes their own password: the current one is needed (guesses limited), every
 * session ends and this browser gets a new one, they are told by e-mail, and the audit log has it.
 */
export async function changeHrPassword(db: Db, member: CompanyMember, actor: Actor, input: { current: string; password: string }, now = new Date()): Promise<{ session: string }> {
  const row = await countGuess(db, member, now);
  if (!(await verifyPassword(row.passwordHash!, input.current))) {
    await db.insert(securityEvents).values({ type: 'company_password_change_failed', userId: row.id, ipHash: actor.ipHash });
    throw new ApiError(422, 'validation_failed', { current: 'wrong_current_password' });
  }
  if (passwordLikeIdentifier(input.password, { phone: row.phone, email: row.email })) throw new ApiError(422, 'validation_failed', { password: 'password_like_identifier' });
  const passwordHash = await hashPassword(input.password);
  return transaction(db, async (tx) => {
    await tx.update(companyUsers).set({ passwordHash, passwordSetAt: now }).where(eq(companyUsers.id, row.id));
    await endAllCompanySessions(tx, row.id, now);
    await tx.delete(rateLimits).where(eq(rateLimits.key, `company-self:${row.id}`));
    await audit(tx, actor, { action: 'company_user.password_change', entity: 'company_user', entityId: row.id });
    const t = translatorFor(row.locale, 'Company');
    await enqueue(tx, { channel: 'email', recipient: row.email, subject: t('mail.passwordChangedSubject'), body: t('mail.passwordChangedBody', { name: row.name }) });
    return { session: await openCompanySession(tx, row.id, actor.ipHash, now) };
  });
}

/** Back to SMS codes: the password and a fresh code from the app are needed (the session alone is not enough). */
export async function removeHrTotp(db: Db, member: CompanyMember, actor: Actor, input: { password: string; code: string }, now = new Date()) {
  const row = await countGuess(db, member, now);
  const passwordOk = await verifyPassword(row.passwordHash!, input.password);
  const codeOk = passwordOk && (await passCompanyTotp(db, row, input.code, now.getTime()));
  if (!passwordOk || !codeOk) {
    await db.insert(securityEvents).values({ type: 'company_totp_off_failed', userId: row.id, ipHash: actor.ipHash });
    throw new ApiError(422, 'validation_failed', passwordOk ? { code: 'totp_wrong' } : { password: 'wrong_current_password' });
  }
  return transaction(db, async (tx) => {
    await tx.update(companyUsers).set({ totpSecret: null, pendingTotpSecret: null }).where(eq(companyUsers.id, row.id));
    await tx.delete(rateLimits).where(eq(rateLimits.key, `company-self:${row.id}`));
    await audit(tx, actor, { action: 'company_user.totp_off', entity: 'company_user', entityId: row.id });
    return { enrolled: false };
  });
}

/**
 * "Forgot password": a fresh single-use set-password link by e-mail to an HR person of an active
 * company. The answer is the same whether the address is known or not (a dummy hash keeps the
 * time alike); the link still leads through the second factor (the SMS code) before any session.
 */
export async function requestHrPasswordReset(db: Db, input: { email: string; ipHash: string }, now = new Date()): Promise<{ ok: true }> {
  const email = input.email.trim().toLowerCase();
  const ip = await hit(db, { key: `company-reset:ip:${input.ipHash}`, max: HR_RESET_LIMIT.perIp, windowSeconds: HR_RESET_LIMIT.windowSeconds }, now);
  if (!ip.allowed) throw new ApiError(429, 'rate_limited', undefined, ip.retryAfter);
  const perEmail = await hit(db, { key: `company-reset:email:${email}`, max: HR_RESET_LIMIT.perEmail, windowSeconds: HR_RESET_LIMIT.windowSeconds }, now);
  const row = await hrUserByEmail(db, email);
  if (!row || !perEmail.allowed || row.user.disabledAt || !row.active) return { ok: true };
  await sendPasswordLink(db, row.user.id, 'reset', { kind: 'company', id: row.user.id, label: row.user.email, ipHash: input.ipHash }, now);
  return { ok: true };
}
