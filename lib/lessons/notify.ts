import 'server-only';
import { checkKzMobile } from '@/lib/phone';
import { eq, inArray } from 'drizzle-orm';
import { groups, lessonMessages, users, type lessons, DEMO_PASSWORD_HASH } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { env } from '@/lib/env';
import { translatorFor } from '@/lib/i18n/translate';
import { enqueue } from '@/lib/outbox/index';
import { enqueueNotifySms } from '@/lib/sms/notify-budget';
import { absoluteUrl, localePath } from '@/lib/seo';
import type { IcsMethod } from '@/lib/outbox/mail';
import { lessonIcs, lessonsIcs } from './ics';
import { lessonStudentIds } from './group-money';
import { roomUrl } from './links';
import { schoolZone } from '@/lib/time/school-zone';

export type LessonEvent = 'booked' | 'rescheduled' | 'cancelled' | 'reminder_day' | 'reminder_hour';
type Lesson = typeof lessons.$inferSelect;
type Person = Pick<typeof users.$inferSelect, 'id' | 'name' | 'lastname' | 'phone' | 'email' | 'locale'>;

const fullName = (p: Person) => [p.name, p.lastname].filter(Boolean).join(' ');

/** The date and time of an instant in the school's time, as each language writes them. */
export function schoolDateTime(at: Date, locale: string): { date: string; time: string } {
  const zone = schoolZone();
  const time = new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);
  const date =
    locale === 'en'
      ? new Intl.DateTimeFormat('en-GB', { timeZone: zone, day: 'numeric', month: 'long', year: 'numeric' }).format(at)
      : new Intl.DateTimeFormat('ru-RU', { timeZone: zone, day: '2-digit', month: '2-digit', year: 'numeric' }).format(at);
  return { date, time };
}

/** The lesson's subject in `locale` (the registration's list), or its code when the list has none. */
function subjectName(subject: string, locale: string): string {
  const reg = translatorFor(locale, 'Registration');
  const key = `tutor.subjects.${subject}` as Parameters<typeof reg>[0];
  return reg.has(key) ? reg(key) : subject;
}

/** The lesson's .ics as `me` reads it: one UID and SEQUENCE for both sides, so calendars update the same event. */
function sideIcs(lesson: Lesson, me: Person, other: Person, method: IcsMethod, attendee?: { name: string; email: string }): string {
  const t = translatorFor(me.locale, 'Booking');
  const subject = subjectName(lesson.subject, me.locale);
  const room = roomUrl(lesson.id, me.locale);
  const title = t(noticeKey(lesson)('icsTitle'), { subject });
  return lessonIcs({
    id: lesson.id,
    startsAt: lesson.startsAt,
    endsAt: lesson.endsAt,
    sequence: lesson.sequence,
    title,
    description: `${title}: ${fullName(other)}\n${room}`,
    url: room,
    organizer: mailbox(),
    attendee,
    method,
  });
}

function mailbox(): { name: string; email: string } {
  const from = env().MAIL_FROM;
  const m = /^(.*)<([^>]+)>\s*$/.exec(from);
  return m ? { name: m[1]!.trim() || 'Tilmen', email: m[2]!.trim() } : { name: 'Tilmen', email: from.trim() };
}

/**
 * Tells both sides about a lesson (or only `only`), each in their language: an SMS to a Kazakh
 * mobile, and an e-mail with the .ics invitation (METHOD:REQUEST, or CANCEL when cancelled; SEQUENCE
 * is the lesson's) to a confirmed address. Everything goes through the outbox in the caller's
 * transaction, and each message is linked to the lesson for the back office's delivery status.
 * SMS bodies carry no six-digit run (the SMS driver would take it for a one-time code).
 */
