// An invitation's deadline is a day on the school's calendar, and ends with that day in Almaty
// (lib/validations/company-roster.ts reads a YYYY-MM-DD as its last moment in Almaty, schoolDayEnd). Plain code: the invite
// form's date picker (its first, last and suggested day) and the server's rule read the same days,
// so the last day the picker offers is one the server takes, at any hour (issue 31: the form counted
// UTC dates and the server 90 × 24 hours, so the picker's last day was refused from 05:00 to
// midnight in Almaty).
import { addDays } from '@/lib/time/calendar';
import { schoolDateOf, schoolDayEnd } from '@/lib/time/school-clock';

/** A deadline at most this many school days after today. */
export const MAX_DEADLINE_DAYS = 90;
/** The picker's first choice: two weeks on. */
export const SUGGESTED_DEADLINE_DAYS = 14;

/** The end of a school day (YYYY-MM-DD): its last moment in Almaty, as a deadline given by its day means. */
export const endOfSchoolDay = schoolDayEnd;

/** The days the invite form offers (YYYY-MM-DD, Almaty): tomorrow to 90 days on, two weeks on first. */
export function deadlineDays(now = new Date()): { min: string; max: string; suggested: string } {
  const today = schoolDateOf(now);
  return { min: addDays(today, 1), max: addDays(today, MAX_DEADLINE_DAYS), suggested: addDays(today, SUGGESTED_DEADLINE_DAYS) };
}

/** The latest deadline the server takes: the end of the Almaty day 90 days after today. */
export const latestDeadline = (now = new Date()): Date => endOfSchoolDay(deadlineDays(now).max);
