import { and, eq } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import { openSession } from '@/lib/auth/http';
import { lessonMessages, lessons, outbox } from '@/lib/db/schema';
import { trialFigures } from '@/lib/marketplace/admin';
import { saveSchedule } from '@/lib/lessons/availability';
import { scheduleSchema } from '@/lib/validations/booking';
import { dbLabel, insertTestUser, useTestDb } from '@/test/db';
import { call } from '@/test/staff';
import { POST as book } from '../booking/book/route';
import { GET as slotsRoute } from '../booking/slots/route';
import { GET as scheduleRoute } from '../tutor/schedule/route';
import { GET as weekRoute } from '../tutor/week/route';
import { POST as cancel } from './[id]/cancel/route';
import { POST as reschedule } from './[id]/reschedule/route';
import { GET as lessonsRoute } from './route';
import { clockStandsStill } from '@/test/http';

const everyDay = Object.fromEntries(['1', '2', '3', '4', '5', '6', '7'].map((d) => [d, [[8 * 60, 22 * 60]]]));
let phoneN = 500;
const phone = () => `+7701${String(10_000_000 + phoneN++).slice(1)}`;
const key = () => `key-${Math.random().toString(36).slice(2)}-${Date.now()}`;
const HOUR = 3600_000;

function req(path: string, opts: { body?: unknown; token?: string; locale?: string } = {}) {
  const headers = new Headers({ 'accept-language': opts.locale ?? 'ru', 'x-forwarded-for': `10.8.${phoneN & 255}.${(phoneN * 3) & 255}` });
  if (opts.body !== undefined) headers.set('content-type', 'application/json');
  if (opts.token) headers.set('authorization', `Bearer ${opts.token}`);
  return new NextRequest(`http://localhost${path}`, { method: opts.body === undefined ? 'GET' : 'POST', headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) });
}
type ErrorBody = { error: { code: string; message: string } };

