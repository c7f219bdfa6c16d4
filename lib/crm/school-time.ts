import { tzOffset } from '@date-fns/tz';

/** The school's time zone: reports count Almaty days, exports show Almaty wall-clock time. */
export const SCHOOL_TZ = 'Asia/Almaty';
const DAY_MS = 86_400_000;

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

/** `YYYY-MM-DD` plus n days (calendar arithmetic, no zones involved). */
export const addDays = (day: string, n: number): string => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/** Whole days from `from` to `to` (both `YYYY-MM-DD`). */
export const daysBetween = (from: string, to: string): number => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
