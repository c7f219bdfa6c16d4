// Slot times as people read them: the school's (Almaty) time always, and the browser's own when its
// offset differs at that instant (a zone with daylight saving may differ in winter and not in summer).
import { intlLocale, KK_DAYS, KK_MONTHS, SCHOOL_FIXED_ZONE, SCHOOL_ZONE_NAME } from '@/lib/time/school-clock';

export const SCHOOL_ZONE = SCHOOL_ZONE_NAME;
/** Formatting in the school's zone uses its fixed offset (lib/time/school-clock.ts), never the browser's zone data. */
const fmtZone = (zone: string) => (zone === SCHOOL_ZONE ? SCHOOL_FIXED_ZONE : zone);

export function browserZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || SCHOOL_ZONE;
  } catch {
    return SCHOOL_ZONE;
  }
}


export function clock(iso: string, zone: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone: fmtZone(zone), hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));
}

/** YYYY-MM-DD of an instant in a zone. */
export function dayKey(iso: string, zone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: fmtZone(zone), year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso));
}


/** "Monday, 2 June" in the page's language, for a school date (browsers' Kazakh date data is thin). */
export function dayLabel(ymd: string, locale: string): string {
  const [y, m, d] = ymd.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d, 12));
  if (locale === 'kk') {
    const wd = (date.getUTCDay() + 6) % 7;
    return `${d} ${KK_MONTHS[m - 1]}, ${KK_DAYS[wd]}`;
  }
  return new Intl.DateTimeFormat(intlLocale(locale), { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long' }).format(date);
}

/** The browser's time of the slot when it is not the school's, else null. */
export function localClock(iso: string, zone: string): string | null {
  if (zone === SCHOOL_ZONE) return null;
  const mine = clock(iso, zone);
  const school = clock(iso, SCHOOL_ZONE);
  if (mine === school && dayKey(iso, zone) === dayKey(iso, SCHOOL_ZONE)) return null;
  return dayKey(iso, zone) === dayKey(iso, SCHOOL_ZONE) ? mine : `${mine} (${dayKey(iso, zone).slice(5).split('-').reverse().join('.')})`;
}

/** An ISO weekday's name (1 = Monday) in the page's language. */
export function weekdayName(isoWeekday: number, locale: string): string {
  if (locale === 'kk') return KK_DAYS[isoWeekday - 1]!;
  return new Intl.DateTimeFormat(intlLocale(locale), { timeZone: 'UTC', weekday: 'long' }).format(new Date(Date.UTC(2024, 0, isoWeekday, 12)));
}
