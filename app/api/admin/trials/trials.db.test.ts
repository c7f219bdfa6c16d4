import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { lessonMessages, lessons, outbox } from '@/lib/db/schema';
import { saveSchedule } from '@/lib/lessons/availability';
import { bookTrial, cancelLesson } from '@/lib/lessons/booking';
import { remindLessons } from '@/lib/lessons/reminders';
import { scheduleSchema } from '@/lib/validations/booking';
import { dbLabel, insertTestUser, useTestDb } from '@/test/db';
import { call, enrolledStaff, staffRequest } from '@/test/staff';
import { GET as trialsRoute } from './route';
import { GET as deliveriesRoute } from './[id]/route';

type Delivery = { purpose: string; role: string; channel: string; status: string; attempts: number };

describe(`back office: trial lessons (${dbLabel()})`, () => {
  const t = useTestDb({ asAppDb: true });

  it('shows late tutor cancels per tutor, and each message of a lesson with its delivery status, reminders included, without addresses or texts', async () => {
    const reviewer = await enrolledStaff(t.db, { email: 'trials-reviewer@tilmen.kz', scopes: ['reviewer'] });
    const tutor = await insertTestUser(t.db, { role: 'tutor', scope: 'tutor tutor:bookable', phone: '+77010000301', email: 'trials-tutor@example.kz', subject: 'english', name: 'Дана', lastname: 'Ахметова' });
    const s1 = await insertTestUser(t.db, { phone: '+77010000302', email: 'trials-s1@example.kz' });
    const s2 = await insertTestUser(t.db, { phone: '+77010000303', email: 'trials-s2@example.kz' });
    await saveSchedule(t.db, tutor, scheduleSchema.parse({ weekly: { '1': [[1080, 1260]] }, daysOff: [], minNoticeHours: 12, horizonWeeks: 4 }));
    const now = new Date('2031-03-02T03:00:00Z'); // Sunday; Monday 3 March 18:00 Almaty = 13:00 UTC
    const student = (id: number) => ({ id, scope: 'student', role: 'student' as const });
    const { lesson: kept } = await bookTrial(t.db, student(s1), { tutorId: tutor, startsAt: new Date('2031-03-03T13:00:00Z'), subject: 'english', idempotencyKey: 'a1' }, now);
    const { lesson: dropped } = await bookTrial(t.db, student(s2), { tutorId: tutor, startsAt: new Date('2031-03-03T14:00:00Z'), subject: 'english', idempotencyKey: 'a2' }, now);
    // The tutor cancels the second one 10 hours before: late, counted.
    await cancelLesson(t.db, { id: tutor, scope: 'tutor tutor:bookable', role: 'tutor' }, dropped.id, new Date('2031-03-03T04:00:00Z'));
    // Reminders a day and an hour before the first.
    await remindLessons(t.db, new Date('2031-03-02T13:30:00Z'));
    await remindLessons(t.db, new Date('2031-03-03T12:05:00Z'));
    // The outbox delivered some and gave up on one.
    const linked = await t.db.select().from(lessonMessages).where(eq(lessonMessages.lessonId, kept.id));
    const ids = linked.map((m) => m.outboxId).sort((a, b) => a - b);
    await t.db.update(outbox).set({ status: 'sent', sentAt: new Date('2031-03-02T03:01:00Z'), attempts: 1 }).where(inArray(outbox.id, ids.slice(0, 2)));
    await t.db.update(outbox).set({ status: 'failed', attempts: 5, lastError: 'smtp 550' }).where(eq(outbox.id, ids[2]!));

    const figures = await call(trialsRoute, staffRequest('/api/admin/trials?from=2031-03-01&to=2031-03-31', { cookie: reviewer.cookie }));
    expect(figures.status).toBe(200);
    const { tutors } = (await figures.json()) as { tutors: { tutorId: number; booked: number; cancelled: number; lateTutorCancels: number }[] };
    expect(tutors.find((r) => r.tutorId === tutor)).toMatchObject({ booked: 2, cancelled: 1, lateTutorCancels: 1 });

    const res = await call(deliveriesRoute, staffRequest(`/api/admin/trials/${kept.id}`, { cookie: reviewer.cookie }), { id: String(kept.id) });
    expect(res.status).toBe(200);
    const { messages } = (await res.json()) as { messages: Delivery[] };
    const seen = (purpose: string) => messages.filter((m) => m.purpose === purpose).map((m) => `${m.role}:${m.channel}`).sort();
    for (const purpose of ['booked', 'reminder_day', 'reminder_hour']) expect(seen(purpose)).toEqual(['student:email', 'student:sms', 'tutor:email', 'tutor:sms']);
    expect(messages.map((m) => m.status).sort()).toEqual([...Array(9).fill('pending'), 'failed', 'sent', 'sent'].sort());
    // No phone, address or body leaves the back office's answer.
    const text = JSON.stringify(messages);
    expect(text).not.toContain('+7701');
    expect(text).not.toContain('@example.kz');
    expect(text).not.toContain('Tilmen:');
    // Another lesson's delivery is its own; a bad id is a 4xx; no staff cookie, no answer.
    expect((await call(deliveriesRoute, staffRequest('/api/admin/trials/abc', { cookie: reviewer.cookie }), { id: 'abc' })).status).toBeLessThan(500);
    expect((await call(deliveriesRoute, staffRequest(`/api/admin/trials/${kept.id}`), { id: String(kept.id) })).status).toBe(401);
    expect((await t.db.select().from(lessons).where(eq(lessons.id, dropped.id)))[0]).toMatchObject({ status: 'cancelled', lateCancel: true, cancelledBy: 'tutor' });
  });
});
