import { tzOffset } from '@date-fns/tz';
import { SCHOOL_OFFSET, SCHOOL_OFFSET_MINUTES, SCHOOL_ZONE_NAME } from './school-clock';

export { SCHOOL_OFFSET_MINUTES };

/**
 * The school's time. All of Kazakhstan has been UTC+5 since 2024-03-01 (Almaty was UTC+6 before).
 * Time-zone data older than 2024a still says +6 for Asia/Almaty: where the runtime's data says
 * anything but +5 for a date after the change, the fixed offset "+05:00" is used instead (no DST
 * either way), so a stale ICU never moves a lesson by an hour. Every slot is in the future, so the
 * pre-2024 offset never matters for booking.
 */
let zone: string | undefined;
/** 'Asia/Almaty' when the runtime's zone data is current, else '+05:00'. */
export function schoolZone(): string {
  if (zone === undefined) {
    let current = false;
    try {
      current = tzOffset(SCHOOL_ZONE_NAME, new Date('2025-06-01T00:00:00Z')) === SCHOOL_OFFSET_MINUTES;
    } catch {
      current = false;
    }
    zone = current ? SCHOOL_ZONE_NAME : SCHOOL_OFFSET;
  }
  return zone;
}

/** The school's UTC offset at `date`, in minutes (300 for every date after 2024-03-01). */
export const schoolOffsetAt = (date: Date): number => tzOffset(schoolZone(), date);

/** The school's local calendar date (YYYY-MM-DD) of an instant. */
export function schoolDate(date: Date): string {
  return new Date(date.getTime() + schoolOffsetAt(date) * 60_000).toISOString().slice(0, 10);
}

/** The instant of `minutes` after local midnight of the school's date `ymd`. */
export function schoolInstant(ymd: string, minutes: number): Date {
  const [y, m, d] = ymd.split('-').map(Number) as [number, number, number];
  const naive = Date.UTC(y, m - 1, d, 0, minutes);
  // The offset of the zone around that moment (constant here; read again for the exact instant).
  const guess = naive - schoolOffsetAt(new Date(naive)) * 60_000;
  return new Date(naive - schoolOffsetAt(new Date(guess)) * 60_000);
}
