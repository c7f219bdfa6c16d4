import 'server-only';
// Expiry reminders (issue 24: "nothing expires silently"): 14 and 3 days before a package's validity
// ends, while it still holds a lesson, the student gets an SMS and an e-mail through the outbox.
// Each is claimed by its marker on the package in the same transaction as the messages, so parallel
// instances and repeated passes send it once (the lesson reminders' pattern, lib/lessons/reminders.ts).
import { and, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import { lessonPackages, users } from '@/lib/db/schema';
import { transaction } from '@/lib/db/transaction';
import type { Db } from '@/lib/db/types';
import { translatorFor } from '@/lib/i18n/translate';
import { enqueue } from '@/lib/outbox';
import { checkKzMobile } from '@/lib/phone';
import { absoluteUrl, localePath } from '@/lib/seo';
import { enqueueNotifySms } from '@/lib/sms/notify-budget';
import { schoolDateTime } from '@/lib/lessons/notify';
import { ACCOUNTS, balance } from '@/lib/money/ledger';

const DAY = 86_400_000;
export const EXPIRY_REMINDER_DAYS = [14, 3] as const;

/** Sends the expiry reminders that are due; returns how many packages were reminded. */
export async function remindExpiringPackages(db: Db, now = new Date()): Promise<number> {
  let sent = 0;
  for (const days of EXPIRY_REMINDER_DAYS) {
    const mark = days === 14 ? lessonPackages.remindedExpiry14At : lessonPackages.remindedExpiry3At;
    const due = await db
      .select({ id: lessonPackages.id })
      .from(lessonPackages)
      .where(and(isNull(mark), gt(lessonPackages.validUntil, now), lte(lessonPackages.validUntil, new Date(now.getTime() + days * DAY))))
      .limit(200);
    for (const { id } of due) {
      const done = await transaction(db, async (tx) => {
        const [pkg] = await tx
          .update(lessonPackages)
          .set(days === 14 ? { remindedExpiry14At: now } : { remindedExpiry3At: now })
          .where(and(eq(lessonPackages.id, id), isNull(mark)))
          .returning();
        if (!pkg) return false;
        // The 3 days' reminder makes the 14 days' one pointless when both fall due together.
        if (days === 14 && pkg.validUntil.getTime() - now.getTime() <= 3 * DAY) return false;
        const held = await balance(tx, ACCOUNTS.studentBalance(pkg.studentId), pkg.id);
        const left = Math.floor(held / pkg.perLessonTiyn);
        if (left < 1) return false;
        const people = await tx.select().from(users).where(sql`${users.id} in (${pkg.studentId}, ${pkg.tutorId})`);
        const me = people.find((p) => p.id === pkg.studentId);
        const tutor = people.find((p) => p.id === pkg.tutorId);
        if (!me || !tutor) return false;
        const t = translatorFor(me.locale, 'Cabinet');
        const reg = translatorFor(me.locale, 'Registration');
        const subjectKey = `tutor.subjects.${pkg.subject}` as Parameters<typeof reg>[0];
        const values = {
          name: me.name,
          tutor: [tutor.name, tutor.lastname].filter(Boolean).join(' '),
          subject: reg.has(subjectKey) ? reg(subjectKey) : pkg.subject,
          lessons: left,
          date: schoolDateTime(pkg.validUntil, me.locale).date,
          cabinet: absoluteUrl(localePath(me.locale, '/cabinet')),
        };
        const phone = checkKzMobile(me.phone);
        if (phone.ok) await enqueueNotifySms(tx, { recipient: phone.e164, body: t('money.expiry_sms', values) }, now);
        if (me.email) await enqueue(tx, { channel: 'email', recipient: me.email, subject: t('money.expiry_subject', values), body: t('money.expiry_body', values), ics: null });
        return true;
      });
      if (done) sent++;
    }
  }
  return sent;
}
