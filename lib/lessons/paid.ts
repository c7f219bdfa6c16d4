import 'server-only';
// Paid lessons booked from a package's balance (docs/payments.md, "Booking from the balance"): one
// lesson of 50 minutes taken from the package's balance per booking, in one transaction with the
// lesson row; the package's row is the lock, so parallel bookings on the last lesson spend it once.
import { and, eq, sql } from 'drizzle-orm';
import { ApiError } from '@/lib/api/errors';
import { hasUserScope } from '@/lib/auth/scope';
import { dbErrorInfo } from '@/lib/db/errors';
import { lessonPackages, lessons } from '@/lib/db/schema';
import { transaction } from '@/lib/db/transaction';
import type { Db } from '@/lib/db/types';
import { bookableTutor, freeSlotsOfTutor } from './availability';
import { slotsChanged } from './revalidate';
import { notifyLesson } from './notify';
import { ACCOUNTS, balance, post } from '@/lib/money/ledger';

/** A paid lesson's length (the tariff page: lessons of 50 minutes). */
export const PAID_LESSON_MINUTES = 50;

export type Lesson = typeof lessons.$inferSelect;

export interface PaidBookingInput {
  packageId: number;
  startsAt: Date;
  idempotencyKey: string;
}

/**
 * Books a paid lesson with the package's tutor, for its subject, at a free slot of the tutor, and
 * spends one lesson of the package: `student_balance` −price of a lesson, `school_revenue` +the same
 * (returned by a cancel in time, next slice). 409 `package_empty` when nothing is left, 409
 * `package_expired` past its validity, 409 `slot_taken` / `slot_unavailable` as for a trial; a retry
 * with the same key answers the same lesson.
 */
export async function bookFromPackage(db: Db, student: { id: number; scope: string }, input: PaidBookingInput, now = new Date()): Promise<{ lesson: Lesson; replayed: boolean }> {
  if (!hasUserScope(student.scope, 'student')) throw new ApiError(403, 'not_student');
  const replay = async () => (await db.select().from(lessons).where(and(eq(lessons.studentId, student.id), eq(lessons.idempotencyKey, input.idempotencyKey))).limit(1))[0];
  const earlier = await replay();
  if (earlier) return { lesson: earlier, replayed: true };
  const [pkg] = await db.select().from(lessonPackages).where(and(eq(lessonPackages.id, input.packageId), eq(lessonPackages.studentId, student.id))).limit(1);
  if (!pkg) throw new ApiError(404, 'not_found');
  const endsAt = new Date(input.startsAt.getTime() + PAID_LESSON_MINUTES * 60_000);
  if (pkg.validUntil < now || pkg.validUntil < endsAt) throw new ApiError(409, 'package_expired');
  if (!(await bookableTutor(db, pkg.tutorId))) throw new ApiError(404, 'not_found');
  const offered = await freeSlotsOfTutor(db, pkg.tutorId, now, PAID_LESSON_MINUTES);
  if (!offered.some((s) => s.getTime() === input.startsAt.getTime())) throw new ApiError(409, 'slot_unavailable');
  const account = ACCOUNTS.studentBalance(student.id);
  try {
    const lesson = await transaction(db, async (tx) => {
      // The package's row is the lock: bookings of one package are counted one at a time.
      await tx.execute(sql`select id from ${lessonPackages} where ${lessonPackages.id} = ${pkg.id} for update`);
      if ((await balance(tx, account, pkg.id)) < pkg.perLessonTiyn) throw new ApiError(409, 'package_empty');
      const [booked] = await tx
        .insert(lessons)
        .values({ tutorId: pkg.tutorId, studentId: student.id, kind: 'paid', packageId: pkg.id, subject: pkg.subject, status: 'booked', startsAt: input.startsAt, endsAt, idempotencyKey: input.idempotencyKey, updatedAt: now })
        .returning();
      await post(
        tx,
        'lesson_spent',
        [
          { account, amountTiyn: -pkg.perLessonTiyn },
          { account: ACCOUNTS.schoolRevenue, amountTiyn: pkg.perLessonTiyn },
        ],
        { orderId: pkg.orderId, packageId: pkg.id, lessonId: booked!.id },
      );
      // Both sides are told (SMS, e-mail with the .ics) through the outbox, with the booking.
      await notifyLesson(tx, booked!, 'booked');
      return booked!;
    });
    slotsChanged();
    return { lesson, replayed: false };
  } catch (err) {
    return bookingRefused(err, replay);
  }
}

/**
 * A paid booking's insert refused by the database: the slot taken meanwhile (the no-overlap
 * constraint) is 409 `slot_taken`; the same idempotency key committed by a parallel call answers that
 * lesson (replayed), whatever refused this one. Anything else is thrown on. Shared by package and pool bookings.
 */
export async function bookingRefused(err: unknown, replay: () => Promise<Lesson | undefined>): Promise<{ lesson: Lesson; replayed: true }> {
  // The same key committed by a parallel call answers that lesson, whichever check refused this one
  // first (on PostgreSQL the no-overlap constraint may fire before the key's unique index, and the
  // twin may have spent the package's last lesson).
  const same = await replay();
  if (same) return { lesson: same, replayed: true };
  if (dbErrorInfo(err).code === '23P01') throw new ApiError(409, 'slot_taken');
  throw err;
}
