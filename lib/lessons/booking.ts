import 'server-only';
import { and, eq, gt, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import { ApiError } from '@/lib/api/errors';
import { errorForLog } from '@/lib/api/error-log';
import { hasUserScope } from '@/lib/auth/scope';
import { dbErrorInfo } from '@/lib/db/errors';
import { groups, lessonPackages, lessonReports, lessons, lessonStudentFacts, tutorProfiles, users } from '@/lib/db/schema';
import { CORRECTION_DAYS } from './attendance';
import { lessonGroupColumns, lessonGroupView, seatedIn } from './group-money';
import { cancelLessonMoney, PAID_CANCEL_DEADLINE_MINUTES, syncLessonPoolSpend } from './money';
import { PAID_LESSON_MINUTES } from './paid';
import { localePath } from '@/lib/seo';
import { enforceLimits, hit, unhit } from '@/lib/rate-limit';
import { transaction } from '@/lib/db/transaction';
import type { Db } from '@/lib/db/types';
import { bookableTutor, busyTimes, getSchedule } from './availability';
import { lessonIcsFor, notifyLesson } from './notify';
import { icsPath, roomUrl, validIcsKey } from './links';
import { slotsChanged } from './revalidate';
import { CANCEL_DEADLINE_MINUTES, freeSlots, TRIAL_MINUTES } from './slots';
import { addDays, isoWeekday } from '@/lib/time/calendar';
import { schoolDate, schoolInstant } from '@/lib/time/school-zone';
import { GUEST_HOLD_MINUTES, GUEST_HOLDS_PER_TUTOR } from '@/lib/validations/booking';
import { opaqueToken, tokenHash } from '@/lib/crypto/opaque-token';

/** A signed-in student's hold lasts this long. */
export const HOLD_MINUTES = 10;
// A visitor's hold (no account yet) lasts only the sign-in or registration on the way
// (GUEST_HOLD_MINUTES), and a tutor has at most GUEST_HOLDS_PER_TUTOR of them at once, so scripted
// holds from many addresses cannot take a whole calendar (security review M2). A visitor whose hold
// lapsed still books the slot if it is free.
/** A tutor's cancel less than this long before the start is counted as late for the back office. */
export const TUTOR_LATE_CANCEL_MINUTES = 24 * 60;

/**
 * Notification volume (security review M3): every booking, move and cancellation texts and mails
 * both sides, so each is bounded. A lesson moves at most MAX_MOVES_PER_LESSON times (409
 * reschedule_limit); per person and UTC day, a student books at most BOOKINGS_PER_DAY trials and
 * cancels at most STUDENT_CANCELS_PER_DAY lessons, a tutor cancels at most TUTOR_CANCELS_PER_DAY
 * (429 lesson_changes_limit, with Retry-After).
 */
export const MAX_MOVES_PER_LESSON = 3;
export const BOOKINGS_PER_DAY = 5;
export const STUDENT_CANCELS_PER_DAY = 3;
export const TUTOR_CANCELS_PER_DAY = 10;

/** Counts one change of a person's lessons today; over `max` is a 429 lesson_changes_limit. Returns the undo. */
async function countChange(db: Db, key: string, max: number, now: Date): Promise<() => Promise<void>> {
  const limit = { key, max, windowSeconds: 86_400 };
  const r = await hit(db, limit, now);
  if (!r.allowed) throw new ApiError(429, 'lesson_changes_limit', undefined, r.retryAfter);
  return () => unhit(db, limit, now);
}

export type Lesson = typeof lessons.$inferSelect;
type User = Pick<typeof users.$inferSelect, 'id' | 'scope' | 'role'>;

const MIN = 60_000;

/** Why `start` is not free now: taken by someone (409 slot_taken) or not offered (409 slot_unavailable). */
async function assertFree(db: Db, tutorId: number, start: Date, now: Date, ignoreLessonId?: number) {
  const rules = await getSchedule(db, tutorId);
  const busy = (await busyTimes(db, [tutorId], now, new Date(now.getTime() + (rules.horizonDays + 1) * 86_400_000), now)).get(tutorId) ?? [];
  const own = ignoreLessonId ? await db.select({ s: lessons.startsAt, e: lessons.endsAt }).from(lessons).where(eq(lessons.id, ignoreLessonId)) : [];
  const others = busy.filter((b) => !own.some((o) => o.s.getTime() === b.start && o.e.getTime() === b.end));
  const at = start.getTime();
  if (freeSlots(rules, others, now).some((s) => s.getTime() === at)) return;
  if (freeSlots(rules, [], now).some((s) => s.getTime() === at)) throw new ApiError(409, 'slot_taken');
  throw new ApiError(409, 'slot_unavailable');
}

/** Expired holds of this tutor around `start` go first, so they never block the insert. */
export async function dropExpiredHolds(db: Db, tutorId: number, start: Date, end: Date, now: Date) {
  await db
    .delete(lessons)
    .where(and(eq(lessons.tutorId, tutorId), eq(lessons.status, 'hold'), lte(lessons.holdExpiresAt, now), lt(lessons.startsAt, end), gt(lessons.endsAt, start)));
}

/** Maps the database's refusals to the caller's 409s. */
function refusal(err: unknown): never {
  const { code, constraint } = dbErrorInfo(err);
  if (code === '23P01') throw new ApiError(409, 'slot_taken');
  if (code === '23505' && constraint === 'lessons_one_trial_uq') throw new ApiError(409, 'trial_already_booked');
  if (code === '23505' && constraint === 'lessons_one_trial_tutor_uq') throw new ApiError(409, 'trial_with_tutor_booked');
  throw err;
}

async function requireBookable(db: Db, tutorId: number) {
  const tutor = await bookableTutor(db, tutorId);
  if (!tutor) throw new ApiError(404, 'not_found');
  return tutor;
}

/** The subjects a tutor can be booked for: the published profile's, and the registration's subject. */
export async function tutorSubjects(db: Db, tutor: { id: number; subject: string | null }): Promise<string[]> {
  const [profile] = await db.select({ published: tutorProfiles.published }).from(tutorProfiles).where(eq(tutorProfiles.userId, tutor.id)).limit(1);
  return [...new Set([...(profile?.published?.subjects ?? []), ...(tutor.subject ? [tutor.subject] : [])])];
}

/**
 * Holds a slot on the way to booking. The hold is a lesson row in status `hold`, under the same
 * exclusion constraint: nobody else can take the slot meanwhile. Returns the secret token the
 * visitor brings back to book it. A visitor without an account (`student` absent) gets
 * GUEST_HOLD_MINUTES, and only while the tutor has fewer than GUEST_HOLDS_PER_TUTOR live guest
 * holds (409 holds_busy: sign in first, then book directly); a signed-in student gets HOLD_MINUTES.
 */
export async function holdSlot(
  db: Db,
  tutorId: number,
  startsAt: Date,
  now = new Date(),
  caller?: { ipHash: string; rangeHash: string },
  student?: Pick<User, 'id' | 'scope'> | null,
) {
  if (student && !hasUserScope(student.scope, 'student')) throw new ApiError(403, 'not_student');
  // Holds block slots for everyone: a few per visitor, so nobody can hold a tutor's whole week.
  if (caller) {
    await enforceLimits(db, [
      { key: `booking:hold:ip:${caller.ipHash}`, max: 5, windowSeconds: 600 },
      { key: `booking:hold:range:${caller.rangeHash}`, max: 30, windowSeconds: 600 },
      ...(student ? [{ key: `booking:hold:user:${student.id}`, max: 5, windowSeconds: 600 }] : []),
    ]);
  }
  const tutor = await requireBookable(db, tutorId);
  await assertFree(db, tutorId, startsAt, now);
  const token = opaqueToken(24);
  const endsAt = new Date(startsAt.getTime() + TRIAL_MINUTES * MIN);
  const expiresAt = new Date(now.getTime() + (student ? HOLD_MINUTES : GUEST_HOLD_MINUTES) * MIN);
  try {
    await transaction(db, async (tx) => {
      if (!student) {
        // The tutor's row is the lock: parallel guest holds of one tutor are counted one at a time.
        await tx.execute(sql`select id from ${users} where ${users.id} = ${tutorId} for update`);
        const [live] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(lessons)
          .where(and(eq(lessons.tutorId, tutorId), eq(lessons.status, 'hold'), isNull(lessons.studentId), gt(lessons.holdExpiresAt, now)));
        if ((live?.n ?? 0) >= GUEST_HOLDS_PER_TUTOR) throw new ApiError(409, 'holds_busy');
      }
      await dropExpiredHolds(tx, tutorId, startsAt, endsAt, now);
      await tx.insert(lessons).values({ tutorId, studentId: student?.id ?? null, subject: tutor.subject ?? 'language', status: 'hold', startsAt, endsAt, holdTokenHash: tokenHash(token), holdExpiresAt: expiresAt });
    });
  } catch (err) {
    refusal(err);
  }
  slotsChanged();
  return { holdToken: token, expiresAt };
}

export interface BookInput {
  tutorId: number;
  startsAt: Date;
  subject: string;
  idempotencyKey: string;
  holdToken?: string;
}

/**
 * What a feature does once a trial is stored (the route passes the sales pipeline's
 * lib/leads/trial-bookings.ts trialBookedLead): a failure is logged, never the booking's.
 * The lesson does not call the features above it; they hand it their step.
 */
export type AfterTrialBooked = (db: Db, trial: { studentId: number; lessonId: number; tutorName: string; startsAt: Date; page: string }, now: Date) => Promise<unknown>;

/**
 * Books a free trial lesson for a signed-in student. The database decides: the exclusion
 * constraint refuses an overlapping lesson of the tutor (409 slot_taken), the partial unique index
 * a second live trial of the student in the subject (409 trial_already_booked) or with the tutor
 * (409 trial_with_tutor_booked); the subject must be one the tutor teaches (422 subject_not_offered); and the unique
 * (student, idempotency key) makes a retried request answer the lesson it booked.
 */
export async function bookTrial(db: Db, student: User, input: BookInput, now = new Date(), afterBooked?: AfterTrialBooked): Promise<{ lesson: Lesson; replayed: boolean }> {
  if (!hasUserScope(student.scope, 'student')) throw new ApiError(403, 'not_student');
  const replay = async () => {
    const [row] = await db
      .select()
      .from(lessons)
      .where(and(eq(lessons.studentId, student.id), eq(lessons.idempotencyKey, input.idempotencyKey)))
      .limit(1);
    return row;
  };
  const earlier = await replay();
  if (earlier) return { lesson: earlier, replayed: true };
  const tutor = await requireBookable(db, input.tutorId);
  // A trial is in one of the tutor's subjects (security review L2: any of the ten was accepted, so
  // one student held a trial per subject with one tutor); one live trial per tutor is the index's.
  const offered = await tutorSubjects(db, tutor);
  if (offered.length > 0 && !offered.includes(input.subject)) throw new ApiError(422, 'subject_not_offered');
  // Only bookings that happen count (a refused one is taken back below).
  const undo = await countChange(db, `booking:book:user:${student.id}`, BOOKINGS_PER_DAY, now);
  const endsAt = new Date(input.startsAt.getTime() + TRIAL_MINUTES * MIN);
  const values = { tutorId: input.tutorId, studentId: student.id, subject: input.subject, status: 'booked' as const, startsAt: input.startsAt, endsAt, idempotencyKey: input.idempotencyKey, holdTokenHash: null, holdExpiresAt: null, updatedAt: now };
  try {
    const lesson = await transaction(db, async (tx) => {
      let row: Lesson | undefined;
      if (input.holdToken) {
        // The visitor's own hold (even a just-expired one, while nobody took the slot) becomes the lesson.
        [row] = await tx
          .update(lessons)
          .set(values)
          .where(and(eq(lessons.tutorId, input.tutorId), eq(lessons.startsAt, input.startsAt), eq(lessons.status, 'hold'), eq(lessons.holdTokenHash, tokenHash(input.holdToken))))
          .returning();
      }
      if (!row) {
        await assertFree(tx, input.tutorId, input.startsAt, now);
        await dropExpiredHolds(tx, input.tutorId, input.startsAt, endsAt, now);
        [row] = await tx.insert(lessons).values(values).returning();
      }
      await notifyLesson(tx, row!, 'booked');
      return row!;
    });
    slotsChanged();
    // With the lesson stored, sales see it in the pipeline (never at the booking's expense).
    if (afterBooked) try {
      await afterBooked(db, { studentId: student.id, lessonId: lesson.id, tutorName: [tutor.name, tutor.lastname].filter(Boolean).join(' '), startsAt: lesson.startsAt, page: `/book/${input.tutorId}` }, now);
    } catch (err) {
      console.error(`[booking] lesson #${lesson.id} not in the sales pipeline:`, errorForLog(err));
    }
    return { lesson, replayed: false };
  } catch (err) {
    await undo();
    // The same key committed by a parallel call is that call's lesson, whichever check refused this
    // one first (the application's free-slot check, the no-overlap constraint, the one-trial index or
    // the key's own: on PostgreSQL the order in which they fire is not fixed).
    const same = await replay();
    if (same) return { lesson: same, replayed: true };
    refusal(err);
  }
}

/** The lesson, if `user` is its student or its tutor (404 otherwise: no hint that it exists). */
async function ownLesson(db: Db, user: User, id: number): Promise<{ lesson: Lesson; side: 'student' | 'tutor' }> {
  const [lesson] = await db.select().from(lessons).where(eq(lessons.id, id)).limit(1);
  if (lesson && lesson.status !== 'hold') {
    if (lesson.studentId === user.id) return { lesson, side: 'student' };
    if (lesson.tutorId === user.id) return { lesson, side: 'tutor' };
  }
  throw new ApiError(404, 'not_found');
}

/** A trial is cancelled or moved up to CANCEL_DEADLINE_MINUTES before its start, a paid lesson up to PAID_CANCEL_DEADLINE_MINUTES (the published rules). */
const deadlineMinutes = (lesson: Lesson) => (lesson.kind === 'paid' ? PAID_CANCEL_DEADLINE_MINUTES : CANCEL_DEADLINE_MINUTES);
const beforeDeadline = (lesson: Lesson, now: Date) => lesson.startsAt.getTime() - now.getTime() >= deadlineMinutes(lesson) * MIN;

/**
 * Cancels by either side up to the deadline before the start; later a trial stands (409
 * cancel_too_late). A paid lesson may still be cancelled until its start: in time, or by the tutor,
 * the lesson goes back to the package; by the student later, it is spent and counts as taught (offer
 * 4.3, tutor rules 3.6), in the cancel's transaction (lib/lessons/money.ts). A lesson an
 * employee booked from their company's pool follows the same rules, its lesson going back to the
 * employee; an older lesson staff linked to the pool gives it back whoever cancels.
 */
export async function cancelLesson(db: Db, user: User, id: number, now = new Date(), opts: { forRefund?: boolean } = {}): Promise<Lesson> {
  const { lesson, side } = await ownLesson(db, user, id);
  // A group's lesson is cancelled or moved for the whole group by the school (lib/groups), never here.
  if (lesson.kind === 'group') throw new ApiError(409, 'group_lesson');
  if (lesson.status !== 'booked') throw new ApiError(409, 'lesson_state');
  if (lesson.kind === 'paid' ? lesson.startsAt <= now : !beforeDeadline(lesson, now)) throw new ApiError(409, 'cancel_too_late');
  const late = side === 'tutor' && lesson.startsAt.getTime() - now.getTime() < TUTOR_LATE_CANCEL_MINUTES * MIN;
  // A refund cancels the package's booked lessons the rule gives back (lib/payments/refunds.ts): not
  // the student's own cancels, so not counted against their daily cancels.
  const undo = opts.forRefund ? async () => {} : await countChange(db, `lesson:cancel:${side}:${user.id}`, side === 'tutor' ? TUTOR_CANCELS_PER_DAY : STUDENT_CANCELS_PER_DAY, now);
  const cancelled = await transaction(db, async (tx) => {
    const [row] = await tx
      .update(lessons)
      .set({ status: 'cancelled', cancelledAt: now, cancelledBy: side, lateCancel: late, sequence: sql`${lessons.sequence} + 1`, updatedAt: now })
      .where(and(eq(lessons.id, id), eq(lessons.status, 'booked')))
      .returning();
    if (!row) throw new ApiError(409, 'lesson_state');
    // A paid lesson, from a package or from a company's pool (docs/payments.md): back, or spent and earned, by the rules.
    if (row.kind === 'paid') await cancelLessonMoney(tx, row, side, now);
    // An older lesson staff linked to a company (never a paid one): the employee's pool lesson goes back.
    else if (row.companyEmployeeId !== null) await syncLessonPoolSpend(tx, row.id, null);
    await notifyLesson(tx, row, 'cancelled');
    return row;
  }).catch(async (err: unknown) => {
    await undo();
    throw err;
  });
  slotsChanged();
  return cancelled;
}

/** Moves the lesson to another free slot of the same tutor, up to the same deadline. */
export async function rescheduleLesson(db: Db, user: User, id: number, startsAt: Date, now = new Date()): Promise<Lesson> {
  const { lesson } = await ownLesson(db, user, id);
  if (lesson.kind === 'group') throw new ApiError(409, 'group_lesson');
  if (lesson.status !== 'booked') throw new ApiError(409, 'lesson_state');
  if (!beforeDeadline(lesson, now)) throw new ApiError(409, 'cancel_too_late');
  // A booked lesson's sequence counts its moves (a cancel ends it).
  if (lesson.sequence >= MAX_MOVES_PER_LESSON) throw new ApiError(409, 'reschedule_limit');
  await assertFree(db, lesson.tutorId, startsAt, now, lesson.id);
  const endsAt = new Date(startsAt.getTime() + (lesson.kind === 'paid' ? PAID_LESSON_MINUTES : TRIAL_MINUTES) * MIN);
  if (lesson.packageId !== null) {
    // A paid lesson moves within its package's validity (it keeps the lesson it took).
    const [pkg] = await db.select({ validUntil: lessonPackages.validUntil }).from(lessonPackages).where(eq(lessonPackages.id, lesson.packageId)).limit(1);
    if (!pkg || pkg.validUntil < endsAt) throw new ApiError(409, 'package_expired');
  }
  try {
    const moved = await transaction(db, async (tx) => {
      await dropExpiredHolds(tx, lesson.tutorId, startsAt, endsAt, now);
      const [row] = await tx
        .update(lessons)
        .set({ startsAt, endsAt, sequence: sql`${lessons.sequence} + 1`, remindedDayAt: null, remindedHourAt: null, updatedAt: now })
        .where(and(eq(lessons.id, id), eq(lessons.status, 'booked'), eq(lessons.sequence, lesson.sequence)))
        .returning();
      if (!row) throw new ApiError(409, 'lesson_state');
      await notifyLesson(tx, row, 'rescheduled');
      return row;
    });
    slotsChanged();
    return moved;
  } catch (err) {
    refusal(err);
  }
}

/** The student's short rating of a held lesson, once. */
export async function rateLesson(db: Db, user: User, id: number, rating: number, comment: string | undefined, now = new Date()) {
  const { lesson, side } = await ownLesson(db, user, id);
  if (side !== 'student') throw new ApiError(404, 'not_found');
  if (lesson.status !== 'held' || lesson.rating !== null) throw new ApiError(409, 'lesson_state');
  const [row] = await db
    .update(lessons)
    .set({ rating, ratingComment: comment || null, updatedAt: now })
    .where(and(eq(lessons.id, id), eq(lessons.status, 'held'), sql`${lessons.rating} is null`))
    .returning();
  if (!row) throw new ApiError(409, 'lesson_state');
  return row;
}

/**
 * Both sides' lessons (no holds), soonest upcoming first, then the past ones newest first. A student's
 * include the group lessons their seats sat in (lib/lessons/group-money.ts `seatedIn`); a group
 * lesson names its group (subject, level, how many students) instead of the other person.
 */
export async function listLessons(db: Db, user: User, now = new Date(), locale?: string) {
  const tutor = user.role === 'tutor';
  const other = tutor ? lessons.studentId : lessons.tutorId;
  const rows = await db
    .select({ lesson: lessons, otherName: users.name, otherLastname: users.lastname, reportLevel: lessonReports.level, present: lessonStudentFacts.present, ...lessonGroupColumns })
    .from(lessons)
    .leftJoin(users, eq(users.id, other))
    // The report's row of the lesson's student, or of this student in a group lesson (the tutor's side
    // joins none for a group lesson: it has a row per student, and the lesson would repeat).
    .leftJoin(lessonReports, and(eq(lessonReports.lessonId, lessons.id), tutor ? eq(lessonReports.studentId, lessons.studentId) : eq(lessonReports.studentId, user.id)))
    // A group lesson's fact of this student (present or not); none on the tutor's side.
    .leftJoin(lessonStudentFacts, and(eq(lessonStudentFacts.lessonId, lessons.id), tutor ? sql`false` : eq(lessonStudentFacts.studentId, user.id)))
    .leftJoin(groups, eq(groups.id, lessons.groupId))
    .where(and(tutor ? eq(lessons.tutorId, user.id) : or(eq(lessons.studentId, user.id), seatedIn(user.id)), ne(lessons.status, 'hold')))
    .orderBy(lessons.startsAt)
    .limit(500);
  const view = (r: (typeof rows)[number]) => ({
    id: r.lesson.id,
    tutorId: r.lesson.tutorId,
    subject: r.lesson.subject,
    status: r.lesson.status,
    startsAt: r.lesson.startsAt.toISOString(),
    endsAt: r.lesson.endsAt.toISOString(),
    with: [r.otherName, r.otherLastname].filter(Boolean).join(' '),
    /** Who the other side is, so the list can say "Tutor: …" or "Student: …". */
    withRole: user.role === 'tutor' ? ('student' as const) : ('tutor' as const),
    /** `paid`: from a package (its deadline is PAID_CANCEL_DEADLINE_MINUTES; later, the student's cancel spends the lesson). */
    kind: r.lesson.kind,
    packageId: r.lesson.packageId,
    /** A lesson the student booked from their employer's lessons: the roster row (the student's side only), for its 50-minute slots when moved. */
    employeeId: user.role !== 'tutor' && r.lesson.kind === 'paid' && r.lesson.packageId === null && r.lesson.poolTutorPrice !== null ? r.lesson.companyEmployeeId : null,
    deadlineHours: deadlineMinutes(r.lesson) / 60,
    /** A group's lesson (its group's id): the school moves or cancels it for the whole group. */
    groupId: r.lesson.groupId,
    /** A group's lesson: its group as the lists name it and how many students sat in it. */
    group: lessonGroupView(r.lesson, r),
    cancellable: r.lesson.kind !== 'group' && r.lesson.status === 'booked' && beforeDeadline(r.lesson, now),
    /** Booked, not started, past the deadline: it can no longer be cancelled or moved (a group's lesson never could, by its people). */
    stands: r.lesson.kind !== 'group' && r.lesson.status === 'booked' && r.lesson.startsAt > now && !beforeDeadline(r.lesson, now),
    /** A paid lesson past the deadline, not started: the student may still cancel it, and the lesson is spent. */
    lateCancellable: user.role !== 'tutor' && r.lesson.kind === 'paid' && r.lesson.status === 'booked' && r.lesson.startsAt > now && !beforeDeadline(r.lesson, now),
    /** The tutor may mark (correct) the outcome: from the start to CORRECTION_DAYS after the end. */
    markable:
      user.role === 'tutor' &&
      ['booked', 'held', 'not_held'].includes(r.lesson.status) &&
      r.lesson.startsAt <= now &&
      now.getTime() <= r.lesson.endsAt.getTime() + CORRECTION_DAYS * 86_400_000,
    /** The lesson's record (chat, notes, words, board, report) once it has started: /lesson/{id}/record. */
    record: r.lesson.status !== 'cancelled' && r.lesson.startsAt <= now ? localePath(locale ?? 'ru', `/lesson/${r.lesson.id}/record`) : null,
    /** The level of the tutor's report, when one was filed. */
    reportLevel: r.reportLevel,
    rateable: user.role !== 'tutor' && r.lesson.kind !== 'group' && r.lesson.status === 'held' && r.lesson.rating === null,
    /** A group lesson the group held without this student: their own no-show. */
    noShow: r.lesson.noShow ?? (r.present === false ? ('student' as const) : null),
    rating: r.lesson.rating,
    cancelledBy: r.lesson.cancelledBy,
    /** The way into a booked lesson and its calendar file (until it has ended). */
    links: r.lesson.status === 'booked' && r.lesson.endsAt > now ? lessonLinks(r.lesson.id, user.role === 'tutor' ? 'tutor' : 'student', locale) : null,
  });
  const upcoming = rows.filter((r) => r.lesson.endsAt > now && r.lesson.status === 'booked').map(view);
  const past = rows.filter((r) => !(r.lesson.endsAt > now && r.lesson.status === 'booked')).reverse().map(view);
  return { upcoming, past, deadlineHours: CANCEL_DEADLINE_MINUTES / 60 };
}

/**
 * The tutor's week in Almaty time, Monday `weekStart` to Sunday: each day's available ranges
 * (weekly rules, nothing on a date off) and the lessons (booked, held or not held; cancelled ones
 * are left out), with the student's name or, for a group lesson, its group.
 */
export async function tutorWeek(db: Db, tutorId: number, weekStart: string) {
  const rules = await getSchedule(db, tutorId);
  const from = schoolInstant(weekStart, 0);
  const to = schoolInstant(addDays(weekStart, 7), 0);
  const rows = await db
    .select({ id: lessons.id, status: lessons.status, startsAt: lessons.startsAt, endsAt: lessons.endsAt, subject: lessons.subject, groupId: lessons.groupId, name: users.name, lastname: users.lastname, ...lessonGroupColumns })
    .from(lessons)
    .leftJoin(users, eq(users.id, lessons.studentId))
    .leftJoin(groups, eq(groups.id, lessons.groupId))
    .where(and(eq(lessons.tutorId, tutorId), ne(lessons.status, 'hold'), ne(lessons.status, 'cancelled'), lt(lessons.startsAt, to), gt(lessons.endsAt, from)))
    .orderBy(lessons.startsAt)
    .limit(400);
  const days = Array.from({ length: 7 }, (_, i) => {
    const date = addDays(weekStart, i);
    const off = rules.daysOff.includes(date);
    const ranges = off ? [] : (rules.weekly[String(isoWeekday(date)) as keyof typeof rules.weekly] ?? []);
    const dayLessons = rows
      .filter((r) => schoolDate(r.startsAt) === date)
      .map((r) => ({ id: r.id, status: r.status, subject: r.subject, startsAt: r.startsAt.toISOString(), endsAt: r.endsAt.toISOString(), with: [r.name, r.lastname].filter(Boolean).join(' '), groupId: r.groupId, group: lessonGroupView(r, r) }));
    return { date, off, ranges, lessons: dayLessons };
  });
  return { weekStart, days };
}

/** The keyed calendar file of a lesson for one side (lib/lessons/links.ts icsPath), or null. */
export async function lessonCalendar(db: Db, id: number, side: string | null, key: string | null): Promise<string | null> {
  if (!validIcsKey(id, side, key)) return null;
  const [lesson] = await db.select().from(lessons).where(eq(lessons.id, id)).limit(1);
  if (!lesson || lesson.status === 'hold') return null;
  return lessonIcsFor(db, lesson, side);
}

/** What a side needs to get to a lesson: the room link and the calendar file. */
export const lessonLinks = (id: number, side: 'student' | 'tutor', locale?: string) => ({ room: roomUrl(id, locale), ics: icsPath(id, side) });
