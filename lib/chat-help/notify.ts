import 'server-only';
// Chat help's one notice (docs/chat-help.md "The promise"): a question asked during duty hours that no
// tutor has taken after CHAT_WAITING_NOTICE_MINUTES is e-mailed once to every tutor on duty for its
// subject, so the promise of a first answer within CHAT_FIRST_ANSWER_MINUTES does not rest on a page
// kept open. The mail names the subject and the wait, never the question's text (it may carry a
// student's personal details): the tutor reads it on the page, signed in.
import { and, asc, eq, gt, inArray, lte } from 'drizzle-orm';
import { chatHelpQuestions, users } from '@/lib/db/schema';
import { transaction } from '@/lib/db/transaction';
import type { Db } from '@/lib/db/types';
import { asLocale, translatorFor } from '@/lib/i18n/translate';
import { enqueue } from '@/lib/outbox/index';
import { claimNotice } from '@/lib/outbox/once';
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
    const tutors = tutorIds.length ? await db.select({ email: users.email, locale: users.locale }).from(users).where(inArray(users.id, tutorIds)) : [];
    const sent = await transaction(db, async (tx) => {
      if (!(await claimNotice(tx, `chat-waiting:${q.id}`, now))) return false;
      const minutes = Math.floor((now.getTime() - q.createdAt.getTime()) / 60_000);
      for (const tutor of tutors) {
        if (!tutor.email) continue;
        const locale = asLocale(tutor.locale);
        const t = translatorFor(locale, 'ChatHelp');
        const values = { subject: t(`subjects.${q.subject}`), minutes, promise: CHAT_FIRST_ANSWER_MINUTES, link: absoluteUrl(localePath(locale, '/cabinet/chat')) };
        await enqueue(tx, { channel: 'email', recipient: tutor.email, subject: t('waitingNotice.subject', values), body: t('waitingNotice.body', values) });
      }
      return true;
    });
    if (sent) announced++;
  }
  return announced;
}
