import { describe, expect, it } from 'vitest';
import { invitationsSchema } from '@/lib/validations/company-roster';
import { deadlineDays, endOfSchoolDay, latestDeadline, MAX_DEADLINE_DAYS } from './invitation-deadline';

// Fixed clocks only: the school's day is Almaty's (UTC+5), whatever the UTC date says.
const at = (iso: string) => new Date(iso);

describe("the invite form's deadline days (Almaty calendar)", () => {
  it('at noon: tomorrow to 90 days on, two weeks on first', () => {
    expect(deadlineDays(at('2026-12-03T07:00:00Z'))).toEqual({ min: '2026-12-04', max: '2027-03-03', suggested: '2026-12-17' });
  });

  it('at 00:30 in Almaty on 1 January (UTC still 31 December): counted from 1 January, not from the UTC date', () => {
    expect(deadlineDays(at('2026-12-31T19:30:00Z'))).toEqual({ min: '2027-01-02', max: '2027-04-01', suggested: '2027-01-15' });
  });

  it('at 23:30 in Almaty on a month\'s last day: still that day', () => {
    expect(deadlineDays(at('2026-11-30T18:30:00Z'))).toEqual({ min: '2026-12-01', max: '2027-02-28', suggested: '2026-12-14' });
  });

  it('the last day the picker offers is one the server takes, at every hour of the day; the day after it is not', () => {
    for (let hour = 0; hour < 24; hour++) {
      const now = new Date(Date.UTC(2026, 11, 3, hour, 30) - 5 * 3600_000); // 3 December, hh:30 in Almaty
      const { max } = deadlineDays(now);
      const deadline = invitationsSchema.shape.deadline.parse(max);
      expect(deadline).toEqual(endOfSchoolDay(max));
      expect(deadline.getTime()).toBeLessThanOrEqual(latestDeadline(now).getTime());
      expect(invitationsSchema.shape.deadline.parse('2027-03-04').getTime()).toBeGreaterThan(latestDeadline(now).getTime());
      // At most 90 days and one school day ahead.
      expect(deadline.getTime() - now.getTime()).toBeLessThan((MAX_DEADLINE_DAYS + 1) * 86_400_000);
    }
  });
});
