import 'server-only';
// An employee books lessons from the lessons their employer gave them (docs/payments.md, "Company
// lesson pools", "The employee books"): a 50-minute lesson with any bookable tutor whose price a
// pool lesson pays for (at most 7 500 ₸), in one of the tutor's subjects, at one of the tutor's free
// slots. The same rules as a lesson from a package (lib/lessons/paid.ts): one lesson spent per
// booking in one transaction with the lesson's row, the employee's roster row the lock, so parallel
// bookings on the last lesson spend it once; the cancel, no-show and held rules and the tutor's
// earning are a paid lesson's (lib/lessons/money.ts). Only the matched employee
// (lib/payments/employer.ts), only their own lessons, never another company's.
import { and, eq } from 'drizzle-orm';
import { ApiError } from '@/lib/api/errors';
import { hasUserScope } from '@/lib/auth/scope';
import { lessons } from '@/lib/db/schema';
import { transaction } from '@/lib/db/transaction';
import type { Db } from '@/lib/db/types';
import { bookableTutor, freeSlotsOfTutor } from '@/lib/lessons/availability';
import { dropExpiredHolds, tutorSubjects } from '@/lib/lessons/booking';
import { notifyLesson } from '@/lib/lessons/notify';
import { slotsChanged } from '@/lib/lessons/revalidate';
import { lessonsLeft, poolTutorPrice, poolTutorPriceMax, postPoolSpend } from '@/lib/lessons/money';
import { employeeLessonsLeft, matchedEmployee, type EmployerLink } from './employer';
import { ACCOUNTS } from '@/lib/money/ledger';
import { bookingRefused, PAID_LESSON_MINUTES, type Lesson } from '@/lib/lessons/paid';
import { lockEmployee } from '@/lib/lessons/pool-locks';

type Student = { id: number; phone: string; scope: string };

export interface PoolBookingInput {
  employeeId: number;
  tutorId: number;
  subject: string;
  startsAt: Date;
  idempotencyKey: string;
}

const MIN = 60_000;

/** The student's own roster row (404 for anyone else's: no hint that it exists) and a bookable tutor a pool lesson pays for. */
async function employeeAndTutor(db: Db, student: Student, employeeId: number, tutorId: number) {
  if (!hasUserScope(student.scope, 'student')) throw new ApiError(403, 'not_student');
  const employee = await matchedEmployee(db, student, employeeId);
  if (!employee) throw new ApiError(404, 'not_found');
  const tutor = await bookableTutor(db, tutorId);
  if (!tutor) throw new ApiError(404, 'not_found');
  const price = await poolTutorPrice(db, tutorId);
  return { employee, tutor, price };
}

export interface PoolBookingContext {
  employee: EmployerLink;
  lessonsLeft: number;
  tutor: { id: number; name: string; price: number; subjects: string[] };
  slots: Date[];
}

/** The booking panel's context: the employer's lessons left, the tutor (price, subjects) and their free 50-minute slots. */
export async function poolBookingContext(db: Db, student: Student, employeeId: number, tutorId: number, now = new Date()): Promise<PoolBookingContext> {
  const { employee, tutor, price } = await employeeAndTutor(db, student, employeeId, tutorId);
  return {
    employee,
    lessonsLeft: await employeeLessonsLeft(db, employeeId),
    tutor: { id: tutor.id, name: `${tutor.name} ${Array.from(tutor.lastname)[0] ?? ''}.`.trim(), price, subjects: await tutorSubjects(db, tutor) },
    slots: await freeSlotsOfTutor(db, tutorId, now, PAID_LESSON_MINUTES),
  };
}

/**
 * Books a 50-minute lesson paid from the employer's pool and spends one of the employee's lessons
 * (`company_lesson_spent`: the employee's balance → `school_revenue`, the lesson and the invoice on
 * the rows; the tutor's price kept on the lesson for their earning). 404 for a roster row that is
 * not this student's; 409 `pool_tutor_price` for a dearer tutor, `employee_pool_empty` when none is
 * left, `slot_taken` / `slot_unavailable` as for any booking; 422 `subject_not_offered`. A retry with
 * the same key answers the same lesson.
 */
export async function bookFromPool(db: Db, student: Student, input: PoolBookingInput, now = new Date()): Promise<{ lesson: Lesson; replayed: boolean }> {
  if (!hasUserScope(student.scope, 'student')) throw new ApiError(403, 'not_student');
  const replay = async () => (await db.select().from(lessons).where(and(eq(lessons.studentId, student.id), eq(lessons.idempotencyKey, input.idempotencyKey))).limit(1))[0];
  const earlier = await replay();
  if (earlier) return { lesson: earlier, replayed: true };
  const { tutor, price } = await employeeAndTutor(db, student, input.employeeId, input.tutorId);
  if (!(await tutorSubjects(db, tutor)).includes(input.subject)) throw new ApiError(422, 'subject_not_offered');
  const offered = await freeSlotsOfTutor(db, input.tutorId, now, PAID_LESSON_MINUTES);
  if (!offered.some((s) => s.getTime() === input.startsAt.getTime())) throw new ApiError(409, 'slot_unavailable');
  const endsAt = new Date(input.startsAt.getTime() + PAID_LESSON_MINUTES * MIN);
  try {
    const lesson = await transaction(db, async (tx) => {
      // The employee's row is the lock: every change of their lessons waits here (lib/lessons/pool-locks.ts),
      // and the match is read again under it (HR may have removed them meanwhile).
      if (!(await lockEmployee(tx, input.employeeId)) || !(await matchedEmployee(tx, student, input.employeeId))) throw new ApiError(404, 'not_found');
      const [first] = await lessonsLeft(tx, ACCOUNTS.employeeBalance(input.employeeId));
      if (!first) throw new ApiError(409, 'employee_pool_empty');
      // The cap is the invoice's: a pool lesson never pays a tutor more than it cost the company.
      if (price > poolTutorPriceMax(first.perLessonTiyn)) throw new ApiError(409, 'pool_tutor_price');
      await dropExpiredHolds(tx, input.tutorId, input.startsAt, endsAt, now);
      const [booked] = await tx
        .insert(lessons)
        .values({
          tutorId: input.tutorId,
          studentId: student.id,
          kind: 'paid',
          subject: input.subject,
          status: 'booked',
          startsAt: input.startsAt,
          endsAt,
          idempotencyKey: input.idempotencyKey,
          companyEmployeeId: input.employeeId,
          poolTutorPrice: price,
          updatedAt: now,
        })
        .returning();
      await postPoolSpend(tx, booked!.id, input.employeeId, first);
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
