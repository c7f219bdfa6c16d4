// Kazakhstan's working-day calendar for "N business days" (tutor application reviews).
// Holidays and their dates (Kurban Ait follows the lunar calendar; laws change them, as the new
// Constitution did from 2026) come from date-holidays; the carry-over of a holiday that falls on a
// weekend is computed here per the Law "On holidays" (the library's own substitute days miss some,
// e.g. 25 March 2026); the labour ministry's yearly transfer orders are the table below.
import Holidays from 'date-holidays';
import { schoolDateOf } from './school-clock';

type IsoDay = `${number}-${number}-${number}`;

/**
 * What the official calendar (egov.kz) says and date-holidays does not, per year. `transfers`: the
 * ministry's order moving a day off (Labour Code art. 85 p. 3): `off` becomes a day off, `working` a
 * working day. `notHolidays`: a library holiday that is not one. Add each year's order when published
 * (usually in the autumn before); a year with no order needs no entry.
 */
export const KZ_CALENDAR_CORRECTIONS: Record<number, { transfers?: { off: IsoDay; working: IsoDay }[]; notHolidays?: IsoDay[] }> = {
  2024: { transfers: [{ off: '2024-05-08', working: '2024-05-04' }] },
  2025: { transfers: [{ off: '2025-01-03', working: '2025-01-05' }] },
  // The Constitution adopted by the referendum of 15 March 2026 moved Constitution Day from 30 August
  // to 15 March from 2027 on: in 2026 neither is a holiday (date-holidays 3.37 has 15-16 March 2026).
  2026: { notHolidays: ['2026-03-15'] },
};

/** Religious days off are not carried over when they fall on a weekend (date-holidays' English names). */
const NOT_CARRIED_OVER = new Set(['Orthodox Christmas', 'Eid al-Adha']);

let library: Holidays | undefined;
const years = new Map<number, { off: Set<string>; working: Set<string> }>();

const iso = (d: Date) => d.toISOString().slice(0, 10);
const isWeekend = (day: string) => [0, 6].includes(new Date(`${day}T00:00:00Z`).getUTCDay());
const nextDay = (day: string) => iso(new Date(new Date(`${day}T00:00:00Z`).getTime() + 86_400_000));

/** The public holidays of a year as the library has them (Almaty calendar dates), with their names. */
export function libraryHolidays(year: number): { day: string; name: string }[] {
  library ??= new Holidays('KZ');
  return library
    .getHolidays(year, 'en')
    .filter((h) => h.type === 'public' && !h.substitute)
    .map((h) => ({ day: h.date.slice(0, 10), name: h.name }));
}

function calendar(year: number) {
  let cal = years.get(year);
  if (cal) return cal;
  const fix = KZ_CALENDAR_CORRECTIONS[year] ?? {};
  const holidays = libraryHolidays(year)
    .filter((h) => !fix.notHolidays?.includes(h.day as IsoDay))
    .sort((a, b) => a.day.localeCompare(b.day));
  const off = new Set(holidays.map((h) => h.day));
  // A holiday on a Saturday or Sunday gives the next working day off.
  for (const h of holidays) {
    if (!isWeekend(h.day) || NOT_CARRIED_OVER.has(h.name)) continue;
    let d = nextDay(h.day);
    while (isWeekend(d) || off.has(d)) d = nextDay(d);
    off.add(d);
  }
  for (const t of fix.transfers ?? []) off.add(t.off);
  cal = { off, working: new Set((fix.transfers ?? []).map((t) => t.working)) };
  years.set(year, cal);
  return cal;
}

/** Whether a calendar day (YYYY-MM-DD, Almaty) is a working day in Kazakhstan (five-day week). */
export function isKzWorkingDay(day: string): boolean {
  const year = Number(day.slice(0, 4));
  if (calendar(year).working.has(day)) return true;
  // A December holiday's carried-over day may fall in the next year.
  if (isWeekend(day) || calendar(year).off.has(day) || calendar(year - 1).off.has(day)) return false;
  return true;
}

/**
 * Whether a calendar day (YYYY-MM-DD, Almaty) is a public holiday or a day off in lieu of one, whatever
 * its weekday: the school's working hours (lib/leads/working-time.ts) skip it, Saturdays included.
 */
export function isKzHoliday(day: string): boolean {
  const year = Number(day.slice(0, 4));
  if (calendar(year).working.has(day)) return false;
  return calendar(year).off.has(day) || calendar(year - 1).off.has(day);
}

/** The moment `days` business days (working days in Kazakhstan) after `from`, at the same time of day. */
export function addBusinessDays(from: Date, days: number): Date {
  let d = new Date(from);
  let left = days;
  while (left > 0) {
    d = new Date(d.getTime() + 24 * 3600_000);
    if (isKzWorkingDay(schoolDateOf(d))) left--;
  }
  return d;
}
