import { intlLocale, SCHOOL_FIXED_ZONE, schoolDateOf } from '@/lib/time/school-clock';

/** Dates and times as the back office shows them: the page's language, Almaty time. */
const TZ = SCHOOL_FIXED_ZONE;

export function formatDateTime(locale: string, d: Date | string | null | undefined): string {
  if (!d) return '—';
  return new Intl.DateTimeFormat(intlLocale(locale), { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: TZ }).format(new Date(d));
}

export function formatDate(locale: string, d: Date | string | null | undefined): string {
  if (!d) return '—';
  return new Intl.DateTimeFormat(intlLocale(locale), { day: 'numeric', month: 'short', year: 'numeric', timeZone: TZ }).format(new Date(d));
}

/** The Almaty day of a moment as "2026-05-01" (the value of a date input). */
export function almatyDay(d: Date | string | null | undefined): string {
  if (!d) return '';
  return schoolDateOf(d);
}
