import 'server-only';
import { sql, type AnyColumn } from 'drizzle-orm';
import { DAY_MS } from '@/lib/time/calendar';
import { schoolDateOf, schoolDayStart } from '@/lib/time/school-clock';
// The school's days (lib/time/school-clock.ts): a fixed offset rather than the database's tz tables,
// which differ between PGlite and an older server.

/** Midnight in Almaty of the day `at` falls on. */
export const almatyDayStart = (at: Date) => schoolDayStart(schoolDateOf(at));

/** The Almaty calendar date of `at`, as YYYY-MM-DD. */
export const almatyDate = (at: Date) => schoolDateOf(at);

/** Today and the last `days` Almaty days (today included): their starts and calendar dates. */
export function dashboardWindows(now: Date, days = 30) {
  const today = almatyDayStart(now);
  const since = new Date(today.getTime() - (days - 1) * DAY_MS);
  const dates = Array.from({ length: days }, (_, i) => almatyDate(new Date(since.getTime() + i * DAY_MS)));
  return { today, since, todayDate: almatyDate(now), sinceDate: dates[0]!, dates };
}

/** Not one of the demo tutors a fresh embedded install seeds (lib/server/demo-tutors.ts): they are no activity. */
export const notDemo = (userId: AnyColumn) => sql`not exists (select 1 from tutor_profiles dp where dp.user_id = ${userId} and dp.demo)`;
