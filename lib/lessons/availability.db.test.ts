import { describe, expect, it } from 'vitest';
import { insertTestUser, useTestDb } from '@/test/db';
import { scheduleSchema } from '@/lib/validations/booking';
import { localClock } from '@/components/booking/slot-times';
import { ApiError } from '@/lib/api/errors';
import { freeSlotsOf, getSchedule, saveSchedule } from './availability';
import { bookTrial } from './booking';
import { schoolInstant } from '@/lib/time/school-zone';

describe('availability on the database', () => {
  const t = useTestDb();

  it('saves a tutor’s rules and gives slots only to bookable tutors', async () => {
    const bookable = await insertTestUser(t.db, { role: 'tutor', scope: 'tutor tutor:bookable', phone: '+77010000101' });
    const pending = await insertTestUser(t.db, { role: 'tutor', scope: 'tutor', phone: '+77010000102' });
    const input = scheduleSchema.parse({ weekly: { '1': [[1080, 1260]], '3': [[1080, 1260]] }, daysOff: [], minNoticeHours: 12, horizonWeeks: 4 });
    await saveSchedule(t.db, bookable, input);
    await saveSchedule(t.db, pending, input);
    expect((await getSchedule(t.db, bookable)).weekly['1']).toEqual([[1080, 1260]]);
    const slots = await freeSlotsOf(t.db, [bookable, pending], new Date('2025-06-01T05:00:00Z'));
    expect(slots.get(bookable)).toHaveLength(48);
    expect(slots.has(pending)).toBe(false);
  });

  it('Almaty is pinned to UTC+5 (no daylight saving); a browser in Moscow or New York sees the same instant in its own time', async () => {
    const tutor = await insertTestUser(t.db, { role: 'tutor', scope: 'tutor tutor:bookable', phone: '+77010000103' });
    // Monday 18:00-21:00 and Tuesday 08:00-09:00, Almaty time.
    await saveSchedule(t.db, tutor, scheduleSchema.parse({ weekly: { '1': [[1080, 1260]], '2': [[480, 540]] }, daysOff: [], minNoticeHours: 12, horizonWeeks: 4 }));
    expect(schoolInstant('2025-06-01', 10 * 60).toISOString()).toBe('2025-06-01T05:00:00.000Z');
    const summer = (await freeSlotsOf(t.db, [tutor], new Date('2025-06-01T05:00:00Z'))).get(tutor)!.map((d) => d.toISOString());
    // Monday 2 June 18:00 Almaty = 13:00 UTC = 16:00 Moscow = 09:00 New York (summer time, UTC-4).
    expect(summer[0]).toBe('2025-06-02T13:00:00.000Z');
    expect(localClock(summer[0]!, 'Europe/Moscow')).toBe('16:00');
    expect(localClock(summer[0]!, 'America/New_York')).toBe('09:00');
    expect(localClock(summer[0]!, 'Asia/Almaty')).toBeNull();
    // Tuesday 08:00 Almaty is still Monday 23:00 in New York: the browser's time carries its own date.
    expect(summer).toContain('2025-06-03T03:00:00.000Z');
    expect(localClock('2025-06-03T03:00:00.000Z', 'America/New_York')).toBe('23:00 (02.06)');
    expect(localClock('2025-06-03T03:00:00.000Z', 'Europe/Moscow')).toBe('06:00');
    // In December New York is UTC-5: the same Almaty 18:00 is 08:00 there, and Almaty has not moved.
    const winter = (await freeSlotsOf(t.db, [tutor], new Date('2025-11-30T05:00:00Z'))).get(tutor)!.map((d) => d.toISOString());
    expect(winter[0]).toBe('2025-12-01T13:00:00.000Z');
    expect(localClock(winter[0]!, 'America/New_York')).toBe('08:00');
    expect(localClock(winter[0]!, 'Europe/Moscow')).toBe('16:00');
  });

  it('keeps the minimum notice: a slot inside it is not offered, and a booking into it is refused', async () => {
    const tutor = await insertTestUser(t.db, { role: 'tutor', scope: 'tutor tutor:bookable', phone: '+77010000104', subject: 'english' });
    const student = await insertTestUser(t.db, { phone: '+77010000105' });
    await saveSchedule(t.db, tutor, scheduleSchema.parse({ weekly: { '1': [[1080, 1260]] }, daysOff: [], minNoticeHours: 12, horizonWeeks: 4 }));
    // Monday 2 June 2025, 08:00 Almaty: 18:00 is 10 hours away, 20:00 exactly 12.
    const now = new Date('2025-06-02T03:00:00Z');
    const slots = (await freeSlotsOf(t.db, [tutor], now)).get(tutor)!.map((d) => d.toISOString());
    expect(slots).not.toContain('2025-06-02T13:00:00.000Z');
    expect(slots.slice(0, 2)).toEqual(['2025-06-02T15:00:00.000Z', '2025-06-02T15:30:00.000Z']);
    const me = { id: student, scope: 'student', role: 'student' as const };
    const tooSoon = bookTrial(t.db, me, { tutorId: tutor, startsAt: new Date('2025-06-02T13:00:00Z'), subject: 'english', idempotencyKey: 'notice-1' }, now);
    await expect(tooSoon).rejects.toBeInstanceOf(ApiError);
    await expect(tooSoon).rejects.toMatchObject({ status: 409, code: 'slot_unavailable' });
    const ok = await bookTrial(t.db, me, { tutorId: tutor, startsAt: new Date('2025-06-02T15:00:00Z'), subject: 'english', idempotencyKey: 'notice-2' }, now);
    expect(ok.lesson).toMatchObject({ status: 'booked', studentId: student });
  });

  it('refuses overlapping, off-grid and reversed ranges', () => {
    const bad = (weekly: unknown) => scheduleSchema.safeParse({ weekly, daysOff: [], minNoticeHours: 12, horizonWeeks: 4 }).error?.issues[0]?.message;
    expect(bad({ '1': [[600, 720], [660, 780]] })).toBe('schedule_overlap');
    expect(bad({ '1': [[610, 720]] })).toBe('schedule_half_hour');
    expect(bad({ '1': [[720, 600]] })).toBe('schedule_range_order');
    expect(bad({ '8': [[600, 720]] })).toBe('invalid_value');
  });
});
