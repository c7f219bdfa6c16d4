import { schoolDate, schoolInstant, schoolOffsetAt } from './school-zone';

// The school's wall clock for reports and exports (lib/leads, lib/company-portal): reports count
// Almaty days, exports show Almaty wall-clock time, by the zone's own data (./school-zone.ts).

/** A date as the school's wall clock: the UTC fields of the result read as Almaty time. */
export function schoolClock(d: Date): Date {
  return new Date(d.getTime() + schoolOffsetAt(d) * 60_000);
}

/** The school's calendar day of a moment, `YYYY-MM-DD`. */
export const schoolDay = (d: Date = new Date()): string => schoolDate(d);

/** The first moment of an Almaty day (`YYYY-MM-DD`). */
export const dayStart = (day: string): Date => schoolInstant(day, 0);
