// The school's clock for the browser and the server alike: Almaty is UTC+5 all year (no daylight
// saving since 2024), and dates are written from a fixed offset, never from the browser's own time
// zone data (an older browser still thinks Asia/Almaty is +6). Kazakh month and day names are the
// site's own: browsers' Kazakh date data is thin ("2026 M12 4"). Plain code: client and server.

// One clock: the school's zone is written in code here and in ./school-zone.ts (its freshness check)
// only; every "what day is it in Almaty", every day's first or last moment and the SQL of the
// school's date (./school-sql.ts) go through these (school-clock.test.ts holds it).

/** The zone people read the school's times in. */
export const SCHOOL_ZONE_NAME = 'Asia/Almaty';
/** The same clock as a fixed offset (IANA's Etc/GMT-5 is UTC+5), for formatting anywhere. */
export const SCHOOL_FIXED_ZONE = 'Etc/GMT-5';
/** The school's UTC offset: +5 hours all year since 2024-03-01. */
export const SCHOOL_OFFSET_MINUTES = 300;
/** The same offset as ISO 8601 writes it. */
export const SCHOOL_OFFSET = '+05:00';
const OFFSET_MS = SCHOOL_OFFSET_MINUTES * 60_000;

/** The school's calendar day (YYYY-MM-DD) of an instant, whatever the runtime's zone. */
export const schoolDateOf = (at: Date | string | number): string => new Date(new Date(at).getTime() + OFFSET_MS).toISOString().slice(0, 10);

/** The first moment of the school's day `ymd` (YYYY-MM-DD): midnight in Almaty. */
export const schoolDayStart = (ymd: string): Date => new Date(`${ymd}T00:00:00.000${SCHOOL_OFFSET}`);

/** The last moment of the school's day `ymd`: 23:59:59.999 in Almaty. */
export const schoolDayEnd = (ymd: string): Date => new Date(`${ymd}T23:59:59.999${SCHOOL_OFFSET}`);

/** Noon of the school's day `ymd`, as an ISO string: a calendar day to format as a date, in any zone. */
export const schoolNoon = (ymd: string): string => `${ymd}T12:00:00${SCHOOL_OFFSET}`;

export const KK_MONTHS = ['қаңтар', 'ақпан', 'наурыз', 'сәуір', 'мамыр', 'маусым', 'шілде', 'тамыз', 'қыркүйек', 'қазан', 'қараша', 'желтоқсан'];
export const KK_DAYS = ['дүйсенбі', 'сейсенбі', 'сәрсенбі', 'бейсенбі', 'жұма', 'сенбі', 'жексенбі'];

/** The Intl locale each of the site's languages is written in (Kazakh and Russian as used in Kazakhstan). */
export const intlLocale = (locale: string) => (locale === 'en' ? 'en-GB' : locale === 'kk' ? 'kk-KZ' : 'ru-RU');

/** Year, month (1-12) and day of an instant on the school's clock. */
export function schoolYmd(at: Date | string): [number, number, number] {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: SCHOOL_FIXED_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(at)).split('-');
  return parts.map(Number) as [number, number, number];
}

/** "4 December 2026" / «4 декабря 2026 г.» / «2026 жылғы 4 желтоқсан»: a date on the school's clock, the same in the browser and on the server. */
export function schoolLongDate(at: Date | string, locale: string): string {
  if (locale === 'kk') {
    const [y, m, d] = schoolYmd(at);
    return `${y} жылғы ${d} ${KK_MONTHS[m - 1]}`;
  }
  return new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'long', timeZone: SCHOOL_FIXED_ZONE }).format(new Date(at));
}
