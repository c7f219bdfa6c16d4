import { tzOffset } from '@date-fns/tz';
import { describe, expect, it } from 'vitest';
import { freeSlots, type ScheduleRules } from './slots';
import { schoolDate, schoolInstant, schoolZone } from '@/lib/time/school-zone';

const monWed: ScheduleRules = { weekly: { '1': [[18 * 60, 21 * 60]], '3': [[18 * 60, 21 * 60]] }, daysOff: [], minNoticeMinutes: 720, horizonDays: 28 };
const iso = (ds: Date[]) => ds.map((d) => d.toISOString());

describe('school time', () => {
  it('pins Asia/Almaty to UTC+5 for 2025 dates (the 2024-03-01 change), whatever the zone data', () => {
    expect(schoolInstant('2025-01-15', 18 * 60).toISOString()).toBe('2025-01-15T13:00:00.000Z');
    expect(schoolInstant('2025-07-15', 9 * 60).toISOString()).toBe('2025-07-15T04:00:00.000Z');
    expect(tzOffset(schoolZone(), new Date('2025-07-15T00:00:00Z'))).toBe(300);
    // The day boundary is at 19:00 UTC.
    expect(schoolDate(new Date('2025-07-15T18:59:00Z'))).toBe('2025-07-15');
    expect(schoolDate(new Date('2025-07-15T19:00:00Z'))).toBe('2025-07-16');
  });
});

describe('free slots', () => {
  // Sunday 2025-06-01 10:00 in Almaty.
  const now = new Date('2025-06-01T05:00:00Z');

  it('lays 30-minute slots on the half hour of each range, in Almaty time, stored as UTC', () => {
    const slots = freeSlots(monWed, [], now);
    // Monday 2 June 18:00-21:00 Almaty = 13:00-16:00 UTC: six slots, the last starting 20:30.
    expect(iso(slots).slice(0, 6)).toEqual(['13:00', '13:30', '14:00', '14:30', '15:00', '15:30'].map((t) => `2025-06-02T${t}:00.000Z`));
    expect(iso(slots)[6]).toBe('2025-06-04T13:00:00.000Z');
    // Four weeks: 8 days × 6 slots (the horizon ends Sunday 29 June at 10:00).
    expect(slots).toHaveLength(48);
  });

  it('keeps the minimum notice: nothing starts sooner than 12 hours from now', () => {
    // Monday 2 June 08:00 Almaty: 18:00 is 10 hours away, 20:00 exactly 12.
    const slots = freeSlots(monWed, [], new Date('2025-06-02T03:00:00Z'));
    expect(iso(slots)[0]).toBe('2025-06-02T15:00:00.000Z');
    expect(freeSlots({ ...monWed, minNoticeMinutes: 60 }, [], new Date('2025-06-02T03:00:00Z'))[0]!.toISOString()).toBe('2025-06-02T13:00:00.000Z');
  });

  it('stops at the horizon, skips days off and taken times', () => {
    expect(freeSlots({ ...monWed, horizonDays: 7 }, [], now)).toHaveLength(12);
    const off = freeSlots({ ...monWed, daysOff: ['2025-06-02'] }, [], now);
    expect(iso(off)[0]).toBe('2025-06-04T13:00:00.000Z');
    const busy = [{ start: Date.parse('2025-06-02T13:15:00Z'), end: Date.parse('2025-06-02T13:45:00Z') }];
    const taken = iso(freeSlots(monWed, busy, now));
    expect(taken.slice(0, 2)).toEqual(['2025-06-02T14:00:00.000Z', '2025-06-02T14:30:00.000Z']);
  });

  it('several ranges a day, and a range ending at midnight', () => {
    const rules: ScheduleRules = { ...monWed, weekly: { '2': [[9 * 60, 10 * 60], [23 * 60, 24 * 60]] } };
    expect(iso(freeSlots(rules, [], now)).slice(0, 4)).toEqual(['2025-06-03T04:00:00.000Z', '2025-06-03T04:30:00.000Z', '2025-06-03T18:00:00.000Z', '2025-06-03T18:30:00.000Z']);
  });

  it('a browser in a zone with daylight saving sees the same instant, shifted by its own offset', () => {
    // Monday 30 March 2026, 18:00 Almaty: Berlin switched to summer time the day before (UTC+2).
    const rules: ScheduleRules = { ...monWed, horizonDays: 14 };
    const slots = freeSlots(rules, [], new Date('2026-03-22T05:00:00Z'));
    const berlin = (d: Date) => new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Berlin', weekday: 'short', hour: '2-digit', minute: '2-digit' }).format(d);
    const almaty = (d: Date) => new Intl.DateTimeFormat('en-GB', { timeZone: schoolZone(), weekday: 'short', hour: '2-digit', minute: '2-digit' }).format(d);
    const before = slots.find((s) => s.toISOString() === '2026-03-23T13:00:00.000Z')!;
    const after = slots.find((s) => s.toISOString() === '2026-03-30T13:00:00.000Z')!;
    expect([almaty(before), berlin(before)]).toEqual(['Mon 18:00', 'Mon 14:00']);
    expect([almaty(after), berlin(after)]).toEqual(['Mon 18:00', 'Mon 15:00']);
  });
});
