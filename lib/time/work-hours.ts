import { TZDate } from '@date-fns/tz';

// The school's opening hours (WORK_HOURS, e.g. "Mon-Fri 09:00-19:00, Sat 10:00-16:00") and the
// arithmetic of "N working minutes after a moment" in its time zone (WORK_TZ). Plain data and
// functions: lib/env.ts validates the variable with the parser, lib/leads/working-time.ts applies it.

const DAY_NAMES = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
const SEGMENT = /^([a-z]{3})(?:\s*-\s*([a-z]{3}))?\s+(\d{2}):(\d{2})\s*-\s*(\d{2}):(\d{2})$/i;

/** One part of the setting as written: days `from`…`to` (0 = Sunday, wrapping past Saturday), minutes of the day. */
export interface WorkSegment {
  from: number;
  to: number;
  open: number;
  close: number;
}

export interface WorkSchedule {
  segments: WorkSegment[];
  /** Per weekday (0 = Sunday): opening intervals in minutes of the day, sorted. */
  byDay: [number, number][][];
}

export type ParsedHours = { ok: true; schedule: WorkSchedule } | { ok: false; error: string };

const daysOf = (s: WorkSegment) => {
  const days = [s.from];
  for (let d = s.from; d !== s.to; ) days.push((d = (d + 1) % 7));
  return days;
};

/** "Mon-Fri 09:00-19:00, Sat 10:00-16:00" (a day may appear twice for a break: "Mon 09:00-13:00, Mon 14:00-18:00"). */
export function parseWorkHours(text: string): ParsedHours {
  const segments: WorkSegment[] = [];
  const parts = text.split(',').map((p) => p.trim());
  if (parts.every((p) => !p)) return { ok: false, error: 'names no opening hours' };
  for (const part of parts) {
    const m = SEGMENT.exec(part);
    if (!m) return { ok: false, error: `"${part}" is not like "Mon-Fri 09:00-19:00"` };
    const from = DAY_NAMES.indexOf(m[1]!.toLowerCase() as (typeof DAY_NAMES)[number]);
    const to = m[2] ? DAY_NAMES.indexOf(m[2].toLowerCase() as (typeof DAY_NAMES)[number]) : from;
    if (from < 0 || to < 0) return { ok: false, error: `"${part}": days are Mon, Tue, Wed, Thu, Fri, Sat, Sun` };
    const [oh, om, ch, cm] = [m[3], m[4], m[5], m[6]].map(Number) as [number, number, number, number];
    const open = oh * 60 + om;
    const close = ch * 60 + cm;
    if (oh > 23 || om > 59 || ch > 24 || cm > 59 || close > 1440) return { ok: false, error: `"${part}": times are 00:00 to 24:00` };
    if (close <= open) return { ok: false, error: `"${part}": closes before it opens` };
    segments.push({ from, to, open, close });
  }
  const byDay: [number, number][][] = DAY_NAMES.map(() => []);
  for (const s of segments) for (const d of daysOf(s)) byDay[d]!.push([s.open, s.close]);
  for (const [d, intervals] of byDay.entries()) {
    intervals.sort((a, b) => a[0] - b[0]);
    for (let i = 1; i < intervals.length; i++) {
      if (intervals[i]![0] < intervals[i - 1]![1]) return { ok: false, error: `the hours of ${DAY_NAMES[d]} overlap` };
    }
  }
  return { ok: true, schedule: { segments, byDay } };
}

/** Whether a time zone name is known to this runtime ("Asia/Almaty"). */
export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

export interface WorkCalendar {
  schedule: WorkSchedule;
  tz: string;
  /** A calendar day (YYYY-MM-DD in `tz`) the school is closed whatever its weekday (a public holiday). */
  closed?: (day: string) => boolean;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The opening intervals of the local day that contains `at`, as instants, and the next day's start. */
function dayAt(at: number, cal: WorkCalendar) {
  const local = new TZDate(at, cal.tz);
  const [y, m, d] = [local.getFullYear(), local.getMonth(), local.getDate()];
  const instant = (minutes: number) => new TZDate(y, m, d, Math.floor(minutes / 60), minutes % 60, 0, cal.tz).getTime();
  const closed = cal.closed?.(`${y}-${pad(m + 1)}-${pad(d)}`) ?? false;
  const intervals = closed ? [] : cal.schedule.byDay[local.getDay()]!.map(([o, c]) => [instant(o), instant(c)] as const);
  return { intervals, next: instant(24 * 60) };
}

/**
 * The moment `minutes` of opening time after `from`: at 23:00 an hour is the next working day's
 * opening plus an hour; a holiday (`closed`) is skipped whatever its weekday.
 */
export function addWorkingMinutes(from: Date, minutes: number, cal: WorkCalendar): Date {
  let t = from.getTime();
  let left = minutes * 60_000;
  // A year of days: a schedule that names at least one opening always ends long before.
  for (let i = 0; i < 370; i++) {
    const { intervals, next } = dayAt(t, cal);
    for (const [open, close] of intervals) {
      if (close <= t) continue;
      const start = Math.max(open, t);
      if (start + left <= close) return new Date(start + left);
      left -= close - start;
      t = close;
    }
    t = next;
  }
  throw new Error('no opening hours within a year');
}

/** Whether the school is open at `at`. */
export function isOpenAt(at: Date, cal: WorkCalendar): boolean {
  const t = at.getTime();
  return dayAt(t, cal).intervals.some(([open, close]) => open <= t && t < close);
}
