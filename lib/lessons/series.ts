import 'server-only';
// A weekly series of paid lessons from one package (docs/payments.md, "Booking from the balance"):
// "Mon and Wed 19:00 for 8 weeks". The plan says, date by date, which can be booked and why the
// others are skipped (taken, outside the tutor's hours, past the package's validity, no lesson
// left); the booking takes every free one in one transaction, one lesson of the balance each, with
// the package's row locked, so the balance never goes below zero. A date taken meanwhile is skipped
// (a savepoint per lesson), not the whole series.
import { and, asc, eq, like, sql } from 'drizzle-orm';
import { ApiError } from '@/lib/api/errors';
import { hasUserScope } from '@/lib/auth/scope';
import { dbErrorInfo } from '@/lib/db/errors';
import { lessonPackages, lessons } from '@/lib/db/schema';
import { transaction } from '@/lib/db/transaction';
import type { Db } from '@/lib/db/types';
import { bookableTutor, busyTimes, freeSlotsOfTutor } from './availability';
import { dropExpiredHolds } from './booking';
import { slotsChanged } from './revalidate';
import { notifySeries } from './notify';
import { addDays, isoWeekday } from '@/lib/time/calendar';
import { schoolDate, schoolInstant } from '@/lib/time/school-zone';
import { ACCOUNTS, balance, post } from '@/lib/money/ledger';
import { PAID_LESSON_MINUTES, type Lesson } from './paid';

export type SeriesSkip = 'taken' | 'unavailable' | 'past_validity' | 'no_lessons_left';

export interface SeriesDate {
  startsAt: string;
  /** Null: it will be (or was) booked. */
  skip: SeriesSkip | null;
}

export interface SeriesInput {
  packageId: number;
  /** ISO weekdays, 1 = Monday. */
  weekdays: number[];
  /** Minutes after Almaty midnight. */
  minutes: number;
  weeks: number;
}

type Student = { id: number; scope: string };
type Package = typeof lessonPackages.$inferSelect;

const MIN = 60_000;

async function ownPackage(db: Db, student: Student, packageId: number): Promise<Package> {
  if (!hasUserScope(student.scope, 'student')) throw new ApiError(403, 'not_student');
  const [pkg] = await db.select().from(lessonPackages).where(and(eq(lessonPackages.id, packageId), eq(lessonPackages.studentId, student.id))).limit(1);
  if (!pkg || !(await bookableTutor(db, pkg.tutorId))) throw new ApiError(404, 'not_found');
  return pkg;
}

const packageBalance = (db: Db, pkg: Package): Promise<number> => balance(db, ACCOUNTS.studentBalance(pkg.studentId), pkg.id);

/** The booking page's context: the package's lessons left, validity and the tutor's free 50-minute slots within it. */
export async function paidBookingContext(db: Db, student: Student, packageId: number, now = new Date()) {
  const pkg = await ownPackage(db, student, packageId);
  const lessonsLeft = Math.floor((await packageBalance(db, pkg)) / pkg.perLessonTiyn);
  const slots = (await freeSlotsOfTutor(db, pkg.tutorId, now, PAID_LESSON_MINUTES)).filter((s) => s.getTime() + PAID_LESSON_MINUTES * MIN <= pkg.validUntil.getTime());
  return { pkg, lessonsLeft, expired: pkg.validUntil <= now, slots };
}

