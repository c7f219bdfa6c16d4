import 'server-only';
// What the money's people are told, by SMS and e-mail through the outbox, in their language (the audit:
// tutors heard nothing when a statement was ready or paid, students nothing when finance decided a
// refund, and nobody reminded finance of the register's dates). Each notice is enqueued in the
// transaction that makes its fact true, so a fact is never told twice or without having happened.
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { paymentRefunds, payoutRegisters, sentNotices, staff, users } from '@/lib/db/schema';
import { transaction } from '@/lib/db/transaction';
import type { Db } from '@/lib/db/types';
import { translatorFor } from '@/lib/i18n/translate';
import { enqueue } from '@/lib/outbox';
import { claimNotice } from '@/lib/outbox/once';
import { checkKzMobile } from '@/lib/phone';
import { absoluteUrl, localePath } from '@/lib/seo';
import { enqueueNotifySms } from '@/lib/sms/notify-budget';
import { formatTiyn } from '@/lib/tariffs';
import { addMonths } from '@/lib/time/calendar';
import { KK_MONTHS, schoolLongDate } from '@/lib/time/school-clock';
import { schoolDate, schoolInstant } from '@/lib/time/school-zone';
import { hasScope } from '@/lib/validations/staff-scopes';

/** "ноябрь 2026" / "2026 жылғы қараша" / "November 2026": a month in the reader's language. */
export function monthInWords(month: string, locale: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  if (locale === 'kk') return `${y} жылғы ${KK_MONTHS[m - 1]}`;
  return new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'ru-RU', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, 15)));
}

/** A day (YYYY-MM-DD, the school's calendar) in words, as the rest of the mail writes dates. */
const dayInWords = (day: string, locale: string) => schoolLongDate(schoolInstant(day, 12 * 60), locale);

type Person = { id: number; name: string; phone: string; email: string | null; locale: string | null };

async function tell(tx: Db, who: Person, texts: { sms: string; subject: string; body: string }, now: Date) {
  const phone = checkKzMobile(who.phone);
  if (phone.ok) await enqueueNotifySms(tx, { recipient: phone.e164, body: texts.sms }, now);
  if (who.email) await enqueue(tx, { channel: 'email', recipient: who.email, subject: texts.subject, body: texts.body, ics: null });
}

