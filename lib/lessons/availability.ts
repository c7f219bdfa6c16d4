import 'server-only';
import { and, eq, gt, inArray, lt, ne, or, isNull, sql } from 'drizzle-orm';
import { isBookableTutor, TUTOR_BOOKABLE } from '@/lib/auth/scope';
import { lessons, tutorSchedules, users } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import type { z } from 'zod';
import type { scheduleSchema } from '@/lib/validations/booking';
import { slotsChanged } from './revalidate';
import { DEFAULT_HORIZON_DAYS, DEFAULT_MIN_NOTICE_MINUTES, freeSlots, prepareDays, type Busy, type ScheduleRules } from './slots';

export type ScheduleView = ScheduleRules & { minNoticeHours: number; horizonWeeks: number };

const DEFAULTS: ScheduleRules = { weekly: {}, daysOff: [], minNoticeMinutes: DEFAULT_MIN_NOTICE_MINUTES, horizonDays: DEFAULT_HORIZON_DAYS };

const view = (r: ScheduleRules): ScheduleView => ({ ...r, minNoticeHours: Math.round(r.minNoticeMinutes / 60), horizonWeeks: Math.round(r.horizonDays / 7) });

/** A tutor's rules (the defaults with no ranges when never saved). */
export async function getSchedule(db: Db, tutorId: number): Promise<ScheduleView> {
  const [row] = await db.select().from(tutorSchedules).where(eq(tutorSchedules.tutorId, tutorId)).limit(1);
  return view(row ? { weekly: row.weekly, daysOff: row.daysOff, minNoticeMinutes: row.minNoticeMinutes, horizonDays: row.horizonDays } : DEFAULTS);
}

export async function saveSchedule(db: Db, tutorId: number, input: z.output<typeof scheduleSchema>): Promise<ScheduleView> {
  const values = {
    tutorId,
    weekly: Object.fromEntries(Object.entries(input.weekly).filter(([, rs]) => rs && rs.length)),
    daysOff: input.daysOff,
    minNoticeMinutes: input.minNoticeHours * 60,
    horizonDays: input.horizonWeeks * 7,
    updatedAt: new Date(),
  };
  await db.insert(tutorSchedules).values(values).onConflictDoUpdate({ target: tutorSchedules.tutorId, set: values });
  slotsChanged();
  return getSchedule(db, tutorId);
}

/** The taken intervals of these tutors from `from` on: live lessons and unexpired holds. */
export async function busyTimes(db: Db, tutorIds: number[], from: Date, to: Date, now = new Date()): Promise<Map<number, Busy[]>> {
  const map = new Map<number, Busy[]>();
  if (!tutorIds.length) return map;
  const rows = await db
    .select({ tutorId: lessons.tutorId, startsAt: lessons.startsAt, endsAt: lessons.endsAt })
    .from(lessons)
    .where(
      and(
        inArray(lessons.tutorId, tutorIds),
        ne(lessons.status, 'cancelled'),
        gt(lessons.endsAt, from),
        lt(lessons.startsAt, to),
        or(ne(lessons.status, 'hold'), gt(lessons.holdExpiresAt, now), isNull(lessons.holdExpiresAt)),
      ),
    );
  for (const r of rows) {
    const list = map.get(r.tutorId) ?? [];
    list.push({ start: r.startsAt.getTime(), end: r.endsAt.getTime() });
    map.set(r.tutorId, list);
  }
  return map;
}

/** `isBookableTutor` in SQL, over `users`: the catalogue's slots and chat duty's tutors. */
export const bookableUserSql = () => and(isNull(users.blockedAt), sql`(' ' || ${users.scope} || ' ') like ${`% ${TUTOR_BOOKABLE} %`}`);

/** The user when they may be booked (`isBookableTutor`), else null. */
export async function bookableTutor(db: Db, tutorId: number) {
  const [row] = await db
    .select({ id: users.id, scope: users.scope, blockedAt: users.blockedAt, subject: users.subject, name: users.name, lastname: users.lastname })
    .from(users)
    .where(eq(users.id, tutorId))
    .limit(1);
  return row && isBookableTutor(row) ? row : null;
}

/**
 * Free slots of many tutors at once (the catalogue, the bench): one query for the rules of the
 * bookable ones, one for their busy times. Tutors without `tutor:bookable` get no slots.
 */
export async function freeSlotsOf(db: Db, tutorIds: number[], now = new Date(), lessonMinutes?: number): Promise<Map<number, Date[]>> {
  const out = new Map<number, Date[]>();
  if (!tutorIds.length) return out;
  const rows = await db
    .select({ tutorId: tutorSchedules.tutorId, weekly: tutorSchedules.weekly, daysOff: tutorSchedules.daysOff, minNoticeMinutes: tutorSchedules.minNoticeMinutes, horizonDays: tutorSchedules.horizonDays })
    .from(tutorSchedules)
    .innerJoin(users, eq(users.id, tutorSchedules.tutorId))
    .where(and(inArray(tutorSchedules.tutorId, tutorIds), bookableUserSql()));
  if (!rows.length) return out;
  const horizon = Math.max(...rows.map((r) => r.horizonDays));
  const busy = await busyTimes(db, rows.map((r) => r.tutorId), now, new Date(now.getTime() + (horizon + 1) * 86_400_000), now);
  const days = prepareDays(now, horizon);
  for (const r of rows) out.set(r.tutorId, freeSlots(r, busy.get(r.tutorId) ?? [], now, { days, lessonMinutes }));
  return out;
}

/** A tutor's free slots of a trial (30 minutes) or, with `lessonMinutes`, of a longer lesson (a paid one's 50). */
export async function freeSlotsOfTutor(db: Db, tutorId: number, now = new Date(), lessonMinutes?: number): Promise<Date[]> {
  return (await freeSlotsOf(db, [tutorId], now, lessonMinutes)).get(tutorId) ?? [];
}
