import 'server-only';
import { and, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import { ApiError } from '@/lib/api/errors';
import { audit, type Actor } from '@/lib/audit/log';
import { companies, companyEmployees, companyInvitations, testAttempts } from '@/lib/db/schema';
import { transaction } from '@/lib/db/transaction';
import type { Db } from '@/lib/db/types';
import { asLocale, translatorFor } from '@/lib/i18n/translate';
import { enqueue } from '@/lib/outbox';
import { spend } from '@/lib/rate-limit';
import { enqueueNotifySms, spendNotifySms } from '@/lib/sms/notify-budget';
import { newOpaqueToken } from '@/lib/crypto/opaque-token';
import { absoluteUrl, localePath } from '@/lib/seo';
import { intlLocale, SCHOOL_FIXED_ZONE } from '@/lib/time/school-clock';
import { latestDeadline } from './invitation-deadline';

/**
 * Personal invitations to the company's Kazakh test (lib/quiz/invitation.ts takes the link). Only the
 * token's SHA-256 is stored, so a message that needs the link (a re-send, a reminder) carries a new
 * token and the old link stops working; once the test was started through a link its token never
 * changes again (the link is how the employee resumes).
 */

export type Channel = 'sms' | 'email';
export type InvitationStatus = 'not_invited' | 'invited' | 'started' | 'finished' | 'expired';
export const INVITATION_STATUSES: readonly InvitationStatus[] = ['not_invited', 'invited', 'started', 'finished', 'expired'];
const DAY = 86_400_000;

/** The personal link: the token rides in the fragment, so it never reaches a server log or a Referer. */
export const invitationUrl = (locale: string, slug: string, token: string) =>
  absoluteUrl(`${localePath(asLocale(locale), `/kazakh-test/${slug}/invite`)}#${token}`);

/** The roster status of an employee, from the invitation and the attempt its token started (SQL, for filters too). */
export const employeeStatusSql = (now: Date) => sql<InvitationStatus>`case
  when ${companyInvitations.id} is null then 'not_invited'
  when ${testAttempts.status} = 'finished' then 'finished'
  when ${testAttempts.id} is not null then 'started'
  when ${companyInvitations.deadline} <= ${now.toISOString()}::timestamptz then 'expired'
  else 'invited' end`;

type Employee = typeof companyEmployees.$inferSelect;
const fmtDate = (d: Date, locale: string) =>
  new Intl.DateTimeFormat(intlLocale(asLocale(locale)), { day: 'numeric', month: 'long', year: 'numeric', timeZone: SCHOOL_FIXED_ZONE }).format(d);

/**
 * Queues the messages. An invitation's SMS were counted by the caller for the whole call (company cap
 * and notification budget); a reminder's SMS is counted here and skipped once the budget is spent.
 */
async function sendMessages(db: Db, e: Employee, company: { name: string; slug: string }, token: string, deadline: Date, channels: Channel[], kind: 'invite' | 'reminder') {
  const t = translatorFor(e.locale, 'Company');
  const vars = { name: e.firstName, company: company.name, link: invitationUrl(e.locale, company.slug, token), deadline: fmtDate(deadline, e.locale) };
  const sent: Channel[] = [];
  if (channels.includes('sms') && e.phone) {
    const body = t(kind === 'invite' ? 'invite.message.sms' : 'invite.message.reminderSms', vars);
    const queued = kind === 'invite' ? await enqueue(db, { channel: 'sms', recipient: e.phone, body }) : await enqueueNotifySms(db, { recipient: e.phone, body });
    if (queued !== null) sent.push('sms');
  }
  if (channels.includes('email') && e.email) {
    await enqueue(db, {
      channel: 'email',
      recipient: e.email,
      subject: t(kind === 'invite' ? 'invite.message.subject' : 'invite.message.reminderSubject', vars),
      body: t(kind === 'invite' ? 'invite.message.body' : 'invite.message.reminderBody', vars),
    });
    sent.push('email');
  }
  return sent;
}

/** A re-send to one employee waits this long after the previous send (security review M3). */
export const RESEND_MIN_MINUTES = 60;
/** Invitation SMS one company may send per UTC day (security review M3); e-mail is not capped. */
export const COMPANY_SMS_DAILY_CAP = 1000;

/**
 * Invites the chosen employees of the company (by SMS and/or e-mail, each in the employee's
 * language) → {sent, skipped: [{id, reason}]}. An id that is not on this company's roster makes
 * the whole call a 404 (another company's employee looks like one that does not exist). An employee
 * already invited gets a new link (a re-send), unless the test was started through the old one or
 * the last send was less than RESEND_MIN_MINUTES ago (skipped `too_soon`; a call where that is all
 * there is to do is a 429 invitation_too_soon). The call's SMS go whole or not at all: within the
 * company's COMPANY_SMS_DAILY_CAP (429 company_sms_cap) and the school's notification SMS budget
 * (429 sms_budget_spent). Every send and re-send goes into the audit log.
 */
export async function sendInvitations(
  db: Db,
  actor: Actor,
  member: { userId: number; companyId: number },
  input: { employeeIds: number[]; channels: Channel[]; deadline: Date },
  now = new Date(),
) {
  const { companyId } = member;
  // At most the end of the Almaty day 90 days on: the last day the invite form offers (before, 90 × 24
  // hours from now, which refused that day's end from 05:00 to midnight in Almaty).
  if (input.deadline.getTime() <= now.getTime() + 3_600_000 || input.deadline.getTime() > latestDeadline(now).getTime()) {
    throw new ApiError(422, 'validation_failed', { deadline: 'invite_deadline_range' });
  }
  const ids = [...new Set(input.employeeIds)];
  return transaction(db, async (tx) => {
    const [company] = await tx.select({ name: companies.name, slug: companies.slug }).from(companies).where(eq(companies.id, companyId)).limit(1);
    if (!company) throw new ApiError(404, 'not_found');
    const employees = await tx.select().from(companyEmployees).where(and(eq(companyEmployees.companyId, companyId), inArray(companyEmployees.id, ids)));
    if (employees.length !== ids.length) throw new ApiError(404, 'not_found');
    const existing = await tx.select().from(companyInvitations).where(and(eq(companyInvitations.companyId, companyId), inArray(companyInvitations.employeeId, ids)));
    const byEmployee = new Map(existing.map((i) => [i.employeeId, i]));
    let sent = 0;
    const skipped: { id: number; reason: 'started' | 'no_contact' | 'too_soon' }[] = [];
    const planned: { e: Employee; possible: Channel[] }[] = [];
    let waitSeconds = 0;
    for (const e of employees) {
      const prior = byEmployee.get(e.id);
      if (prior?.startedAt) {
        skipped.push({ id: e.id, reason: 'started' });
        continue;
      }
      const possible = input.channels.filter((c) => (c === 'sms' ? e.phone : e.email));
      if (possible.length === 0) {
        skipped.push({ id: e.id, reason: 'no_contact' });
        continue;
      }
      const nextAllowed = prior ? prior.sentAt.getTime() + RESEND_MIN_MINUTES * 60_000 : 0;
      if (nextAllowed > now.getTime()) {
        skipped.push({ id: e.id, reason: 'too_soon' });
        waitSeconds = Math.max(waitSeconds, Math.ceil((nextAllowed - now.getTime()) / 1000));
        continue;
      }
      planned.push({ e, possible });
    }
    if (planned.length === 0 && waitSeconds > 0) throw new ApiError(429, 'invitation_too_soon', undefined, waitSeconds);
    const smsCount = planned.filter((p) => p.possible.includes('sms')).length;
    if (smsCount > 0) {
      const cap = await spend(tx, { key: `company:sms:${companyId}`, max: COMPANY_SMS_DAILY_CAP, windowSeconds: 86_400 }, smsCount, now);
      if (!cap.spent) throw new ApiError(429, 'company_sms_cap', undefined, cap.retryAfter);
      const budget = await spendNotifySms(tx, smsCount, now);
      if (!budget.spent) throw new ApiError(429, 'sms_budget_spent', undefined, budget.retryAfter);
    }
    for (const { e, possible } of planned) {
      const prior = byEmployee.get(e.id);
      const { token, hash } = newOpaqueToken();
      if (prior) {
        // The row is taken only while nobody started through it (a start marks started_at under lock).
        const [row] = await tx
          .update(companyInvitations)
          .set({ tokenHash: hash, deadline: input.deadline, channels: possible, sendCount: prior.sendCount + 1, sentAt: now, remindedTwoDaysAt: null, remindedOneDayAt: null, createdBy: member.userId })
          .where(and(eq(companyInvitations.id, prior.id), isNull(companyInvitations.startedAt)))
          .returning({ id: companyInvitations.id });
        if (!row) {
          skipped.push({ id: e.id, reason: 'started' });
          continue;
        }
      } else {
        await tx.insert(companyInvitations).values({ companyId, employeeId: e.id, tokenHash: hash, deadline: input.deadline, channels: possible, sentAt: now, createdBy: member.userId, createdAt: now });
      }
      await sendMessages(tx, e, company, token, input.deadline, possible, 'invite');
      await audit(tx, actor, {
        action: prior ? 'invitation.resend' : 'invitation.send',
        entity: 'company_employee',
        entityId: e.id,
        after: { companyId, channels: possible, deadline: input.deadline.toISOString() },
      });
      sent++;
    }
    return { sent, skipped };
  });
}

/**
 * Reminders 2 days and 1 day before the deadline to those who were invited and have not started,
 * each with a fresh link (the stored hash cannot make the old one). Claimed by its mark in the
 * same transaction as the messages (parallel instances send it once); an invitation sent less than
 * 12 hours ago gets none yet; a deadline already within a day gets only the day's reminder.
 */
export async function remindInvitations(db: Db, now = new Date()): Promise<number> {
  let sent = 0;
  // The two-day reminder for deadlines 1-2 days away, the day's one for those within a day.
  for (const [mark, lead, after] of [
    [companyInvitations.remindedTwoDaysAt, 2 * DAY, DAY],
    [companyInvitations.remindedOneDayAt, DAY, 0],
  ] as const) {
    const due = await db
      .select({ id: companyInvitations.id })
      .from(companyInvitations)
      .where(and(isNull(mark), isNull(companyInvitations.startedAt), gt(companyInvitations.deadline, new Date(now.getTime() + after)), lte(companyInvitations.deadline, new Date(now.getTime() + lead)), lte(companyInvitations.sentAt, new Date(now.getTime() - DAY / 2))))
      .limit(200);
    for (const { id } of due) {
      const done = await transaction(db, async (tx) => {
        const { token, hash } = newOpaqueToken();
        const twoDays = lead === 2 * DAY;
        const [inv] = await tx
          .update(companyInvitations)
          .set(twoDays ? { remindedTwoDaysAt: now, tokenHash: hash } : { remindedOneDayAt: now, tokenHash: hash })
          .where(and(eq(companyInvitations.id, id), isNull(mark), isNull(companyInvitations.startedAt)))
          .returning();
        if (!inv) return false;
        const [e] = await tx.select().from(companyEmployees).where(eq(companyEmployees.id, inv.employeeId)).limit(1);
        const [company] = await tx.select({ name: companies.name, slug: companies.slug, active: companies.active }).from(companies).where(eq(companies.id, inv.companyId)).limit(1);
        if (!e || !company?.active) return false;
        const channels = await sendMessages(tx, e, company, token, inv.deadline, inv.channels, 'reminder');
        await audit(tx, { kind: 'system', id: null, label: 'invitation-reminders', ipHash: null }, {
          action: 'invitation.remind',
          entity: 'company_employee',
          entityId: e.id,
          after: { companyId: inv.companyId, channels, before: twoDays ? '2d' : '1d' },
        });
        return channels.length > 0;
      });
      if (done) sent++;
    }
  }
  return sent;
}

/** The company's portal settings. */
export async function companySettings(db: Db, companyId: number) {
  const [c] = await db.select({ rosterOnly: companies.rosterOnly }).from(companies).where(eq(companies.id, companyId)).limit(1);
  if (!c) throw new ApiError(404, 'not_found');
  return c;
}

/** Roster-only on or off (audited): the Kazakh test entry form then refuses IINs off the roster. */
export async function setRosterOnly(db: Db, actor: Actor, companyId: number, rosterOnly: boolean) {
  return transaction(db, async (tx) => {
    const before = await companySettings(tx, companyId);
    await tx.update(companies).set({ rosterOnly }).where(eq(companies.id, companyId));
    await audit(tx, actor, { action: 'company.roster_only', entity: 'company', entityId: companyId, before, after: { rosterOnly } });
    return { rosterOnly };
  });
}