async function people(tx: Db, ids: number[]): Promise<Map<number, Person>> {
  if (ids.length === 0) return new Map();
  const rows = await tx.select({ id: users.id, name: users.name, phone: users.phone, email: users.email, locale: users.locale }).from(users).where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * A register approved: each tutor of it is told their statement is ready (the month, the lessons, the
 * earning, the day it is paid by), in the register's transaction.
 */
export async function tellStatementsReady(tx: Db, month: string, lines: { tutorId: number; lessons: number; earningTiyn: number }[], payBy: string, now: Date): Promise<void> {
  const byId = await people(tx, lines.map((l) => l.tutorId));
  for (const line of lines) {
    const who = byId.get(line.tutorId);
    if (!who) continue;
    const t = translatorFor(who.locale, 'Cabinet');
    const values = { name: who.name, month: monthInWords(month, who.locale ?? 'ru'), lessons: line.lessons, earning: formatTiyn(line.earningTiyn, who.locale ?? 'ru'), payBy: dayInWords(payBy, who.locale ?? 'ru'), cabinet: absoluteUrl(localePath(who.locale ?? 'ru', '/cabinet')) };
    await tell(tx, who, { sms: t('notices.statementSms', values), subject: t('notices.statementSubject', values), body: t('notices.statementBody', values) }, now);
  }
}

/** A register paid: each tutor paid is told the payout left the school (the month and the amount), in the payout's transaction. */
export async function tellPayoutsSent(tx: Db, month: string, lines: { tutorId: number; earningTiyn: number }[], now: Date): Promise<void> {
  const byId = await people(tx, lines.map((l) => l.tutorId));
  for (const line of lines) {
    const who = byId.get(line.tutorId);
    if (!who || line.earningTiyn <= 0) continue;
    const t = translatorFor(who.locale, 'Cabinet');
    const values = { name: who.name, month: monthInWords(month, who.locale ?? 'ru'), earning: formatTiyn(line.earningTiyn, who.locale ?? 'ru'), cabinet: absoluteUrl(localePath(who.locale ?? 'ru', '/cabinet')) };
    await tell(tx, who, { sms: t('notices.paidSms', values), subject: t('notices.paidSubject', values), body: t('notices.paidBody', values) }, now);
  }
}

/** Finance decided a refund in review: the student is told (approved: sent by the due day; rejected: the reason, the lessons back in the package). */
export async function tellRefundDecided(tx: Db, refund: typeof paymentRefunds.$inferSelect, now: Date): Promise<void> {
  const who = (await people(tx, [refund.studentId])).get(refund.studentId);
  if (!who) return;
  const locale = who.locale ?? 'ru';
  const t = translatorFor(who.locale, 'Cabinet');
  const values = { name: who.name, amount: formatTiyn(refund.amountTiyn, locale), date: schoolLongDate(refund.dueBy, locale), reason: refund.decisionReason ?? '', cabinet: absoluteUrl(localePath(locale, '/cabinet')) };
  const approved = refund.status !== 'rejected';
  await tell(
    tx,
    who,
    approved
      ? { sms: t('notices.refundApprovedSms', values), subject: t('notices.refundApprovedSubject', values), body: t('notices.refundApprovedBody', values) }
      : { sms: t('notices.refundRejectedSms', values), subject: t('notices.refundRejectedSubject', values), body: t('notices.refundRejectedBody', values) },
    now,
  );
}

/**
 * Finance's reminders of the payout register, by e-mail to the staff with the finance scope (the
 * admins when nobody has it), each once (its key claimed in the same transaction): from the 1st, the
 * last month's register is ready to approve (due by the 5th); after the 5th, not approved yet:
 * overdue; after the 10th, approved but not paid: overdue. `statementDay`/`payoutDay`: the days.
 */
export async function remindFinanceOfPayouts(
  db: Db,
  opts: { statementDay: number; payoutDay: number; hasLessons: (month: string) => Promise<boolean> },
  now = new Date(),
): Promise<string[]> {
  const today = schoolDate(now);
  const month = addMonths(`${today.slice(0, 7)}-01`, -1).slice(0, 7);
  const day = Number(today.slice(8, 10));
  const readyBy = `${today.slice(0, 8)}${String(opts.statementDay).padStart(2, '0')}`;
  const payBy = `${today.slice(0, 8)}${String(opts.payoutDay).padStart(2, '0')}`;
  const [register] = await db.select().from(payoutRegisters).where(eq(payoutRegisters.month, month)).limit(1);
  const kind = !register ? (day > opts.statementDay ? 'approveOverdue' : 'due') : register.status === 'approved' && day > opts.payoutDay ? 'payOverdue' : null;
  if (!kind) return [];
  // Told already (the pass runs every minute): nothing more to read.
  if ((await db.select({ key: sentNotices.key }).from(sentNotices).where(eq(sentNotices.key, `payout-${kind}:${month}`)).limit(1)).length > 0) return [];
  if (!register && !(await opts.hasLessons(month))) return [];
  const members = await db.select({ email: staff.email, locale: staff.locale, scopes: staff.scopes }).from(staff).where(and(isNull(staff.disabledAt), sql`${staff.enrolledAt} is not null`));
  const finance = members.filter((m) => m.scopes.includes('finance'));
  const to = finance.length > 0 ? finance : members.filter((m) => hasScope(m.scopes, 'admin'));
  const sent = await transaction(db, async (tx) => {
    if (!(await claimNotice(tx, `payout-${kind}:${month}`, now))) return false;
    for (const m of to) {
      const t = translatorFor(m.locale, 'Admin');
      const values = { month: monthInWords(month, m.locale), readyBy: dayInWords(readyBy, m.locale), payBy: dayInWords(payBy, m.locale), link: absoluteUrl(`${localePath(m.locale, '/admin/payouts')}?month=${month}`) };
      await enqueue(tx, { channel: 'email', recipient: m.email, subject: t(`payouts.notices.${kind}Subject`, values), body: t(`payouts.notices.${kind}Body`, values), ics: null });
    }
    return true;
  });
  return sent ? to.map((m) => m.email) : [];
}
