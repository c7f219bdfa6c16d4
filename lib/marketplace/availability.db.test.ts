import { describe, expect, it } from 'vitest';
import { insertTestUser, useTestDb } from '@/test/db';
import { scheduleSchema } from '@/lib/validations/booking';
import { freeSlotsOf, getSchedule, saveSchedule } from './availability';

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

  it('refuses overlapping, off-grid and reversed ranges', () => {
    const bad = (weekly: unknown) => scheduleSchema.safeParse({ weekly, daysOff: [], minNoticeHours: 12, horizonWeeks: 4 }).error?.issues[0]?.message;
    expect(bad({ '1': [[600, 720], [660, 780]] })).toBe('schedule_overlap');
    expect(bad({ '1': [[610, 720]] })).toBe('schedule_half_hour');
    expect(bad({ '1': [[720, 600]] })).toBe('schedule_range_order');
    expect(bad({ '8': [[600, 720]] })).toBe('invalid_value');
  });
});
