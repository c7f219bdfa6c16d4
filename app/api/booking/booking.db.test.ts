import { and, eq } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import { openSession } from '@/lib/auth/http';
import { leadEvents, leads, lessonMessages, lessons, outbox, rateLimits, tutorProfiles, users } from '@/lib/db/schema';
import { NOTIFY_BUDGET_KEY } from '@/lib/sms/notify-budget';
import { emptyProfile } from '@/lib/validations/tutor-profile';
import { saveSchedule } from '@/lib/lessons/availability';
import { cancelLesson, holdSlot } from '@/lib/lessons/booking';
import { remindLessons } from '@/lib/lessons/reminders';
import { scheduleSchema } from '@/lib/validations/booking';
import { dbLabel, insertTestUser, useTestDb } from '@/test/db';
import { call } from '@/test/staff';
import { POST as book } from './book/route';
import { POST as hold } from './hold/route';
import { GET as slotsRoute } from './slots/route';
import { POST as cancel } from '../lessons/[id]/cancel/route';
import { GET as lessonsRoute } from '../lessons/route';

const everyDay = Object.fromEntries(['1', '2', '3', '4', '5', '6', '7'].map((d) => [d, [[8 * 60, 22 * 60]]]));
let phoneN = 100;
const phone = () => `+7701${String(10_000_000 + phoneN++).slice(1)}`;

