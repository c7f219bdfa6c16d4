import { tzOffset } from '@date-fns/tz';
import { SCHOOL_ZONE_NAME as SCHOOL_TZ } from './school-clock';

// The school's wall clock for reports and exports (lib/leads, lib/company-portal): reports count
// Almaty days, exports show Almaty wall-clock time, by the zone's own data (`Asia/Almaty`).

/** A date as the school's wall clock: the UTC fields of the result read as Almaty time. */
export function schoolClock(d: Date): Date {
  return new Date(d.getTime() + tzOffset(SCHOOL_TZ, d) * 60_000);
}

/** The school's calendar day of a moment, `YYYY-MM-DD`. */
export const schoolDay = (d: Date = new Date()): string => schoolClock(d).toISOString().slice(0, 10);

/** The first moment of an Almaty day (`YYYY-MM-DD`). */
export function dayStart(day: string): Date {
  const noonUtc = new Date(`${day}T12:00:00Z`);
  return new Date(Date.parse(`${day}T00:00:00Z`) - tzOffset(SCHOOL_TZ, noonUtc) * 60_000);
}
