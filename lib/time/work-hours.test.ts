import { describe, expect, it } from 'vitest';
import { isKzHoliday } from './business-days';
import { addWorkingMinutes, isOpenAt, parseWorkHours, type WorkCalendar } from './work-hours';

const calendar = (hours: string, closed?: (day: string) => boolean): WorkCalendar => {
  const parsed = parseWorkHours(hours);
  if (!parsed.ok) throw new Error(parsed.error);
  return { schedule: parsed.schedule, tz: 'Asia/Almaty', closed };
};
/** A moment in Almaty time (UTC+5 all year). */
const almaty = (local: string) => new Date(`${local}:00+05:00`);
const hour = (from: string, cal: WorkCalendar) => addWorkingMinutes(almaty(from), 60, cal).toISOString();

describe('the callback deadline: one hour of the school’s working time', () => {
  const withSaturday = calendar('Mon-Fri 09:00-19:00, Sat 10:00-16:00');
  const weekdays = calendar('Mon-Fri 09:00-19:00');

  it('within opening hours it is simply an hour later', () => {
    expect(hour('2026-03-03T11:20', withSaturday)).toBe(almaty('2026-03-03T12:20').toISOString());
  });

  it('Friday 18:30 is due Saturday 10:30 when the school works Saturdays, Monday 09:30 when not', () => {
    expect(hour('2026-03-06T18:30', withSaturday)).toBe(almaty('2026-03-07T10:30').toISOString());
    expect(hour('2026-03-06T18:30', weekdays)).toBe(almaty('2026-03-09T09:30').toISOString());
  });

  it('a request at 23:00 is due at the next opening plus an hour; one at 07:00 at opening plus an hour', () => {
    expect(hour('2026-03-03T23:00', withSaturday)).toBe(almaty('2026-03-04T10:00').toISOString());
    expect(hour('2026-03-04T07:00', withSaturday)).toBe(almaty('2026-03-04T10:00').toISOString());
    // Saturday after closing: Sunday is closed, Monday opens at 09:00.
    expect(hour('2026-03-07T23:00', withSaturday)).toBe(almaty('2026-03-09T10:00').toISOString());
  });

  it('a public holiday is skipped whatever its weekday (Independence Day, Wednesday 16 December 2026)', () => {
    const cal = calendar('Mon-Fri 09:00-19:00, Sat 10:00-16:00', isKzHoliday);
    expect(hour('2026-12-15T18:30', cal)).toBe(almaty('2026-12-17T09:30').toISOString());
    // Nauryz 2026: 21-23 March, the weekend's two carried over to the 24th and 25th; Saturday the 21st is closed too.
    expect(hour('2026-03-20T18:30', cal)).toBe(almaty('2026-03-26T09:30').toISOString());
    expect(isOpenAt(almaty('2026-12-16T12:00'), cal)).toBe(false);
    expect(isOpenAt(almaty('2026-12-17T12:00'), cal)).toBe(true);
  });

  it('a lunch break is not working time', () => {
    const cal = calendar('Mon-Fri 09:00-13:00, Mon-Fri 14:00-18:00');
    expect(hour('2026-03-03T12:30', cal)).toBe(almaty('2026-03-03T14:30').toISOString());
  });

  it('the setting is checked: bad days, times, overlaps and an empty value are refused with a reason', () => {
    for (const bad of ['', 'Mon-Fri', 'Mon-Fri 9-19', 'Mon-Fry 09:00-19:00', 'Mon-Fri 19:00-09:00', 'Mon 25:00-26:00', 'Mon-Fri 09:00-13:00, Mon 12:00-14:00']) {
      const parsed = parseWorkHours(bad);
      expect(parsed.ok, bad).toBe(false);
      if (!parsed.ok) expect(parsed.error.length).toBeGreaterThan(5);
    }
    expect(parseWorkHours('Sat-Mon 10:00-24:00').ok).toBe(true);
    expect(parseWorkHours('mon-fri 09:00-19:00 , sat 10:00-16:00').ok).toBe(true);
  });
});
