import { describe, expect, it } from 'vitest';
import { addBusinessDays, isKzWorkingDay, KZ_CALENDAR_CORRECTIONS, libraryHolidays } from './business-days';

// 10:00 in Almaty (UTC+5) on a calendar day.
const at10 = (day: string) => new Date(`${day}T05:00:00Z`);
const due = (day: string, days: number) => addBusinessDays(at10(day), days).toISOString().slice(0, 10);

describe('tutor profile review: 5 business days', () => {
  it('skips weekends', () => {
    // Monday 23 Nov 2026, 10:00 in Almaty → Monday 30 Nov, same time.
    expect(addBusinessDays(at10('2026-11-23'), 5).toISOString()).toBe('2026-11-30T05:00:00.000Z');
    expect(due('2026-11-27', 5)).toBe('2026-12-04'); // Friday → the next Friday
  });

  it('skips Kazakhstan public holidays (Independence Day, 16 December)', () => {
    expect(due('2026-12-14', 5)).toBe('2026-12-22');
  });

  it('skips Kurban Ait, whose date follows the lunar calendar (27 May 2026)', () => {
    // Mon 25 May + 5: Tue 26, (Wed 27 Kurban Ait), Thu 28, Fri 29, Mon 1, Tue 2 June.
    expect(due('2026-05-25', 5)).toBe('2026-06-02');
    expect(isKzWorkingDay('2025-06-06')).toBe(false); // Kurban Ait 2025
  });

  it('gives the next working days off for holidays on a weekend (Nauryz 2026: 21-25 March off)', () => {
    expect(due('2026-03-20', 1)).toBe('2026-03-26');
    expect(due('2026-03-06', 1)).toBe('2026-03-10'); // 8 March on a Sunday → Monday 9 off
    // Religious days are not carried over: Kurban Ait on Sunday 16 May 2027 leaves Monday a working day.
    expect(isKzWorkingDay('2027-05-17')).toBe(true);
  });

  it('follows the 2026 change: Constitution Day moves from 30 August to 15 March, from 2027', () => {
    expect(due('2026-08-28', 1)).toBe('2026-08-31'); // 30 Aug 2026 is a Sunday, but no longer a holiday
    expect(due('2026-03-13', 1)).toBe('2026-03-16'); // nor is 15 March yet (date-holidays says so)
    expect(due('2027-03-12', 1)).toBe('2027-03-16'); // Monday 15 March 2027 is
    expect(isKzWorkingDay('2025-08-29')).toBe(true);
    expect(isKzWorkingDay('2025-09-01')).toBe(false); // 30 Aug 2025 was, on a Saturday
  });

  it("applies the ministry's yearly transfers of days off", () => {
    // 2025: Friday 3 January off, Sunday 5 January worked (1-2 January are New Year).
    expect(due('2024-12-31', 1)).toBe('2025-01-05');
    expect(due('2024-12-31', 2)).toBe('2025-01-06');
    // 2024: Saturday 4 May worked, Wednesday 8 May off.
    expect(due('2024-05-03', 1)).toBe('2024-05-04');
    expect(due('2024-05-06', 1)).toBe('2024-05-10'); // 7, 8 and 9 May off
  });

  it('keeps the transfer table consistent with the library', () => {
    for (const [year, fix] of Object.entries(KZ_CALENDAR_CORRECTIONS)) {
      const holidays = new Set(libraryHolidays(Number(year)).map((h) => h.day));
      for (const t of fix.transfers ?? []) {
        expect([0, 6], `${t.working} is a weekend day`).toContain(new Date(t.working).getUTCDay());
        expect([0, 6], `${t.off} is a weekday`).not.toContain(new Date(t.off).getUTCDay());
        expect(holidays.has(t.off), `${t.off} is not already a holiday`).toBe(false);
      }
      // A correction the library no longer needs (it was fixed upstream) should be dropped.
      for (const day of fix.notHolidays ?? []) expect(holidays.has(day), `${day} is still in the library`).toBe(true);
    }
  });

  it('finds the religious holidays under the names the carry-over rule expects', () => {
    const names = libraryHolidays(2026).map((h) => `${h.day} ${h.name}`);
    expect(names).toContain('2026-05-27 Eid al-Adha');
    expect(names).toContain('2026-01-07 Orthodox Christmas');
  });
});
