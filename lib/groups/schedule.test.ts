import { describe, expect, it } from 'vitest';
import { groupLessonTimes } from './schedule';

describe('a group\'s dated lessons (school time)', () => {
  it('every chosen weekday from the start date at the start time in Almaty, until the number of lessons', () => {
    // Tuesday and Thursday 18:30 from Monday 1 December 2025: the first lesson is Tuesday the 2nd, 13:30 UTC.
    const times = groupLessonTimes({ weekdays: [2, 4], startMinute: 18 * 60 + 30, durationMinutes: 60, startDate: '2025-12-01', lessonsCount: 5 });
    expect(times.map((t) => t.startsAt.toISOString())).toEqual(['2025-12-02T13:30:00.000Z', '2025-12-04T13:30:00.000Z', '2025-12-09T13:30:00.000Z', '2025-12-11T13:30:00.000Z', '2025-12-16T13:30:00.000Z']);
    expect(times.every((t) => t.endsAt.getTime() - t.startsAt.getTime() === 3_600_000)).toBe(true);
  });

  it('a lesson before 05:00 in Almaty is on the previous UTC day; the start date itself counts when it is one of the days', () => {
    const [first] = groupLessonTimes({ weekdays: [6], startMinute: 4 * 60, durationMinutes: 45, startDate: '2025-12-06', lessonsCount: 1 });
    expect(first!.startsAt.toISOString()).toBe('2025-12-05T23:00:00.000Z');
    expect(groupLessonTimes({ weekdays: [], startMinute: 0, durationMinutes: 60, startDate: '2025-12-06', lessonsCount: 3 })).toEqual([]);
  });
});