/** The series' dates from today (Almaty) on, ascending, each with whether it can be booked now. */
export async function planSeries(db: Db, student: Student, input: SeriesInput, now = new Date()): Promise<{ pkg: Package; dates: SeriesDate[]; lessonsLeft: number }> {
  const { pkg, lessonsLeft, slots } = await paidBookingContext(db, student, input.packageId, now);
  const today = schoolDate(now);
  const wanted = new Set(input.weekdays);
  const starts: Date[] = [];
  for (let d = 0; d < input.weeks * 7; d++) {
    const ymd = addDays(today, d);
    if (wanted.has(isoWeekday(ymd))) starts.push(schoolInstant(ymd, input.minutes));
  }
  const future = starts.filter((s) => s > now);
  const last = future.at(-1);
  const busy = last ? ((await busyTimes(db, [pkg.tutorId], now, new Date(last.getTime() + PAID_LESSON_MINUTES * MIN), now)).get(pkg.tutorId) ?? []) : [];
  const free = new Set(slots.map((s) => s.getTime()));
  let left = lessonsLeft;
  const dates = future.map((s): SeriesDate => {
    const start = s.getTime();
    const end = start + PAID_LESSON_MINUTES * MIN;
    let skip: SeriesSkip | null = null;
    if (end > pkg.validUntil.getTime()) skip = 'past_validity';
    else if (busy.some((b) => b.start < end && b.end > start)) skip = 'taken';
    else if (!free.has(start)) skip = 'unavailable';
    else if (left <= 0) skip = 'no_lessons_left';
    else left--;
    return { startsAt: s.toISOString(), skip };
  });
  return { pkg, dates, lessonsLeft };
}

const seriesKey = (key: string, i: number) => `${key}-${i}`;

/**
 * Books the plan's free dates in one transaction: the package's row locked, its balance summed once,
 * then per date (a savepoint each) the lesson and its spend; a date taken since the plan, or with
 * the balance spent, is skipped and said so. A retry with the same key answers the lessons it booked.
 */
export async function bookSeries(db: Db, student: Student, input: SeriesInput & { idempotencyKey: string }, now = new Date()): Promise<{ booked: Lesson[]; dates: SeriesDate[]; replayed: boolean }> {
  const replay = (d: Db) =>
    d
      .select()
      .from(lessons)
      .where(and(eq(lessons.studentId, student.id), like(lessons.idempotencyKey, `${input.idempotencyKey}-%`)))
      .orderBy(asc(lessons.startsAt));
  const answer = (rows: Lesson[]) => ({ booked: rows, dates: rows.map((l) => ({ startsAt: l.startsAt.toISOString(), skip: null })), replayed: true });
  const earlier = await replay(db);
  if (earlier.length) return answer(earlier);
  const { pkg, dates } = await planSeries(db, student, input, now);
  const account = ACCOUNTS.studentBalance(student.id);
  const booked = await transaction(db, async (tx) => {
    await tx.execute(sql`select id from ${lessonPackages} where ${lessonPackages.id} = ${pkg.id} for update`);
    // The same key in parallel: the second one, after the lock, answers the first one's lessons.
    if ((await replay(tx)).length) return null;
    let balance = await packageBalance(tx, pkg);
    const out: Lesson[] = [];
    for (const [i, date] of dates.entries()) {
      if (date.skip) continue;
      if (balance < pkg.perLessonTiyn) {
        date.skip = 'no_lessons_left';
        continue;
      }
      const startsAt = new Date(date.startsAt);
      const endsAt = new Date(startsAt.getTime() + PAID_LESSON_MINUTES * MIN);
      try {
        const lesson = await tx.transaction(async (spRaw) => {
          const sp = spRaw as unknown as Db;
          await dropExpiredHolds(sp, pkg.tutorId, startsAt, endsAt, now);
          const [row] = await sp
            .insert(lessons)
            .values({ tutorId: pkg.tutorId, studentId: student.id, kind: 'paid', packageId: pkg.id, subject: pkg.subject, status: 'booked', startsAt, endsAt, idempotencyKey: seriesKey(input.idempotencyKey, i), updatedAt: now })
            .returning();
          await post(sp, 'lesson_spent', [{ account, amountTiyn: -pkg.perLessonTiyn }, { account: ACCOUNTS.schoolRevenue, amountTiyn: pkg.perLessonTiyn }], { orderId: pkg.orderId, packageId: pkg.id, lessonId: row!.id });
          return row!;
        });
        balance -= pkg.perLessonTiyn;
        out.push(lesson);
      } catch (err) {
        if (dbErrorInfo(err).code !== '23P01') throw err;
        date.skip = 'taken';
      }
    }
    // One notice to each side for the whole series (every date in it), with the booking.
    await notifySeries(tx, out);
    return out;
  });
  if (!booked) return answer(await replay(db));
  if (booked.length) slotsChanged();
  return { booked, dates, replayed: false };
}
