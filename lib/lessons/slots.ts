import type { WeeklyRules } from '@/lib/db/schema';
import { DAY_PERIODS, type DayPeriod } from '@/lib/validations/catalogue';
import { addDays, isoWeekday } from '@/lib/time/calendar';
import { schoolDate, schoolInstant } from '@/lib/time/school-zone';

/**
 * Free slots of a trial lesson (issue 14). Decisions:
 * - a trial lesson is 30 minutes (TRIAL_MINUTES) and slots lie on a 30-minute grid counted from the
 *   start of each weekly range (the editor only takes ranges on the half hour, so slots start at
 *   :00 or :30 in Almaty time);
 * - a slot must start at least `minNoticeMinutes` after now and before now + `horizonDays` days;
 * - nothing on a day off (a school date); nothing that overlaps a live lesson or hold (`busy`).
 * Pure: the caller loads the rules and the busy times (lib/lessons/availability.ts).
 */
export const TRIAL_MINUTES = 30;
export const SLOT_STEP_MINUTES = 30;
export const DEFAULT_MIN_NOTICE_MINUTES = 12 * 60;
export const DEFAULT_HORIZON_DAYS = 28;
/** Cancel or reschedule up to this long before the start (shown before booking). */
export const CANCEL_DEADLINE_MINUTES = 4 * 60;

export interface ScheduleRules {
  weekly: WeeklyRules;
  daysOff: string[];
  minNoticeMinutes: number;
  horizonDays: number;
}

/** A taken interval, in ms since the epoch, end exclusive. */
export interface Busy {
  start: number;
  end: number;
}

interface Day {
  ymd: string;
  weekday: string;
  midnight: number;
}

// The school days of one computation, shared by every tutor of a batch.
function daysFrom(now: Date, count: number): Day[] {
  const first = schoolDate(now);
  const days: Day[] = [];
  for (let i = 0; i <= count; i++) {
    const ymd = addDays(first, i);
    days.push({ ymd, weekday: String(isoWeekday(ymd)), midnight: schoolInstant(ymd, 0).getTime() });
  }
  return days;
}

/** Whether [start, end) meets any of `busy` (sorted by start). */
function overlaps(busy: Busy[], start: number, end: number): boolean {
  // Binary search for the first busy interval ending after `start`.
  let lo = 0;
  let hi = busy.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (busy[mid]!.end <= start) lo = mid + 1;
    else hi = mid;
  }
  for (let i = lo; i < busy.length && busy[i]!.start < end; i++) if (busy[i]!.end > start) return true;
  return false;
}

export interface SlotOptions {
  lessonMinutes?: number;
  /** Precomputed days (a batch of tutors): from `prepareDays`. */
  days?: Day[];
}

export const prepareDays = (now: Date, horizonDays: number) => daysFrom(now, horizonDays + 1);

/** The free slot starts (UTC instants, ascending) of one tutor. */
export function freeSlots(rules: ScheduleRules, busy: Busy[], now: Date, opts: SlotOptions = {}): Date[] {
  const length = (opts.lessonMinutes ?? TRIAL_MINUTES) * 60_000;
  const earliest = now.getTime() + rules.minNoticeMinutes * 60_000;
  const latest = now.getTime() + rules.horizonDays * 86_400_000;
  const days = opts.days ?? prepareDays(now, rules.horizonDays);
  const off = new Set(rules.daysOff);
  const sorted = busy.length > 1 ? [...busy].sort((a, b) => a.start - b.start) : busy;
  const out: Date[] = [];
  for (const day of days) {
    if (day.midnight > latest) break;
    if (off.has(day.ymd)) continue;
    const ranges = rules.weekly[day.weekday as keyof WeeklyRules];
    if (!ranges) continue;
    for (const [from, to] of ranges) {
      for (let m = from; m + length / 60_000 <= to; m += SLOT_STEP_MINUTES) {
        const start = day.midnight + m * 60_000;
        if (start < earliest || start >= latest) continue;
        if (overlaps(sorted, start, start + length)) continue;
        out.push(new Date(start));
      }
    }
  }
  return out.sort((a, b) => a.getTime() - b.getTime());
}

/** Whether `start` is one of the tutor's free slots now (the booking's check before the insert). */
export function isFreeSlot(rules: ScheduleRules, busy: Busy[], now: Date, start: Date): boolean {
  return freeSlots(rules, busy, now).some((s) => s.getTime() === start.getTime());
}

/** How far the catalogue's "free in the next week" and the tutor page's slots look ahead. */
export const WEEK_AHEAD_DAYS = 7;

/** Minutes after Almaty midnight of an instant. */
export function schoolMinutes(at: Date): number {
  return Math.round((at.getTime() - schoolInstant(schoolDate(at), 0).getTime()) / 60_000);
}

/** The time of day of an Almaty clock time (minutes after midnight). */
export function dayPeriod(minutes: number): DayPeriod {
  return minutes < 12 * 60 ? 'morning' : minutes < 17 * 60 ? 'afternoon' : 'evening';
}

const periodBit = (weekday: number, period: DayPeriod) => 1 << ((weekday - 1) * DAY_PERIODS.length + DAY_PERIODS.indexOf(period));

/**
 * Which (weekday, time of day) pairs have a free slot in [now, now + 7 days): a bit mask, small
 * enough to keep on every catalogue card. Bit (weekday − 1) × 3 + period index.
 */
export function freeTimeMask(slots: Date[], now: Date): number {
  const end = now.getTime() + WEEK_AHEAD_DAYS * 86_400_000;
  let mask = 0;
  for (const s of slots) {
    if (s.getTime() < now.getTime() || s.getTime() >= end) continue;
    mask |= periodBit(isoWeekday(schoolDate(s)), dayPeriod(schoolMinutes(s)));
  }
  return mask;
}

/** Whether a mask has free time on one of `days` (any when empty) in one of `periods` (any when empty). */
export function matchesFreeTime(mask: number, days: readonly number[], periods: readonly DayPeriod[]): boolean {
  const ds = days.length ? days : [1, 2, 3, 4, 5, 6, 7];
  const ps = periods.length ? periods : DAY_PERIODS;
  return ds.some((d) => ps.some((p) => (mask & periodBit(d, p)) !== 0));
}
