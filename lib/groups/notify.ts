import 'server-only';
// What a group's students are told (issue 33): a seat bought (every date, one calendar file for the
// series), a payment that came for a group already full (refunded), the waitlist's offer, a group
// cancelled or merged, a student who left; an employee seated by their company, removed by it, or
// whose company's group is cancelled. SMS and e-mail through the outbox, in the caller's
// transaction, each in the reader's language. A group lesson moved or cancelled, and the reminders,
// are lib/lessons/notify.ts's (notifyGroupLesson).
import { inArray } from 'drizzle-orm';
import { DEMO_PASSWORD_HASH, users } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { env } from '@/lib/env';
import { translatorFor } from '@/lib/i18n/translate';
import { lessonsIcs } from '@/lib/lessons/ics';
import { roomUrl } from '@/lib/lessons/links';
import { groupTitle, schoolDateTime } from '@/lib/lessons/notify';
import { enqueue } from '@/lib/outbox';
import { checkKzMobile } from '@/lib/phone';
import { absoluteUrl, localePath } from '@/lib/seo';
import { enqueueNotifySms } from '@/lib/sms/notify-budget';
import { formatTiyn } from '@/lib/tariffs';
import type { Group, GroupLesson } from './state';

type Person = Pick<typeof users.$inferSelect, 'id' | 'name' | 'lastname' | 'phone' | 'email' | 'locale' | 'passwordHash'>;
/** `company_*`: an employee's seat in a company's closed group (the company pays: nothing goes to the employee's card). */
export type GroupNotice = 'seat_paid' | 'seat_full' | 'offer' | 'cancelled' | 'merged' | 'left' | 'company_seat' | 'company_removed' | 'company_cancelled';

async function people(db: Db, ids: number[]): Promise<Person[]> {
  if (ids.length === 0) return [];
  return db.select({ id: users.id, name: users.name, lastname: users.lastname, phone: users.phone, email: users.email, locale: users.locale, passwordHash: users.passwordHash }).from(users).where(inArray(users.id, ids));
}

function mailbox(): { name: string; email: string } {
  const from = env().MAIL_FROM;
  const m = /^(.*)<([^>]+)>\s*$/.exec(from);
  return m ? { name: m[1]!.trim() || 'Tilmen', email: m[2]!.trim() } : { name: 'Tilmen', email: from.trim() };
}

/** The group's page in the reader's language (the waitlist's offer links to it). */
export const groupUrl = (groupId: number, locale: string) => absoluteUrl(localePath(locale, `/groups/${groupId}`));
/** The held seat's checkout (the waitlist's offer links there: the group counts the seat as taken, so its page says full). */
export const heldSeatUrl = (groupId: number, locale: string) => absoluteUrl(localePath(locale, `/checkout?group=${groupId}&hold=1`));

export interface NoticeValues {
  amountTiyn?: number;
  reason?: string;
  /** The group a merge moved the student to, and its lessons. */
  target?: Group;
  lessons?: GroupLesson[];
  until?: Date;
  hours?: number;
}

/**
 * Tells students of `group` (SMS and e-mail): `notice` with its values. A seat's purchase carries
 * every date of `values.lessons` and, by e-mail, one .ics of them (each lesson's own UID: a later
 * move or cancel of one lesson updates its event).
 */
export async function tellStudents(db: Db, group: Group, studentIds: number[], notice: GroupNotice, values: NoticeValues = {}, now = new Date()): Promise<void> {
  for (const me of await people(db, [...new Set(studentIds)])) {
    if (me.passwordHash === DEMO_PASSWORD_HASH) continue;
    const t = translatorFor(me.locale, 'Groups');
    const zone = translatorFor(me.locale, 'Booking')('notify.zone');
    const shown = values.target ?? group;
    const list = values.lessons ?? [];
    const at = (l: GroupLesson) => schoolDateTime(l.startsAt, me.locale);
    const texts = {
      name: me.name,
      group: groupTitle(group, me.locale),
      target: groupTitle(shown, me.locale),
      amount: formatTiyn(values.amountTiyn ?? 0, me.locale),
      reason: values.reason ?? '',
      count: list.length,
      first: list[0] ? `${at(list[0]).date}, ${at(list[0]).time}` : '',
      dates: list.map((l) => `${at(l).date}, ${at(l).time}`).join('\n'),
      zone,
      hours: values.hours ?? 0,
      until: values.until ? `${schoolDateTime(values.until, me.locale).date}, ${schoolDateTime(values.until, me.locale).time}` : '',
      link: notice === 'offer' ? heldSeatUrl(shown.id, me.locale) : groupUrl(shown.id, me.locale),
      groups: absoluteUrl(localePath(me.locale, '/groups')),
      cabinet: absoluteUrl(localePath(me.locale, '/cabinet')),
    };
    const phone = checkKzMobile(me.phone);
    if (phone.ok) await enqueueNotifySms(db, { recipient: phone.e164, body: t(`notify.${notice}_sms`, texts) }, now);
    if (me.email) {
      const series = (notice === 'seat_paid' || notice === 'merged' || notice === 'company_seat') && list.length > 0;
      const title = t('icsTitle', { group: groupTitle(shown, me.locale) });
      const ics = series
        ? lessonsIcs(
            list.map((l) => ({ id: l.id, startsAt: l.startsAt, endsAt: l.endsAt, sequence: l.sequence, title, description: `${title}\n${roomUrl(l.id, me.locale)}`, url: roomUrl(l.id, me.locale) })),
            { organizer: mailbox(), attendee: { name: [me.name, me.lastname].filter(Boolean).join(' '), email: me.email }, method: 'REQUEST' },
          )
        : null;
      await enqueue(db, { channel: 'email', recipient: me.email, subject: t(`notify.${notice}_subject`, texts), body: t(`notify.${notice}_body`, texts), ics });
    }
  }
}

/** The student's name as a group's tutor and HR see it: the first name and the last name's initial. */
export async function rosterNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  const rows = ids.length ? await db.select({ id: users.id, name: users.name, lastname: users.lastname }).from(users).where(inArray(users.id, ids)) : [];
  return new Map(rows.map((r) => [r.id, `${r.name} ${Array.from(r.lastname)[0] ?? ''}.`.trim()]));
}