function req(path: string, opts: { method?: string; body?: unknown; token?: string; locale?: string; origin?: string; ip?: string } = {}) {
  const headers = new Headers({ 'accept-language': opts.locale ?? 'ru', 'x-forwarded-for': opts.ip ?? `10.9.${phoneN & 255}.${(phoneN * 7) & 255}` });
  if (opts.body !== undefined) headers.set('content-type', 'application/json');
  if (opts.token) headers.set('authorization', `Bearer ${opts.token}`);
  if (opts.origin) headers.set('origin', opts.origin);
  return new NextRequest(`http://localhost${path}`, { method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'), headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) });
}

describe(`booking a trial lesson (${dbLabel()})`, () => {
  const t = useTestDb({ asAppDb: true });

  async function student(fields: Partial<typeof users.$inferInsert> = {}) {
    const id = await insertTestUser(t.db, { phone: phone(), email: `s${phoneN}@example.kz`, locale: 'kk', ...fields });
    const { accessToken } = await openSession(t.db, { id, scope: 'student' });
    return { id, token: accessToken };
  }
  async function tutor(fields: Partial<typeof users.$inferInsert> = {}) {
    const id = await insertTestUser(t.db, { role: 'tutor', scope: 'tutor tutor:bookable', phone: phone(), email: `t${phoneN}@example.kz`, subject: 'kazakh', locale: 'ru', ...fields });
    await saveSchedule(t.db, id, scheduleSchema.parse({ weekly: everyDay, daysOff: [], minNoticeHours: 12, horizonWeeks: 4 }));
    return id;
  }
  const slotsOf = async (tutorId: number) => ((await (await call(slotsRoute, req(`/api/booking/slots?tutorId=${tutorId}`))).json()) as { slots: string[] }).slots;
  const key = () => `key-${Math.random().toString(36).slice(2)}-${Date.now()}`;

  it('the way into the lesson without a confirmed e-mail (journey D): the SMS, the booking answer and the cabinet carry the room link and a keyed .ics', async () => {
    const tutorId = await tutor();
    const [slot] = await slotsOf(tutorId);
    const s = await student({ email: null });
    const res = await call(book, req('/api/booking/book', { token: s.token, body: { tutorId, startsAt: slot, subject: 'kazakh', idempotencyKey: key() } }));
    expect(res.status).toBe(201);
    const body = (await res.json()) as { lesson: { id: number }; links: { room: string; ics: string }; emailed: boolean };
    expect(body.emailed).toBe(false);
    // Our own room (no LESSON_ROOM_URL): the lesson's page on the site.
    expect(new URL(body.links.room).pathname).toBe(`/lesson/${body.lesson.id}`);
    const [studentRow] = await t.db.select().from(users).where(eq(users.id, s.id));
    const [text] = await t.db.select().from(outbox).where(and(eq(outbox.recipient, studentRow!.phone), eq(outbox.channel, 'sms')));
    // The SMS carries it in the student's own language (Kazakh here); the answer in the page's.
    expect(text!.body).toContain(new URL(`/kk/lesson/${body.lesson.id}`, body.links.room).toString());
    const listed = (await (await call(lessonsRoute, req('/api/lessons', { token: s.token }))).json()) as { upcoming: { id: number; links: { room: string; ics: string } | null }[] };
    expect(listed.upcoming.find((l) => l.id === body.lesson.id)!.links).toEqual(body.links);
    const icsRoute = (await import('../lessons/[id]/ics/route')).GET;
    const link = new URL(body.links.ics, 'http://localhost');
    const ics = await call(icsRoute, req(`${link.pathname}${link.search}`), { id: String(body.lesson.id) });
    expect(ics.status).toBe(200);
    expect(ics.headers.get('content-type')).toMatch(/text\/calendar/);
    expect(await ics.text()).toContain(`DTSTART:${slot!.replace(/[-:]/g, '').replace(/\.\d{3}/, '')}`);
    // Without the key, or with the other side's, it is a 404.
    const forged = `${link.pathname}?side=tutor&key=${link.searchParams.get('key')}`;
    expect((await call(icsRoute, req(forged), { id: String(body.lesson.id) })).status).toBe(404);
    expect((await call(icsRoute, req(link.pathname), { id: String(body.lesson.id) })).status).toBe(404);
  });

  it('a booked trial reaches the sales pipeline (journey B): the open lead moves to "trial scheduled" with a note; a student without one gets a lead', async () => {
    const tutorId = await tutor({ name: 'Асель', lastname: 'Нурова' });
    const [first, second] = await slotsOf(tutorId);
    const known = await student();
    const [knownRow] = await t.db.select().from(users).where(eq(users.id, known.id));
    const [lead] = await t.db.insert(leads).values({ kind: 'callback', name: 'Лид', phone: knownRow!.phone, locale: 'ru', page: '/', status: 'contacted' }).returning();
    expect((await call(book, req('/api/booking/book', { token: known.token, body: { tutorId, startsAt: first, subject: 'kazakh', idempotencyKey: key() } }))).status).toBe(201);
    const [moved] = await t.db.select().from(leads).where(eq(leads.id, lead!.id));
    expect(moved!.status).toBe('trial_scheduled');
    const events = await t.db.select().from(leadEvents).where(eq(leadEvents.leadId, lead!.id));
    expect(events.map((e) => [e.type, e.toValue])).toContainEqual(['status', 'trial_scheduled']);
    expect(events.find((e) => e.toValue === 'trial_scheduled')!.note).toContain('Асель Нурова');
    const fresh = await student();
    const [freshRow] = await t.db.select().from(users).where(eq(users.id, fresh.id));
    expect((await call(book, req('/api/booking/book', { token: fresh.token, body: { tutorId, startsAt: second, subject: 'kazakh', idempotencyKey: key() } }))).status).toBe(201);
    const [made] = await t.db.select().from(leads).where(eq(leads.phone, freshRow!.phone));
    expect(made).toMatchObject({ kind: 'feedback', status: 'trial_scheduled', page: `/book/${tutorId}` });
  });

  it('20 parallel attempts on one slot: one booking, 19 clear refusals (409 slot_taken), and the slot is gone', async () => {
    const tutorId = await tutor();
    const [slot] = await slotsOf(tutorId);
    const students = await Promise.all(Array.from({ length: 20 }, () => student()));
    const answers = await Promise.all(
      students.map((s) => call(book, req('/api/booking/book', { token: s.token, locale: 'en', body: { tutorId, startsAt: slot, subject: 'kazakh', idempotencyKey: key() } }))),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const refused = await Promise.all(answers.filter((a) => a.status === 409).map((a) => a.json() as Promise<{ error: { code: string; message: string } }>));
    for (const body of refused) expect(body.error).toMatchObject({ code: 'slot_taken', message: expect.stringContaining('Someone has just booked this time') });
    expect(await t.db.select().from(lessons).where(and(eq(lessons.tutorId, tutorId), eq(lessons.status, 'booked')))).toHaveLength(1);
    expect(await slotsOf(tutorId)).not.toContain(slot);
  });

  it('the database itself refuses an overlapping lesson of the tutor, whatever the application checked', async () => {
    const tutorId = await tutor();
    const s1 = await student();
    const s2 = await student();
    const at = new Date('2030-01-07T13:00:00Z');
    await t.db.insert(lessons).values({ tutorId, studentId: s1.id, subject: 'kazakh', status: 'booked', startsAt: at, endsAt: new Date(at.getTime() + 30 * 60_000) });
    const overlap = t.db.insert(lessons).values({ tutorId, studentId: s2.id, subject: 'english', status: 'booked', startsAt: new Date(at.getTime() + 15 * 60_000), endsAt: new Date(at.getTime() + 45 * 60_000) });
    await expect(overlap).rejects.toMatchObject({ cause: expect.objectContaining({ code: '23P01' }) });
  });

  it('a retried request with the same idempotency key never books twice; one free trial per subject and per tutor', async () => {
    const tutorId = await tutor();
    const s = await student();
    const [a, b] = await slotsOf(tutorId);
    const body = { tutorId, startsAt: a, subject: 'kazakh', idempotencyKey: key() };
    const [first, second] = await Promise.all([call(book, req('/api/booking/book', { token: s.token, body })), call(book, req('/api/booking/book', { token: s.token, body }))]);
    expect([first.status, second.status].sort()).toEqual([200, 201]);
    const ids = await Promise.all([first, second].map(async (r) => ((await r.json()) as { lesson: { id: number } }).lesson.id));
    expect(ids[0]).toBe(ids[1]);
    const again = await call(book, req('/api/booking/book', { token: s.token, locale: 'kk', body: { ...body, startsAt: b, idempotencyKey: key() } }));
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: { code: string } }).error.code).toBe('trial_already_booked');
    // Another subject is another free trial, with a tutor who teaches it (before L2 the same tutor
    // took any subject: that was the bug).
    const english = await tutor({ subject: 'english' });
    const [e] = await slotsOf(english);
    expect((await call(book, req('/api/booking/book', { token: s.token, body: { ...body, tutorId: english, startsAt: e, subject: 'english', idempotencyKey: key() } }))).status).toBe(201);
  });

  it('L2: the trial subject must be one of the tutor’s published subjects (422 subject_not_offered); one live trial per student and tutor (409 trial_with_tutor_booked)', async () => {
    const tutorId = await tutor();
    const s = await student();
    const [a, b] = await slotsOf(tutorId);
    const offSubject = await call(book, req('/api/booking/book', { token: s.token, locale: 'en', body: { tutorId, startsAt: a, subject: 'physics', idempotencyKey: key() } }));
    expect(offSubject.status).toBe(422);
    expect(((await offSubject.json()) as { error: { code: string; message: string } }).error).toMatchObject({ code: 'subject_not_offered', message: expect.stringContaining('does not teach') });
    // A tutor whose published profile lists two subjects: one trial with that tutor, whichever subject.
    await t.db.insert(tutorProfiles).values({ userId: tutorId, slug: `t-${tutorId}`, draft: { ...emptyProfile(), subjects: ['kazakh', 'english'] }, published: { ...emptyProfile(), subjects: ['kazakh', 'english'] }, publishedAt: new Date() });
    expect((await call(book, req('/api/booking/book', { token: s.token, body: { tutorId, startsAt: a, subject: 'english', idempotencyKey: key() } }))).status).toBe(201);
    for (const subject of ['kazakh', 'english', 'chemistry']) {
      const again = await call(book, req('/api/booking/book', { token: s.token, locale: 'ru', body: { tutorId, startsAt: b, subject, idempotencyKey: key() } }));
      expect(again.status).toBe(subject === 'chemistry' ? 422 : 409);
      if (subject === 'kazakh') expect(((await again.json()) as { error: { code: string } }).error.code).toBe('trial_with_tutor_booked');
    }
    expect(await t.db.select().from(lessons).where(and(eq(lessons.tutorId, tutorId), eq(lessons.studentId, s.id)))).toHaveLength(1);
    // The database holds it too, whatever the application checked.
    const direct = t.db.insert(lessons).values({ tutorId, studentId: s.id, subject: 'kazakh', status: 'booked', startsAt: new Date('2031-01-07T13:00:00Z'), endsAt: new Date('2031-01-07T13:30:00Z') });
    await expect(direct).rejects.toMatchObject({ cause: expect.objectContaining({ code: '23505' }) });
  });

  it('M2: 60 anonymous holds on one tutor from many addresses take at most 3 slots for 5 minutes; the tutor stays bookable by signed-in students', async () => {
    const tutorId = await tutor();
    const before = await slotsOf(tutorId);
    expect(before.length).toBeGreaterThan(60);
    const started = Date.now();
    const answers: Response[] = [];
    // 12 addresses in 3 /24s, 5 holds each: within the per-address and per-range limits.
    for (let i = 0; i < 60; i++) answers.push(await call(hold, req('/api/booking/hold', { origin: 'http://localhost', ip: `10.60.${i % 3}.${1 + (i % 12)}`, locale: 'en', body: { tutorId, startsAt: before[i] } })));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(3);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused.map((a) => a.status)).toEqual(Array(57).fill(409));
    expect(((await refused[0]!.json()) as { error: { code: string; message: string } }).error).toMatchObject({ code: 'holds_busy', message: expect.stringContaining('Register or sign in') });
    const { expiresAt } = (await answers[0]!.json()) as { expiresAt: string };
    expect(Date.parse(expiresAt) - started).toBeGreaterThan(4 * 60_000);
    expect(Date.parse(expiresAt) - started).toBeLessThanOrEqual(5 * 60_000 + 5_000);
    // Every other slot is still offered and bookable by signed-in students.
    const after = await slotsOf(tutorId);
    for (const slot of before.slice(3, 60)) expect(after).toContain(slot);
    for (const slot of [before[3], before[30], before[59]]) {
      const s = await student();
      expect((await call(book, req('/api/booking/book', { token: s.token, body: { tutorId, startsAt: slot, subject: 'kazakh', idempotencyKey: key() } }))).status).toBe(201);
    }
    // Once the guests' holds lapse, guests can hold again.
    await holdSlot(t.db, tutorId, new Date(before[61]!), new Date(started + 6 * 60_000));
    // A signed-in student's hold lasts 10 minutes and is not counted against the guests' three.
    const s = await student();
    const own = await call(hold, req('/api/booking/hold', { origin: 'http://localhost', token: s.token, body: { tutorId, startsAt: before[62] } }));
    expect(own.status).toBe(201);
    expect(Date.parse(((await own.json()) as { expiresAt: string }).expiresAt) - started).toBeGreaterThan(9 * 60_000);
  });

  it('a hold keeps the slot for the visitor who signs in on the way, and from everyone else', async () => {
    const tutorId = await tutor();
    const [slot] = await slotsOf(tutorId);
    const held = await call(hold, req('/api/booking/hold', { origin: 'http://localhost', body: { tutorId, startsAt: slot } }));
    expect(held.status).toBe(201);
    const { holdToken } = (await held.json()) as { holdToken: string };
    expect(await slotsOf(tutorId)).not.toContain(slot);
    const other = await student();
    const refused = await call(book, req('/api/booking/book', { token: other.token, body: { tutorId, startsAt: slot, subject: 'kazakh', idempotencyKey: key() } }));
    expect(refused.status).toBe(409);
    const visitor = await student();
    const booked = await call(book, req('/api/booking/book', { token: visitor.token, body: { tutorId, startsAt: slot, subject: 'kazakh', idempotencyKey: key(), holdToken } }));
    expect(booked.status).toBe(201);
    // An expired hold blocks nobody.
    const [later] = await slotsOf(tutorId);
    await holdSlot(t.db, tutorId, new Date(later!), new Date(Date.now() - 11 * 60_000));
    const third = await student();
    expect((await call(book, req('/api/booking/book', { token: third.token, body: { tutorId, startsAt: later, subject: 'kazakh', idempotencyKey: key() } }))).status).toBe(201);
  });

  it('keeps the minimum notice and the schedule: a slot too soon or off the grid is refused (409 slot_unavailable)', async () => {
    const tutorId = await tutor();
    const s = await student();
    const soon = new Date(Date.now() + 2 * 3600_000);
    soon.setUTCMinutes(0, 0, 0);
    const tooSoon = await call(book, req('/api/booking/book', { token: s.token, locale: 'en', body: { tutorId, startsAt: soon.toISOString(), subject: 'kazakh', idempotencyKey: key() } }));
    expect(tooSoon.status).toBe(409);
    expect(((await tooSoon.json()) as { error: { code: string } }).error.code).toBe('slot_unavailable');
    const [slot] = await slotsOf(tutorId);
    const offGrid = new Date(Date.parse(slot!) + 10 * 60_000).toISOString();
    expect((await call(book, req('/api/booking/book', { token: s.token, body: { tutorId, startsAt: offGrid, subject: 'kazakh', idempotencyKey: key() } }))).status).toBe(409);
    // A tutor without tutor:bookable has no slots and cannot be booked.
    const pending = await insertTestUser(t.db, { role: 'tutor', scope: 'tutor', phone: phone() });
    expect((await call(slotsRoute, req(`/api/booking/slots?tutorId=${pending}`))).status).toBe(404);
  });

  it('both sides are told by SMS and e-mail with an .ics; a cancel sends METHOD:CANCEL with a higher SEQUENCE and frees the slot', async () => {
    const tutorId = await tutor();
    const s = await student();
    const [slot] = await slotsOf(tutorId);
    const res = await call(book, req('/api/booking/book', { token: s.token, body: { tutorId, startsAt: slot, subject: 'kazakh', idempotencyKey: key() } }));
    const { lesson } = (await res.json()) as { lesson: { id: number } };
    const sent = await t.db.select({ m: outbox, l: lessonMessages }).from(lessonMessages).innerJoin(outbox, eq(outbox.id, lessonMessages.outboxId)).where(eq(lessonMessages.lessonId, lesson.id));
    expect(sent.map((r) => `${r.l.recipientRole}:${r.m.channel}`).sort()).toEqual(['student:email', 'student:sms', 'tutor:email', 'tutor:sms']);
    const studentMail = sent.find((r) => r.l.recipientRole === 'student' && r.m.channel === 'email')!.m;
    // The student's language is Kazakh, the tutor's Russian; the time is Almaty's, the .ics in UTC.
    expect(studentMail.subject).toContain('Сынақ сабағы');
    expect(studentMail.ics).toMatch(/METHOD:REQUEST/);
    expect(studentMail.ics).toContain(`UID:trial-lesson-${lesson.id}@tilmen.kz`);
    expect(studentMail.ics).toMatch(/SEQUENCE:0/);
    expect(studentMail.ics).toContain(`DTSTART:${slot!.replace(/[-:]/g, '').replace('.000', '')}`);
    const tutorSms = sent.find((r) => r.l.recipientRole === 'tutor' && r.m.channel === 'sms')!.m;
    expect(tutorSms.body).toMatch(/пробный урок/);
    expect(tutorSms.body).not.toMatch(/\d{6}/);

    const mine = (await (await call(lessonsRoute, req('/api/lessons', { token: s.token }))).json()) as { upcoming: { id: number; cancellable: boolean }[] };
    expect(mine.upcoming).toEqual([expect.objectContaining({ id: lesson.id, cancellable: true })]);
    const cancelled = await call(cancel, req(`/api/lessons/${lesson.id}/cancel`, { token: s.token, body: {} }), { id: String(lesson.id) });
    expect(cancelled.status).toBe(200);
    expect(await slotsOf(tutorId)).toContain(slot);
    const after = await t.db.select({ m: outbox }).from(lessonMessages).innerJoin(outbox, eq(outbox.id, lessonMessages.outboxId)).where(and(eq(lessonMessages.lessonId, lesson.id), eq(lessonMessages.purpose, 'cancelled')));
    const tutorCancel = after.find((r) => r.m.channel === 'email' && r.m.recipient.startsWith('t'))!.m;
    expect(tutorCancel.ics).toMatch(/METHOD:CANCEL/);
    expect(tutorCancel.ics).toMatch(/SEQUENCE:1/);
    expect(tutorCancel.ics).toContain(`UID:trial-lesson-${lesson.id}@tilmen.kz`);
  });

  it('M3: lesson SMS count in SMS_NOTIFY_DAILY_BUDGET; once it is spent the booking still goes, and the news by e-mail only', async () => {
    const day = new Date(Math.floor(Date.now() / 86_400_000) * 86_400_000);
    // One notification SMS left today.
    await t.db.delete(rateLimits).where(eq(rateLimits.key, NOTIFY_BUDGET_KEY));
    await t.db.insert(rateLimits).values({ key: NOTIFY_BUDGET_KEY, windowStart: day, count: 2999 });
    const tutorId = await tutor();
    const s = await student();
    const [slot] = await slotsOf(tutorId);
    const res = await call(book, req('/api/booking/book', { token: s.token, body: { tutorId, startsAt: slot, subject: 'kazakh', idempotencyKey: key() } }));
    expect(res.status).toBe(201);
    const { lesson } = (await res.json()) as { lesson: { id: number } };
    const sent = await t.db.select({ m: outbox, l: lessonMessages }).from(lessonMessages).innerJoin(outbox, eq(outbox.id, lessonMessages.outboxId)).where(eq(lessonMessages.lessonId, lesson.id));
    expect(sent.map((r) => `${r.l.recipientRole}:${r.m.channel}`).sort()).toEqual(['student:email', 'student:sms', 'tutor:email']);
    const [row] = await t.db.select().from(rateLimits).where(eq(rateLimits.key, NOTIFY_BUDGET_KEY));
    expect(row!.count).toBe(3000);
    await t.db.delete(rateLimits).where(eq(rateLimits.key, NOTIFY_BUDGET_KEY));
  });

  it('late cancellation is refused with a clear message; the lesson stands; a tutor’s cancel within a day is counted late', async () => {
    const tutorId = await tutor();
    const s = await student();
    const start = new Date(Date.now() + 3 * 3600_000);
    const [lesson] = await t.db.insert(lessons).values({ tutorId, studentId: s.id, subject: 'kazakh', status: 'booked', startsAt: start, endsAt: new Date(start.getTime() + 30 * 60_000) }).returning();
    const late = await call(cancel, req(`/api/lessons/${lesson!.id}/cancel`, { token: s.token, locale: 'ru', body: {} }), { id: String(lesson!.id) });
    expect(late.status).toBe(409);
    expect(((await late.json()) as { error: { code: string; message: string } }).error).toMatchObject({ code: 'cancel_too_late', message: expect.stringContaining('4 часа') });
    expect((await t.db.select().from(lessons).where(eq(lessons.id, lesson!.id)))[0]!.status).toBe('booked');
    // Someone else's lesson is not found.
    const stranger = await student();
    expect((await call(cancel, req(`/api/lessons/${lesson!.id}/cancel`, { token: stranger.token, body: {} }), { id: String(lesson!.id) })).status).toBe(404);
    const start2 = new Date(Date.now() + 10 * 3600_000);
    const s2 = await student();
    const [second] = await t.db.insert(lessons).values({ tutorId, studentId: s2.id, subject: 'kazakh', status: 'booked', startsAt: start2, endsAt: new Date(start2.getTime() + 30 * 60_000) }).returning();
    const byTutor = await cancelLesson(t.db, { id: tutorId, scope: 'tutor tutor:bookable', role: 'tutor' }, second!.id);
    expect(byTutor).toMatchObject({ status: 'cancelled', cancelledBy: 'tutor', lateCancel: true });
  });

  it('reminds both sides 24 hours and 1 hour before, once each, through the outbox', async () => {
    const tutorId = await tutor();
    const s = await student();
    const start = new Date('2031-03-10T13:00:00Z');
    const [lesson] = await t.db
      .insert(lessons)
      .values({ tutorId, studentId: s.id, subject: 'kazakh', status: 'booked', startsAt: start, endsAt: new Date(start.getTime() + 30 * 60_000), createdAt: new Date('2031-03-01T00:00:00Z') })
      .returning();
    const purposes = async () => (await t.db.select().from(lessonMessages).where(eq(lessonMessages.lessonId, lesson!.id))).map((m) => m.purpose).sort();
    await remindLessons(t.db, new Date('2031-03-09T12:00:00Z'));
    expect(await purposes()).toEqual([]);
    await remindLessons(t.db, new Date('2031-03-09T13:30:00Z'));
    await remindLessons(t.db, new Date('2031-03-09T13:31:00Z'));
    expect(await purposes()).toEqual(Array(4).fill('reminder_day'));
    await remindLessons(t.db, new Date('2031-03-10T12:05:00Z'));
    await remindLessons(t.db, new Date('2031-03-10T12:06:00Z'));
    expect((await purposes()).filter((p) => p === 'reminder_hour')).toHaveLength(4);
  });

  it('bad input is a 4xx with the error shape', async () => {
    const s = await student();
    for (const body of [{}, { tutorId: 'x' }, { tutorId: 1, startsAt: 'tomorrow', subject: 'kazakh', idempotencyKey: key() }, { tutorId: 1, startsAt: new Date().toISOString(), subject: 'klingon', idempotencyKey: key() }]) {
      const res = await call(book, req('/api/booking/book', { token: s.token, body }));
      expect(res.status).toBe(422);
    }
    expect((await call(book, req('/api/booking/book', { body: {} }))).status).toBe(401);
    expect((await call(slotsRoute, req('/api/booking/slots?tutorId=abc'))).status).toBe(422);
    expect((await call(hold, req('/api/booking/hold', { origin: 'https://evil.example', body: { tutorId: 1, startsAt: new Date().toISOString() } }))).status).toBe(403);
  });
});
