import 'server-only';
// HR's invitation to the lessons (docs/payments.md, "Company lesson pools", "Who the employee is"):
// for an employee whose account has another phone than the roster's (or who has no account yet),
// HR sends a single-use link by SMS and/or e-mail; the employee opens it signed in (or signs in or
// up on the way) and the roster row is bound to their account (`company_employees.user_id`): from
// then on that account, and only it, books the employee's lessons. A newer invitation replaces the
// older link, and taking it moves the binding (a link forwarded by mistake is undone by sending a
// new one to the right person).
import { and, eq, gt, sql } from 'drizzle-orm';
import { ApiError } from '@/lib/api/errors';
import { audit, type Actor } from '@/lib/audit/log';
import { hasUserScope } from '@/lib/auth/scope';
import { newOpaqueToken, tokenHash } from '@/lib/crypto/opaque-token';
import { companies, companyEmployees } from '@/lib/db/schema';
import { isUniqueViolation } from '@/lib/db/errors';
import { rowsOf } from '@/lib/db/rows';
import { transaction } from '@/lib/db/transaction';
import type { Db } from '@/lib/db/types';
import { asLocale, translatorFor } from '@/lib/i18n/translate';
import { enqueue } from '@/lib/outbox';
import { spend } from '@/lib/rate-limit';
import { absoluteUrl, localePath } from '@/lib/seo';
import { spendNotifySms } from '@/lib/sms/notify-budget';
import { formatTenge } from '@/lib/tariffs';
import { poolTutorPriceMax } from '@/lib/lessons/money';
import { employeeLessonsLeft } from './employer';

/** The link lives this long. */
export const LESSONS_INVITE_DAYS = 14;
/** A new link to the same employee waits this long after the last one (as the test invitations). */
export const LESSONS_INVITE_RESEND_MINUTES = 60;
/** Invitation SMS of one company per UTC day: the Kazakh test invitations' cap, shared. */
const COMPANY_SMS_DAILY_CAP = 1000;
const PURPOSE = 'lessons-invite';

/** The link: the cabinet, with the token in the fragment (never in a server log or a Referer). */
export const lessonsInviteUrl = (locale: string, token: string) => absoluteUrl(`${localePath(asLocale(locale), '/cabinet')}#employer=${token}`);

export type InviteChannel = 'sms' | 'email';

/**
 * HR invites one employee of its roster to the lessons (another company's employee: 404): a new
 * single-use link, valid LESSONS_INVITE_DAYS days, by the channels the roster has contacts for, in the
 * employee's language (422 when it has none of them; 429 `invitation_too_soon` within an hour of the
 * last one; SMS within the company's daily cap and the school's notification budget). Audited `pool.invite`.
 */
export async function inviteToLessons(db: Db, actor: Actor, companyId: number, input: { employeeId: number; channels: InviteChannel[] }, now = new Date()): Promise<{ sent: InviteChannel[] }> {
  return transaction(db, async (tx) => {
    const locked = rowsOf<{ id: number }>(await tx.execute(sql`select id from ${companyEmployees} where ${companyEmployees.id} = ${input.employeeId} and ${companyEmployees.companyId} = ${companyId} for update`));
    if (locked.length === 0) throw new ApiError(404, 'not_found');
    const [e] = await tx.select().from(companyEmployees).where(eq(companyEmployees.id, input.employeeId)).limit(1);
    const [company] = await tx.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId)).limit(1);
    const channels = input.channels.filter((c) => (c === 'sms' ? e!.phone : e!.email));
    if (channels.length === 0) throw new ApiError(422, 'validation_failed', { channels: 'invite_no_contact' });
    if (e!.lessonsInviteExpiresAt) {
      const sentAt = e!.lessonsInviteExpiresAt.getTime() - LESSONS_INVITE_DAYS * 86_400_000;
      const next = sentAt + LESSONS_INVITE_RESEND_MINUTES * 60_000;
      if (next > now.getTime()) throw new ApiError(429, 'invitation_too_soon', undefined, Math.ceil((next - now.getTime()) / 1000));
    }
    if (channels.includes('sms')) {
      const cap = await spend(tx, { key: `company:sms:${companyId}`, max: COMPANY_SMS_DAILY_CAP, windowSeconds: 86_400 }, 1, now);
      if (!cap.spent) throw new ApiError(429, 'company_sms_cap', undefined, cap.retryAfter);
      const budget = await spendNotifySms(tx, 1, now);
      if (!budget.spent) throw new ApiError(429, 'sms_budget_spent', undefined, budget.retryAfter);
    }
    const { token, hash } = newOpaqueToken(PURPOSE);
    await tx.update(companyEmployees).set({ lessonsInviteHash: hash, lessonsInviteExpiresAt: new Date(now.getTime() + LESSONS_INVITE_DAYS * 86_400_000) }).where(eq(companyEmployees.id, e!.id));
    const t = translatorFor(e!.locale, 'Company');
    const vars = { name: e!.firstName, company: company!.name, link: lessonsInviteUrl(e!.locale, token), lessons: await employeeLessonsLeft(tx, e!.id), max: formatTenge(poolTutorPriceMax(), e!.locale), days: LESSONS_INVITE_DAYS };
    if (channels.includes('sms')) await enqueue(tx, { channel: 'sms', recipient: e!.phone!, body: t('poolInvite.sms', vars) });
    if (channels.includes('email')) await enqueue(tx, { channel: 'email', recipient: e!.email!, subject: t('poolInvite.subject', vars), body: t('poolInvite.body', vars) });
    await audit(tx, actor, { action: 'pool.invite', entity: 'company_employee', entityId: e!.id, after: { channels } });
    return { sent: channels };
  });
}

/**
 * The signed-in student takes HR's invitation: the roster row is bound to their account (a tutor:
 * 403; an unknown, used or lapsed link: 404 `employer_invite_invalid`; the account already bound to
 * another row of that company: 409 `employer_invite_taken`). The link is spent.
 */
export async function claimLessonsInvite(db: Db, user: { id: number; scope: string }, token: string, now = new Date()): Promise<{ employeeId: number; company: string; lessonsLeft: number }> {
  if (!hasUserScope(user.scope, 'student')) throw new ApiError(403, 'not_student');
  try {
    return await transaction(db, async (tx) => {
      const [row] = await tx
        .select({ id: companyEmployees.id, company: companies.name })
        .from(companyEmployees)
        .innerJoin(companies, eq(companies.id, companyEmployees.companyId))
        .where(and(eq(companyEmployees.lessonsInviteHash, tokenHash(token, PURPOSE)), gt(companyEmployees.lessonsInviteExpiresAt, now)))
        .for('update')
        .limit(1);
      if (!row) throw new ApiError(404, 'employer_invite_invalid');
      await tx.update(companyEmployees).set({ userId: user.id, lessonsInviteHash: null, lessonsInviteExpiresAt: null }).where(eq(companyEmployees.id, row.id));
      return { employeeId: row.id, company: row.company, lessonsLeft: await employeeLessonsLeft(tx, row.id) };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new ApiError(409, 'employer_invite_taken');
    throw err;
  }
}
