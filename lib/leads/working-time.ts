import 'server-only';
import { isKzHoliday } from '@/lib/time/business-days';
import { env } from '@/lib/env';
import { addWorkingMinutes, parseWorkHours, type WorkCalendar } from '@/lib/time/work-hours';

/** The site promises a call back within one hour of the school's working time. */
export const CALLBACK_PROMISE_MIN = 60;
/** A callback still new after this much working time reminds the sales team by e-mail. */
export const CALLBACK_REMIND_MIN = 45;

let cached: { key: string; cal: WorkCalendar } | undefined;

/** WORK_HOURS in WORK_TZ, closed on Kazakhstan's public holidays (lib/time/business-days.ts). */
export function workCalendar(): WorkCalendar {
  const { WORK_HOURS, WORK_TZ } = env();
  const key = `${WORK_HOURS}|${WORK_TZ}`;
  if (cached?.key !== key) {
    const parsed = parseWorkHours(WORK_HOURS);
    if (!parsed.ok) throw new Error(`WORK_HOURS ${parsed.error}`); // lib/env.ts refuses it at start
    cached = { key, cal: { schedule: parsed.schedule, tz: WORK_TZ, closed: isKzHoliday } };
  }
  return cached.cal;
}

/** When the promised call is due: one working hour after the request (at night, the next opening plus an hour). */
export const callbackDueAt = (createdAt: Date, cal = workCalendar()) => addWorkingMinutes(createdAt, CALLBACK_PROMISE_MIN, cal);

/** When a still-new callback reminds the team. */
export const callbackRemindAt = (createdAt: Date, cal = workCalendar()) => addWorkingMinutes(createdAt, CALLBACK_REMIND_MIN, cal);