describe(`rescheduling and cancelling a lesson from the cabinet (${dbLabel()})`, () => {
  const t = useTestDb({ asAppDb: true });

  async function student(locale = 'kk') {
    const id = await insertTestUser(t.db, { phone: phone(), email: `rs${phoneN}@example.kz`, locale, name: 'Айгерім', lastname: 'Серікова' });
    const { accessToken } = await openSession(t.db, { id, scope: 'student' });
    return { id, token: accessToken };
  }
  async function tutor() {
    const id = await insertTestUser(t.db, { role: 'tutor', scope: 'tutor tutor:bookable', phone: phone(), email: `rt${phoneN}@example.kz`, subject: 'kazakh', locale: 'ru', name: 'Дана', lastname: 'Ахметова' });
    await saveSchedule(t.db, id, scheduleSchema.parse({ weekly: everyDay, daysOff: [], minNoticeHours: 12, horizonWeeks: 4 }));
    const { accessToken } = await openSession(t.db, { id, scope: 'tutor tutor:bookable' });
    return { id, token: accessToken };
  }
  const slotsOf = async (tutorId: number) => ((await (await call(slotsRoute, req(`/api/booking/slots?tutorId=${tutorId}`))).json()) as { slots: string[] }).slots;
  const bookOne = async (tutorId: number, s: { token: string }, startsAt: string) => {
    const res = await call(book, req('/api/booking/book', { token: s.token, body: { tutorId, startsAt, subject: 'kazakh', idempotencyKey: key() } }));
    expect(res.status).toBe(201);
    return ((await res.json()) as { lesson: { id: number } }).lesson.id;
  };
  const move = (id: number, token: string, startsAt: string, locale = 'ru') => call(reschedule, req(`/api/lessons/${id}/reschedule`, { token, locale, body: { startsAt } }), { id: String(id) });
  const mails = async (lessonId: number, purpose: string) =>
    (await t.db.select({ m: outbox, l: lessonMessages }).from(lessonMessages).innerJoin(outbox, eq(outbox.id, lessonMessages.outboxId)).where(and(eq(lessonMessages.lessonId, lessonId), eq(lessonMessages.purpose, purpose))));
  const icsStamp = (iso: string) => iso.replace(/[-:]/g, '').replace('.000', '');

  it('either side moves the lesson to a free slot; the other side is told by SMS and e-mail; the .ics keeps its UID with a higher SEQUENCE', async () => {
    const tu = await tutor();
    const st = await student();
    const slots = await slotsOf(tu.id);
    const id = await bookOne(tu.id, st, slots[0]!);

    // The tutor moves it: the student hears at once, in Kazakh, by SMS and e-mail.
    const byTutor = await move(id, tu.token, slots[4]!);
    expect(byTutor.status).toBe(200);
    expect(((await byTutor.json()) as { lesson: { startsAt: string } }).lesson.startsAt).toBe(slots[4]);
    const after = await slotsOf(tu.id);
    expect(after).toContain(slots[0]);
    expect(after).not.toContain(slots[4]);
    const told = await mails(id, 'rescheduled');
    const toStudent = told.filter((r) => r.l.recipientRole === 'student');
    expect(toStudent.map((r) => r.m.channel).sort()).toEqual(['email', 'sms']);
    const sms = toStudent.find((r) => r.m.channel === 'sms')!.m;
    expect(sms.body).toContain('Дана Ахметова');
    expect(sms.body).toMatch(/ауыстырылды/);
    const mail = toStudent.find((r) => r.m.channel === 'email')!.m;
    expect(mail.ics).toContain(`UID:trial-lesson-${id}@tilmen.kz`);
    expect(mail.ics).toMatch(/METHOD:REQUEST/);
    expect(mail.ics).toMatch(/SEQUENCE:1\r?\n/);
    expect(mail.ics).toContain(`DTSTART:${icsStamp(slots[4]!)}`);

    // The student moves it again: SEQUENCE 2, the tutor is told in Russian.
    expect((await move(id, st.token, slots[6]!, 'kk')).status).toBe(200);
    const again = (await mails(id, 'rescheduled')).filter((r) => r.l.recipientRole === 'tutor' && r.m.channel === 'email').map((r) => r.m.ics!);
    expect(again.some((ics) => /SEQUENCE:2\r?\n/.test(ics) && ics.includes(`DTSTART:${icsStamp(slots[6]!)}`))).toBe(true);

    // A cancel after that removes the same event: METHOD:CANCEL, SEQUENCE 3.
    expect((await call(cancel, req(`/api/lessons/${id}/cancel`, { token: st.token, body: {} }), { id: String(id) })).status).toBe(200);
    const gone = (await mails(id, 'cancelled')).filter((r) => r.m.channel === 'email');
    expect(gone).toHaveLength(2);
    for (const r of gone) {
      expect(r.m.ics).toMatch(/METHOD:CANCEL/);
      expect(r.m.ics).toMatch(/SEQUENCE:3\r?\n/);
      expect(r.m.ics).toContain(`UID:trial-lesson-${id}@tilmen.kz`);
    }
  });

  it('a move onto a taken time is refused (409 slot_taken), and two lessons moved to one time at once: one moves, one is refused', async () => {
    const tu = await tutor();
    const [a, b, c] = [await student(), await student(), await student()];
    const slots = await slotsOf(tu.id);
    const idA = await bookOne(tu.id, a, slots[0]!);
    const idB = await bookOne(tu.id, b, slots[2]!);
    const idC = await bookOne(tu.id, c, slots[4]!);
    const onto = await move(idA, a.token, slots[2]!, 'en');
    expect(onto.status).toBe(409);
    expect(((await onto.json()) as ErrorBody).error.code).toBe('slot_taken');
    const both = await Promise.all([move(idA, a.token, slots[8]!), move(idC, c.token, slots[8]!)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const atTarget = await t.db.select().from(lessons).where(and(eq(lessons.tutorId, tu.id), eq(lessons.startsAt, new Date(slots[8]!)), eq(lessons.status, 'booked')));
    expect(atTarget).toHaveLength(1);
    // Nothing else moved.
    expect((await t.db.select().from(lessons).where(eq(lessons.id, idB)))[0]!.startsAt.toISOString()).toBe(slots[2]);
  });

  it('after the deadline the lesson stands: cancel and move are refused with a clear message, and the list says so', async () => {
    const tu = await tutor();
    const st = await student();
    const start = new Date(Math.ceil((Date.now() + 3 * HOUR) / (30 * 60_000)) * 30 * 60_000);
    const [lesson] = await t.db.insert(lessons).values({ tutorId: tu.id, studentId: st.id, subject: 'kazakh', status: 'booked', startsAt: start, endsAt: new Date(start.getTime() + 30 * 60_000) }).returning();
    const [free] = await slotsOf(tu.id);
    for (const [locale, text] of [['ru', '4 часа'], ['kk', '4 сағат'], ['en', '4 hours']] as const) {
      const moved = await move(lesson!.id, st.token, free!, locale);
      expect(moved.status).toBe(409);
      expect(((await moved.json()) as ErrorBody).error).toMatchObject({ code: 'cancel_too_late', message: expect.stringContaining(text) });
    }
    const cancelled = await call(cancel, req(`/api/lessons/${lesson!.id}/cancel`, { token: tu.token, locale: 'en', body: {} }), { id: String(lesson!.id) });
    expect(cancelled.status).toBe(409);
    expect(((await cancelled.json()) as ErrorBody).error.message).toContain('The lesson stays booked');
    const row = (await t.db.select().from(lessons).where(eq(lessons.id, lesson!.id)))[0]!;
    expect(row).toMatchObject({ status: 'booked', sequence: 0 });
    expect(row.startsAt.toISOString()).toBe(start.toISOString());
    expect(await mails(lesson!.id, 'rescheduled')).toHaveLength(0);
    const list = (await (await call(lessonsRoute, req('/api/lessons', { token: st.token }))).json()) as { upcoming: { id: number; cancellable: boolean; stands: boolean; withRole: string; with: string }[] };
    expect(list.upcoming).toEqual([expect.objectContaining({ id: lesson!.id, cancellable: false, stands: true, withRole: 'tutor', with: 'Дана Ахметова' })]);
    // Someone else's lesson is not found; a time inside the minimum notice is not offered.
    const stranger = await student();
    expect((await move(lesson!.id, stranger.token, free!)).status).toBe(404);
  });

  it('a move into the minimum notice is refused (409 slot_unavailable)', async () => {
    const tu = await tutor();
    const st = await student();
    const [first] = await slotsOf(tu.id);
    const id = await bookOne(tu.id, st, first!);
    const soon = new Date(Math.ceil((Date.now() + 6 * HOUR) / (30 * 60_000)) * 30 * 60_000).toISOString();
    const res = await move(id, st.token, soon, 'en');
    expect(res.status).toBe(409);
    expect(((await res.json()) as ErrorBody).error.code).toBe('slot_unavailable');
  });

  it('a tutor who cancels within a day of the start is counted late in the back office; a student’s cancel is not', async () => {
    const tu = await tutor();
    const [s1, s2] = [await student(), await student()];
    const at = (h: number) => new Date(Math.ceil((Date.now() + h * HOUR) / (30 * 60_000)) * 30 * 60_000);
    const insert = async (s: { id: number }, start: Date) =>
      (await t.db.insert(lessons).values({ tutorId: tu.id, studentId: s.id, subject: 'kazakh', status: 'booked', startsAt: start, endsAt: new Date(start.getTime() + 30 * 60_000) }).returning())[0]!.id;
    const l1 = await insert(s1, at(10));
    const l2 = await insert(s2, at(12));
    expect((await call(cancel, req(`/api/lessons/${l1}/cancel`, { token: tu.token, body: {} }), { id: String(l1) })).status).toBe(200);
    expect((await call(cancel, req(`/api/lessons/${l2}/cancel`, { token: s2.token, body: {} }), { id: String(l2) })).status).toBe(200);
    const figures = await trialFigures(t.db, new Date(Date.now() - 86_400_000), new Date(Date.now() + 2 * 86_400_000));
    expect(figures.find((f) => f.tutorId === tu.id)).toMatchObject({ booked: 2, cancelled: 2, lateTutorCancels: 1, cancelledByStudent: 1 });
    // The student was told at once.
    expect((await mails(l1, 'cancelled')).filter((r) => r.l.recipientRole === 'student').map((r) => r.m.channel).sort()).toEqual(['email', 'sms']);
  });

  it('M3: a lesson moves at most 3 times (409 reschedule_limit); a student cancels at most 3 and books at most 5 trials a day (429 lesson_changes_limit), each with a message in ru/kk/en', async () => {
    clockStandsStill(); // one fixed rate-limit window for every call below
    const tu = await tutor();
    const st = await student();
    const slots = await slotsOf(tu.id);
    const id = await bookOne(tu.id, st, slots[0]!);
    for (const [i, who] of [[1, st.token], [2, tu.token], [3, st.token]] as const) expect((await move(id, who, slots[i]!)).status).toBe(200);
    for (const [locale, words] of [['en', /rescheduled 3 times/], ['ru', /переносили 3 раза/], ['kk', /3 рет ауыстырыл/]] as const) {
      const refused = await move(id, st.token, slots[5]!, locale);
      expect(refused.status).toBe(409);
      expect(((await refused.json()) as ErrorBody).error).toMatchObject({ code: 'reschedule_limit', message: expect.stringMatching(words) });
    }
    const movedMessages = (await mails(id, 'rescheduled')).length;
    expect(movedMessages).toBe(3 * 4); // 3 moves × (SMS + e-mail) × both sides, not one more

    // Cancel and rebook: the first lesson is booking 1; three cancels and three more bookings pass.
    let live = id;
    for (let i = 0; i < 3; i++) {
      expect((await call(cancel, req(`/api/lessons/${live}/cancel`, { token: st.token, body: {} }), { id: String(live) })).status).toBe(200);
      live = await bookOne(tu.id, st, slots[10 + i]!);
    }
    const fourth = await call(cancel, req(`/api/lessons/${live}/cancel`, { token: st.token, locale: 'kk', body: {} }), { id: String(live) });
    expect(fourth.status).toBe(429);
    expect(fourth.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(((await fourth.json()) as ErrorBody).error).toMatchObject({ code: 'lesson_changes_limit', message: expect.stringContaining('Ертең') });
    expect((await t.db.select().from(lessons).where(eq(lessons.id, live)))[0]!.status).toBe('booked');
    // Booking 5 (another tutor, another subject) passes; booking 6 is refused before anything is stored.
    const english = await insertTestUser(t.db, { role: 'tutor', scope: 'tutor tutor:bookable', phone: phone(), subject: 'english' });
    await saveSchedule(t.db, english, scheduleSchema.parse({ weekly: everyDay, daysOff: [], minNoticeHours: 12, horizonWeeks: 4 }));
    const [e0] = await slotsOf(english);
    expect((await call(book, req('/api/booking/book', { token: st.token, body: { tutorId: english, startsAt: e0, subject: 'english', idempotencyKey: key() } }))).status).toBe(201);
    const chemistry = await insertTestUser(t.db, { role: 'tutor', scope: 'tutor tutor:bookable', phone: phone(), subject: 'chemistry' });
    await saveSchedule(t.db, chemistry, scheduleSchema.parse({ weekly: everyDay, daysOff: [], minNoticeHours: 12, horizonWeeks: 4 }));
    const [c0] = await slotsOf(chemistry);
    const sixth = await call(book, req('/api/booking/book', { token: st.token, locale: 'en', body: { tutorId: chemistry, startsAt: c0, subject: 'chemistry', idempotencyKey: key() } }));
    expect(sixth.status).toBe(429);
    expect(((await sixth.json()) as ErrorBody).error).toMatchObject({ code: 'lesson_changes_limit', message: expect.stringContaining('tomorrow') });
    expect(await t.db.select().from(lessons).where(eq(lessons.tutorId, chemistry))).toHaveLength(0);
  });

  it('the tutor’s week: Monday to Sunday in Almaty time, available ranges, days off and lessons with the student’s name', async () => {
    const tu = await tutor();
    const st = await student();
    const st2 = await student();
    await saveSchedule(t.db, tu.id, scheduleSchema.parse({ weekly: { '1': [[18 * 60, 21 * 60]], '3': [[18 * 60, 21 * 60]] }, daysOff: ['2030-01-09'], minNoticeHours: 12, horizonWeeks: 4 }));
    // Monday 7 January 2030, 18:30 Almaty = 13:30 UTC; a lesson at 23:30 Sunday Almaty (18:30 UTC) belongs to Sunday.
    await t.db.insert(lessons).values([
      { tutorId: tu.id, studentId: st.id, subject: 'kazakh', status: 'booked', startsAt: new Date('2030-01-07T13:30:00Z'), endsAt: new Date('2030-01-07T14:00:00Z') },
      // Another student: one student has one live trial with a tutor (L2).
      { tutorId: tu.id, studentId: st2.id, subject: 'english', status: 'booked', startsAt: new Date('2030-01-13T18:30:00Z'), endsAt: new Date('2030-01-13T19:00:00Z') },
      { tutorId: tu.id, studentId: st.id, subject: 'english', status: 'cancelled', startsAt: new Date('2030-01-08T13:30:00Z'), endsAt: new Date('2030-01-08T14:00:00Z') },
    ]);
    const res = await call(weekRoute, req('/api/tutor/week?week=2030-01-10', { token: tu.token }));
    expect(res.status).toBe(200);
    const week = (await res.json()) as { weekStart: string; days: { date: string; off: boolean; ranges: number[][]; lessons: { startsAt: string; with: string }[] }[] };
    expect(week.weekStart).toBe('2030-01-07');
    expect(week.days.map((d) => d.date)).toEqual(['07', '08', '09', '10', '11', '12', '13'].map((d) => `2030-01-${d}`));
    expect(week.days[0]).toMatchObject({ off: false, ranges: [[1080, 1260]], lessons: [{ startsAt: '2030-01-07T13:30:00.000Z', with: 'Айгерім Серікова' }] });
    expect(week.days[1]!.lessons).toEqual([]);
    expect(week.days[2]).toMatchObject({ off: true, ranges: [] });
    expect(week.days[6]!.lessons.map((l) => l.startsAt)).toEqual(['2030-01-13T18:30:00.000Z']);
    // A student has no week, and the cabinet's schedule call tells them so without an error; bad input is a 422.
    expect((await call(weekRoute, req('/api/tutor/week', { token: st.token }))).status).toBe(403);
    const notTutor = await call(scheduleRoute, req('/api/tutor/schedule', { token: st.token }));
    expect(notTutor.status).toBe(200);
    expect(await notTutor.json()).toEqual({ tutor: false });
    expect(await (await call(scheduleRoute, req('/api/tutor/schedule', { token: tu.token }))).json()).toMatchObject({ tutor: true, bookable: true, weekly: { '1': [[1080, 1260]] } });
    expect((await call(weekRoute, req('/api/tutor/week?week=2030-13-45', { token: tu.token }))).status).toBe(422);
    expect((await call(weekRoute, req('/api/tutor/week'))).status).toBe(401);
  });
});
