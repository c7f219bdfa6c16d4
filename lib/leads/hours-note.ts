import 'server-only';
import { env } from '@/lib/env';
import { translatorFor } from '@/lib/i18n/translate';
import { parseWorkHours, type WorkSegment } from '@/lib/time/work-hours';
import { SCHOOL_ZONE_NAME } from '@/lib/time/school-clock';

const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
// 2023-01-01 was a Sunday: day d of the week is that date plus d.
const weekday = (locale: string, d: number) => new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' }).format(new Date(Date.UTC(2023, 0, 1 + d)));

/** "пн–пт 09:00–19:00, сб 10:00–16:00": the setting, in the reader's language. */
export function describeWorkHours(locale: string, segments: WorkSegment[]): string {
  return segments
    .map((s) => `${s.from === s.to ? weekday(locale, s.from) : `${weekday(locale, s.from)}–${weekday(locale, s.to)}`} ${hhmm(s.open)}–${hhmm(s.close)}`)
    .join(', ');
}

/**
 * The sentence under the callback form's title: when the school calls (WORK_HOURS in WORK_TZ), and
 * that a request sent outside those hours is called back in the first hour of the next working day.
 * Rendered on the server; the landing pages are static, so for them the hours are build-time.
 */
export function callbackHoursNote(locale: string): string {
  const { WORK_HOURS, WORK_TZ } = env();
  const parsed = parseWorkHours(WORK_HOURS);
  const t = translatorFor(locale, 'CallbackHours');
  if (!parsed.ok) return '';
  const zone = WORK_TZ === SCHOOL_ZONE_NAME ? t('almaty') : WORK_TZ;
  return t('note', { hours: describeWorkHours(locale, parsed.schedule.segments), zone });
}
