import 'server-only';
// Chat help's two notices (docs/chat-help.md "The promise"): a question asked during duty hours that no
// tutor has taken after CHAT_WAITING_NOTICE_MINUTES is e-mailed once to every tutor on duty for its
// subject, so the promise of a first answer within CHAT_FIRST_ANSWER_MINUTES does not rest on a page
// kept open; and the student is e-mailed once when the first answer comes (they seldom wait on the
// page). The mails name the subject and the people, never the messages' text (it may carry personal
// details): each reads it on the page, signed in.
import { and, asc, eq, gt, inArray, lte } from 'drizzle-orm';
import { chatHelpQuestions, users } from '@/lib/db/schema';
import { transaction } from '@/lib/db/transaction';
import type { Db } from '@/lib/db/types';
import { asLocale, translatorFor } from '@/lib/i18n/translate';
import { enqueue } from '@/lib/outbox/index';
import { claimNotice } from '@/lib/outbox/once';
import { shortName } from '@/lib/mask';
import { absoluteUrl, localePath } from '@/lib/seo';
import { tutorsOnDuty } from './duty';
import { CHAT_FIRST_ANSWER_MINUTES } from './rules';

/** A question waiting this long for a tutor is e-mailed to the tutors on duty (a third of the promise's time). */
export const CHAT_WAITING_NOTICE_MINUTES = 5;

/**
 * The pass (every minute with the others): questions asked on duty, still open, waiting between
 * CHAT_WAITING_NOTICE_MINUTES and the promise's end (an older one is past helping: not mailed at
 * all, e.g. after an outage). Each question's notice is claimed once (`chat-waiting:{id}`) in the
 * transaction that queues its mails. Returns how many questions were announced.
 */
export async function noticeWaitingQuestions(db: Db, now = new Date()): Promise<number> {
  const waiting = await db
    .select({ id: chatHelpQuestions.id, subject: chatHelpQuestions.subject, studentId: chatHelpQuestions.studentId, createdAt: chatHelpQuestions.createdAt })
    .from(chatHelpQuestions)
    .where(
      and(
        eq(chatHelpQuestions.status, 'open'),
        eq(chatHelpQuestions.onDuty, true),
        lte(chatHelpQuestions.createdAt, new Date(now.getTime() - CHAT_WAITING_NOTICE_MINUTES * 60_000)),
        gt(chatHelpQuestions.createdAt, new Date(now.getTime() - CHAT_FIRST_ANSWER_MINUTES * 60_000)),
      ),
    )
    .orderBy(asc(chatHelpQuestions.createdAt))
    .limit(100);
  let announced = 0;
  for (const q of waiting) {
    const tutorIds = (await tutorsOnDuty(db, q.subject, now)).filter((id) => id !== q.studentId);
    const tutors = (tutorIds.length ? await db.select({ email: users.email, locale: users.locale }).from(users).where(inArray(users.id, tutorIds)) : []).filter((t) => t.email);
    // Nobody on duty to tell now: not claimed, so a tutor whose duty begins inside the window is told.
    if (!tutors.length) continue;
    const sent = await transaction(db, async (tx) => {
      // Taken meanwhile: nothing to tell.
      const [still] = await tx.select({ status: chatHelpQuestions.status }).from(chatHelpQuestions).where(eq(chatHelpQuestions.id, q.id)).for('update');
      if (still?.status !== 'open') return false;
      if (!(await claimNotice(tx, `chat-waiting:${q.id}`, now))) return false;
      const minutes = Math.floor((now.getTime() - q.createdAt.getTime()) / 60_000);
      for (const tutor of tutors) {
        const locale = asLocale(tutor.locale);
        const t = translatorFor(locale, 'ChatHelp');
        const values = { subject: t(`subjects.${q.subject}`), minutes, promise: CHAT_FIRST_ANSWER_MINUTES, link: absoluteUrl(localePath(locale, '/cabinet/chat')) };
        await enqueue(tx, { channel: 'email', recipient: tutor.email!, subject: t('waitingNotice.subject', values), body: t('waitingNotice.body', values) });
      }
      return true;
    });
    if (sent) announced++;
  }
  return announced;
}

/**
 * The student's e-mail about the first answer to their question, queued in the reply's transaction
 * (claimed once per question, `chat-answered:{id}`): the tutor's short name, the subject, the link.
 * Nothing without a confirmed address. Answers whether a mail was queued (the caller kicks the outbox).
 */
export async function noticeFirstAnswer(tx: Db, q: { id: number; studentId: number; subject: 'english' | 'kazakh' }, tutorId: number, now = new Date()): Promise<boolean> {
  const [student] = await tx.select({ email: users.email, locale: users.locale }).from(users).where(eq(users.id, q.studentId));
  const [tutor] = await tx.select({ name: users.name, lastname: users.lastname }).from(users).where(eq(users.id, tutorId));
  if (!student?.email || !tutor) return false;
  if (!(await claimNotice(tx, `chat-answered:${q.id}`, now))) return false;
  const locale = asLocale(student.locale);
  const t = translatorFor(locale, 'ChatHelp');
  const values = { tutor: shortName(tutor.name, tutor.lastname), subject: t(`subjects.${q.subject}`), link: absoluteUrl(localePath(locale, '/cabinet/chat')) };
  await enqueue(tx, { channel: 'email', recipient: student.email, subject: t('answeredNotice.subject', values), body: t('answeredNotice.body', values) });
  return true;
}