export async function notifyLesson(db: Db, lesson: Lesson, event: LessonEvent) {
  if (lesson.kind === 'group') return notifyGroupLesson(db, lesson, event);
  if (!lesson.studentId) return;
  const people = await db
    .select({ id: users.id, name: users.name, lastname: users.lastname, phone: users.phone, email: users.email, locale: users.locale, passwordHash: users.passwordHash })
    .from(users)
    .where(inArray(users.id, [lesson.studentId, lesson.tutorId]));
  const student = people.find((p) => p.id === lesson.studentId);
  const tutor = people.find((p) => p.id === lesson.tutorId);
  if (!student || !tutor) return;
  for (const [role, me, other] of [['student', student, tutor], ['tutor', tutor, student]] as const) {
    // A demo tutor's number is made up: nothing is sent to it (the student is told as usual).
    if (me.passwordHash === DEMO_PASSWORD_HASH) continue;
    const room = roomUrl(lesson.id, me.locale);
    const t = translatorFor(me.locale, 'Booking');
    const { date, time } = schoolDateTime(lesson.startsAt, me.locale);
    const subject = subjectName(lesson.subject, me.locale);
    const values = { name: me.name, other: fullName(other), subject, date, time, zone: t('notify.zone'), room, cabinet: absoluteUrl(localePath(me.locale, '/cabinet')) };
    const key = noticeKey(lesson);
    const link = async (outboxId: number) => db.insert(lessonMessages).values({ lessonId: lesson.id, outboxId, purpose: event, recipientRole: role });
    const phone = checkKzMobile(me.phone);
    if (phone.ok) {
      // Counted in the notification SMS budget; once it is spent, the e-mail (and the cabinet) carry the news.
      const sms = await enqueueNotifySms(db, { recipient: phone.e164, body: t(key(`${event}_sms`), values) });
      if (sms !== null) await link(sms);
    }
    if (me.email) {
      const remind = event === 'reminder_day' || event === 'reminder_hour';
      const ics = remind ? null : sideIcs(lesson, me, other, event === 'cancelled' ? 'CANCEL' : 'REQUEST', { name: fullName(me), email: me.email });
      await link(await enqueue(db, { channel: 'email', recipient: me.email, subject: t(key(`${event}_subject`), values), body: t(key(`${event}_body`), values), ics }));
    }
  }
}

type NoticeText = `${LessonEvent}_${'sms' | 'subject' | 'body'}` | 'icsTitle';
/** The paid texts that name the package: a lesson from an employer's pool has its own (docs/payments.md, "Company lesson pools"). */
const POOL_TEXTS = ['booked_body', 'cancelled_body'] as const;
const poolText = (text: NoticeText): text is (typeof POOL_TEXTS)[number] => (POOL_TEXTS as readonly string[]).includes(text);
/**
 * A lesson's notice texts: a trial's (30 minutes, the 4-hour rule), or a paid lesson's (50 minutes,
 * the 8-hour rule) from a package, or from the employer's pool (the same, with the lesson going back
 * to the employer's lessons instead of the package).
 */
const noticeKey = (lesson: Pick<Lesson, 'kind' | 'packageId'>) => (text: NoticeText) =>
  lesson.kind !== 'paid' ? (`notify.${text}` as const) : lesson.packageId === null && poolText(text) ? (`notify.pool.${text}` as const) : (`notify.paid.${text}` as const);

/**
 * Tells both sides about a weekly series of paid lessons booked at once (lib/lessons/series.ts): one
 * SMS and one e-mail each, with every date (each lesson's link and .ics are in the cabinet), linked
 * to every lesson of the series for the back office. In the caller's transaction, like notifyLesson.
 */
export async function notifySeries(db: Db, booked: Lesson[]) {
  const first = booked[0];
  if (!first?.studentId) return;
  if (booked.length === 1) return notifyLesson(db, first, 'booked');
  const last = booked[booked.length - 1]!;
  const people = await db
    .select({ id: users.id, name: users.name, lastname: users.lastname, phone: users.phone, email: users.email, locale: users.locale, passwordHash: users.passwordHash })
    .from(users)
    .where(inArray(users.id, [first.studentId, first.tutorId]));
  const student = people.find((p) => p.id === first.studentId);
  const tutor = people.find((p) => p.id === first.tutorId);
  if (!student || !tutor) return;
  for (const [role, me, other] of [['student', student, tutor], ['tutor', tutor, student]] as const) {
    if (me.passwordHash === DEMO_PASSWORD_HASH) continue;
    const t = translatorFor(me.locale, 'Booking');
    const at = (l: Lesson) => schoolDateTime(l.startsAt, me.locale);
    const values = {
      name: me.name,
      other: fullName(other),
      subject: subjectName(first.subject, me.locale),
      count: booked.length,
      first: at(first).date,
      last: at(last).date,
      dates: booked.map((l) => `${at(l).date}, ${at(l).time}`).join('\n'),
      zone: t('notify.zone'),
      cabinet: absoluteUrl(localePath(me.locale, '/cabinet')),
    };
    const link = async (outboxId: number) => {
      for (const l of booked) await db.insert(lessonMessages).values({ lessonId: l.id, outboxId, purpose: 'booked', recipientRole: role });
    };
    const phone = checkKzMobile(me.phone);
    if (phone.ok) {
      const sms = await enqueueNotifySms(db, { recipient: phone.e164, body: t('notify.paid.series_sms', values) });
      if (sms !== null) await link(sms);
    }
    if (me.email) await link(await enqueue(db, { channel: 'email', recipient: me.email, subject: t('notify.paid.series_subject', values), body: t('notify.paid.series_body', values) }));
  }
}

