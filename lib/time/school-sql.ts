import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import { SCHOOL_OFFSET_MINUTES } from './school-clock';

// The school's date of a timestamp in SQL: a fixed offset rather than the database's tz tables,
// which differ between PGlite and an older server (lib/time/school-clock.ts is the one clock).
const shifted = (at: unknown) => sql`((${at} at time zone 'UTC') + ${sql.raw(`interval '${SCHOOL_OFFSET_MINUTES} minutes'`)})`;

/** The school's calendar date of a timestamp, 'YYYY-MM-DD'. */
export const schoolDateSql = (at: unknown): SQL<string> => sql<string>`to_char(${shifted(at)}, 'YYYY-MM-DD')`;

/** The school's month of a timestamp, 'YYYY-MM'. */
export const schoolMonthSql = (at: unknown): SQL<string> => sql<string>`to_char(${shifted(at)}, 'YYYY-MM')`;