/**
 * A side's .ics of a lesson for the download link (cabinet, booking page), in that side's language:
 * the same UID and SEQUENCE as the mailed invitations, so it updates the same calendar event.
 */
export async function lessonIcsFor(db: Db, lesson: Lesson, side: 'student' | 'tutor'): Promise<string | null> {
  if (!lesson.studentId) return null;
  const people = await db
    .select({ id: users.id, name: users.name, lastname: users.lastname, phone: users.phone, email: users.email, locale: users.locale })
    .from(users)
    .where(inArray(users.id, [lesson.studentId, lesson.tutorId]));
  const me = people.find((p) => p.id === (side === 'student' ? lesson.studentId : lesson.tutorId));
  const other = people.find((p) => p.id === (side === 'student' ? lesson.tutorId : lesson.studentId));
  if (!me || !other) return null;
  return sideIcs(lesson, me, other, lesson.status === 'cancelled' ? 'CANCEL' : 'REQUEST');
}

/** A group's name as the notices and calendars write it: "English A2" / «Английский язык A2». */
export function groupTitle(group: { subject: string; level: string }, locale: string): string {
  return `${subjectName(group.subject, locale)} ${group.level}`;
}

/**
 * Tells a group lesson's tutor and seated students about it (moved for the whole group, cancelled and
 * given back, the reminders), each in their language, through the outbox in the caller's
 * transaction: an SMS, and an e-mail with the lesson's .ics (the same UID as the series' calendar
 * file, so a move or a cancel updates that event). A seat's purchase is told by lib/groups with
 * every date; `booked` is not sent per lesson.
 */
export async function notifyGroupLesson(db: Db, lesson: Lesson, event: LessonEvent) {
  if (event === 'booked' || lesson.groupId === null) return;
  const [group] = await db.select({ subject: groups.subject, level: groups.level }).from(groups).where(eq(groups.id, lesson.groupId)).limit(1);
  if (!group) return;
  const studentIds = await lessonStudentIds(db, lesson);
  const ids = [lesson.tutorId, ...studentIds];
  const people = await db
    .select({ id: users.id, name: users.name, lastname: users.lastname, phone: users.phone, email: users.email, locale: users.locale, passwordHash: users.passwordHash })
    .from(users)
    .where(inArray(users.id, ids));
  for (const me of people) {
    if (me.passwordHash === DEMO_PASSWORD_HASH) continue;
    const role = me.id === lesson.tutorId ? ('tutor' as const) : ('student' as const);
    const t = translatorFor(me.locale, 'Groups');
    const { date, time } = schoolDateTime(lesson.startsAt, me.locale);
    const room = roomUrl(lesson.id, me.locale);
    const title = groupTitle(group, me.locale);
    const values = { name: me.name, group: title, date, time, zone: translatorFor(me.locale, 'Booking')('notify.zone'), room, cabinet: absoluteUrl(localePath(me.locale, '/cabinet')) };
    const link = async (outboxId: number) => db.insert(lessonMessages).values({ lessonId: lesson.id, outboxId, purpose: event, recipientRole: role });
    const phone = checkKzMobile(me.phone);
    if (phone.ok) {
      const sms = await enqueueNotifySms(db, { recipient: phone.e164, body: t(`notify.lesson_${event}_sms`, values) });
      if (sms !== null) await link(sms);
    }
    if (me.email) {
      const remind = event === 'reminder_day' || event === 'reminder_hour';
      const ics = remind
        ? null
        : lessonsIcs([{ id: lesson.id, startsAt: lesson.startsAt, endsAt: lesson.endsAt, sequence: lesson.sequence, title: t('icsTitle', { group: title }), description: `${t('icsTitle', { group: title })}\n${room}`, url: room }], {
            organizer: mailbox(),
            attendee: { name: fullName(me), email: me.email },
            method: event === 'cancelled' ? 'CANCEL' : 'REQUEST',
          });
      await link(await enqueue(db, { channel: 'email', recipient: me.email, subject: t(`notify.lesson_${event}_subject`, values), body: t(`notify.lesson_${event}_body`, values), ics }));
    }
  }
}
