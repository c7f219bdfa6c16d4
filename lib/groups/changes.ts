import 'server-only';
// When a group does not start or changes (docs/payments.md, "Group seats"): the school cancels a
// group (every student refunded what is not yet held: in full before the start) or merges it into
// another (every student moved, refunded what the move leaves over), moves one student to another
// group, moves one of a group's lessons for everyone or cancels it and gives it back. Every student
// is told by SMS and e-mail; the refunds go to the card through lib/payments (sendRefund, and the
// job that retries it), each with its return receipt.
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { ApiError } from '@/lib/api/errors';
import { audit, type Actor } from '@/lib/audit/log';
import { groups, groupSeats, groupWaitlist, lessons } from '@/lib/db/schema';
import { dbErrorInfo } from '@/lib/db/errors';
import { transaction } from '@/lib/db/transaction';
import type { Db } from '@/lib/db/types';
import { carryCorporateSeat, returnCorporateSeat, seatBalance } from '@/lib/lessons/group-money';
import { notifyLesson } from '@/lib/lessons/notify';
import { groupsChanged, slotsChanged } from '@/lib/lessons/revalidate';
import { movedSeatPrice } from '@/lib/money/model';
import { openRefund, type Refund } from '@/lib/money/refunds';
import { tellStudents } from './notify';
import { seatMoney } from './seats';
import { groupLessons, lessonsAhead, lockGroup, onSale, seatsTaken, type Group, type GroupLesson, type Seat } from './state';
import { offerFreedSeats } from './waitlist';

export interface GroupChange {
  group: Group;
  refunds: Refund[];
}

/** The group's paid seats (the students it is for). */
const paidSeats = (tx: Db, groupId: number) => tx.select().from(groupSeats).where(and(eq(groupSeats.groupId, groupId), eq(groupSeats.status, 'paid'))).orderBy(groupSeats.id);

/** Holds and offers given up, the waitlist closed, the lessons not started cancelled: a group that ends before its time. */
async function closeGroup(tx: Db, group: Group, now: Date): Promise<void> {
  await tx
    .update(groupSeats)
    .set({ status: 'cancelled', heldUntil: null, endedAt: now, endReason: 'group_cancelled', updatedAt: now })
    .where(and(eq(groupSeats.groupId, group.id), eq(groupSeats.status, 'held')));
  await tx.update(groupWaitlist).set({ status: 'left', updatedAt: now }).where(and(eq(groupWaitlist.groupId, group.id), inArray(groupWaitlist.status, ['waiting', 'offered'])));
  await tx
    .update(lessons)
    .set({ status: 'cancelled', cancelledAt: now, sequence: sql`${lessons.sequence} + 1`, updatedAt: now })
    .where(and(eq(lessons.groupId, group.id), inArray(lessons.status, ['hold', 'booked']), gt(lessons.startsAt, now)));
}

/**
 * Gives a paid seat's money back by the leaving rule (what is not yet held) and ends it: `refunded`
 * with `reason`. A card seat's goes to the card (a refund); a corporate seat's to its company's group
 * money (`companyId`, the group's company), for its other seats.
 */
async function refundSeat(tx: Db, seat: Seat, companyId: number | null, reason: string, now: Date): Promise<{ refund: Refund | null; amountTiyn: number }> {
  const money = await seatMoney(tx, seat, now);
  await tx.update(groupSeats).set({ status: 'refunded', heldUntil: null, endedAt: now, endReason: reason, updatedAt: now }).where(eq(groupSeats.id, seat.id));
  if (money.backTiyn <= 0) return { refund: null, amountTiyn: 0 };
  if (seat.orderId === null) {
    await returnCorporateSeat(tx, seat.id, companyId!, money.backTiyn);
    return { refund: null, amountTiyn: money.backTiyn };
  }
  const refund = await openRefund(tx, { orderId: seat.orderId, studentId: seat.studentId, amountTiyn: money.backTiyn, lessons: money.backLessons, groupSeatId: seat.id }, now);
  return { refund, amountTiyn: money.backTiyn };
}

/**
 * Cancels a group (staff, or the job for a group under its minimum two days before its start):
 * every paid seat gets back what is not yet held (before the start: everything it paid), holds and
 * the waitlist end, the lessons not started are cancelled, every student is told with their amount.
 * 409 `group_state` for a group already cancelled or finished. Audited `group.cancel`.
 */
export async function cancelGroup(db: Db, actor: Actor, groupId: number, reason: string, now = new Date()): Promise<GroupChange> {
  const out = await transaction(db, async (tx) => {
    const group = await lockGroup(tx, groupId);
    if (group.status === 'cancelled' || group.status === 'finished') throw new ApiError(409, 'group_state');
    const refunds: Refund[] = [];
    for (const seat of await paidSeats(tx, groupId)) {
      const r = await refundSeat(tx, seat, group.companyId, 'group_cancelled', now);
      if (r.refund) refunds.push(r.refund);
      // An employee's seat: the company's money went back to the company, nothing to the employee's card.
      await tellStudents(tx, group, [seat.studentId], seat.orderId === null ? 'company_cancelled' : 'cancelled', { amountTiyn: r.amountTiyn, reason }, now);
    }
    await closeGroup(tx, group, now);
    const [row] = await tx.update(groups).set({ status: 'cancelled', cancelReason: reason, cancelledAt: now, updatedAt: now }).where(eq(groups.id, groupId)).returning();
    await audit(tx, actor, { action: 'group.cancel', entity: 'group', entityId: groupId, before: { status: group.status }, after: { status: 'cancelled', reason, refunds: refunds.length } });
    return { group: row!, refunds };
  });
  slotsChanged();
  groupsChanged();
  return out;
}

/**
 * Moves one paid seat into `into` (its group's row and `into`'s are locked by the caller): the old
 * seat `moved`, a new paid seat in `into` for its lessons ahead, keeping the seat's order (its money
 * and its refunds stay that payment's). The price of a lesson there is the lower of the two groups'
 * and what the seat's money spreads to (lib/money/model.ts movedSeatPrice): the student never pays
 * more, and what is left over is refunded. A corporate seat's money (no order) moves the same way
 * onto the new seat's account, and what is left over goes back to the company's group money. A
 * student who already has a seat there is refunded instead.
 */
async function moveOneSeat(tx: Db, seat: Seat, from: Group, into: Group, reason: 'merged' | 'moved', now: Date): Promise<{ seat: Seat | null; refund: Refund | null; refundTiyn: number }> {
  const [already] = await tx
    .select({ id: groupSeats.id })
    .from(groupSeats)
    .where(and(eq(groupSeats.groupId, into.id), eq(groupSeats.studentId, seat.studentId), inArray(groupSeats.status, ['held', 'paid'])))
    .limit(1);
  if (already) {
    const r = await refundSeat(tx, seat, from.companyId, reason, now);
    return { seat: null, refund: r.refund, refundTiyn: r.amountTiyn };
  }
  const left = await lessonsAhead(tx, into.id, now);
  const money = await seatMoney(tx, seat, now);
  const price = movedSeatPrice(money.backTiyn, seat.perLessonTiyn, into.pricePerLessonTiyn, left);
  await tx.update(groupSeats).set({ status: 'moved', heldUntil: null, endedAt: now, endReason: reason, updatedAt: now }).where(eq(groupSeats.id, seat.id));
  const [moved] = await tx
    .insert(groupSeats)
    .values({
      groupId: into.id,
      studentId: seat.studentId,
      status: 'paid',
      orderId: seat.orderId,
      lessons: left,
      perLessonTiyn: price.perLessonTiyn,
      amountTiyn: price.totalTiyn,
      coversFrom: now,
      movedFromSeatId: seat.id,
      companyEmployeeId: seat.companyEmployeeId,
      paidAt: now,
      createdAt: now,
    })
    .returning();
  if (seat.orderId === null) {
    await carryCorporateSeat(tx, seat.id, moved!.id, price.totalTiyn);
    const back = await returnCorporateSeat(tx, seat.id, from.companyId!, price.refundTiyn);
    return { seat: moved!, refund: null, refundTiyn: back };
  }
  const refund = price.refundTiyn > 0 ? await openRefund(tx, { orderId: seat.orderId, studentId: seat.studentId, amountTiyn: price.refundTiyn, lessons: 0, groupSeatId: moved!.id }, now) : null;
  return { seat: moved!, refund, refundTiyn: refund ? price.refundTiyn : 0 };
}

/** Locks two groups in the order of their ids (every pair of locks is taken the same way round: no deadlock). */
async function lockPair(tx: Db, a: number, b: number): Promise<[Group, Group]> {
  if (a === b) throw new ApiError(422, 'validation_failed', { into: 'invalid_value' });
  const first = await lockGroup(tx, Math.min(a, b));
  const second = await lockGroup(tx, Math.max(a, b));
  return a < b ? [first, second] : [second, first];
}

/** `into` can take `n` more students of `from`: on sale with lessons ahead, the same subject and company, and room. */
async function checkTarget(tx: Db, from: Group, into: Group, n: number, now: Date): Promise<void> {
  if (!onSale(into) || (await lessonsAhead(tx, into.id, now)) === 0) throw new ApiError(409, 'group_not_open');
  if (into.subject !== from.subject || into.companyId !== from.companyId) throw new ApiError(422, 'validation_failed', { into: 'invalid_value' });
  if ((await seatsTaken(tx, into.id, now)) + n > into.maxSeats) throw new ApiError(409, 'group_full');
}

/**
 * Merges a group into another (staff: a group under its minimum, or two small ones): every paid seat
 * moves to `into` (moveOneSeat), `from` is cancelled with its holds, waitlist and lessons not started,
 * every moved student is told with the new group's dates (and the refund a move leaves over); a
 * student who would rather not stay leaves `into` with everything not yet held back (leaveGroup).
 * 409 `group_full` when `into` has no room for them all, `group_not_open` when it is not on sale, 422
 * for another subject or company. Audited `group.merge`.
 */
export async function mergeGroup(db: Db, actor: Actor, fromId: number, intoId: number, now = new Date()): Promise<GroupChange & { into: Group; moved: number }> {
  const out = await transaction(db, async (tx) => {
    const [from, into] = await lockPair(tx, fromId, intoId);
    if (from.status === 'cancelled' || from.status === 'finished') throw new ApiError(409, 'group_state');
    const seats = await paidSeats(tx, fromId);
    await checkTarget(tx, from, into, seats.length, now);
    const intoLessons = await groupLessons(tx, into.id, now);
    const refunds: Refund[] = [];
    let moved = 0;
    for (const seat of seats) {
      const r = await moveOneSeat(tx, seat, from, into, 'merged', now);
      if (r.refund) refunds.push(r.refund);
      if (r.seat) moved++;
      if (seat.orderId === null) await tellStudents(tx, r.seat ? into : from, [seat.studentId], r.seat ? 'company_seat' : 'company_cancelled', { lessons: intoLessons, reason: '' }, now);
      else await tellStudents(tx, from, [seat.studentId], r.seat ? 'merged' : 'cancelled', { target: into, lessons: intoLessons, amountTiyn: r.refundTiyn, reason: '' }, now);
    }
    await closeGroup(tx, from, now);
    const [row] = await tx.update(groups).set({ status: 'cancelled', mergedIntoId: into.id, cancelReason: 'merged', cancelledAt: now, updatedAt: now }).where(eq(groups.id, fromId)).returning();
    await audit(tx, actor, { action: 'group.merge', entity: 'group', entityId: fromId, before: { status: from.status }, after: { status: 'cancelled', into: into.id, moved, refunds: refunds.length } });
    return { group: row!, into, refunds, moved };
  });
  slotsChanged();
  groupsChanged();
  return out;
}

/**
 * Moves one student's paid seat to another group (staff): the same rules as a merge, for one seat;
 * the place it frees is offered to the old group's waitlist. Audited `group.seat_move`.
 */
export async function moveSeat(db: Db, actor: Actor, seatId: number, intoId: number, now = new Date()): Promise<{ seat: Seat | null; refund: Refund | null }> {
  const [found] = await db.select().from(groupSeats).where(eq(groupSeats.id, seatId)).limit(1);
  if (!found) throw new ApiError(404, 'not_found');
  const out = await transaction(db, async (tx) => {
    const [from, into] = await lockPair(tx, found.groupId, intoId);
    const [seat] = await tx.select().from(groupSeats).where(and(eq(groupSeats.id, seatId), eq(groupSeats.status, 'paid'))).limit(1);
    if (!seat) throw new ApiError(409, 'group_state');
    await checkTarget(tx, from, into, 1, now);
    const r = await moveOneSeat(tx, seat, from, into, 'moved', now);
    const intoLessons = await groupLessons(tx, into.id, now);
    if (seat.orderId === null) await tellStudents(tx, into, [seat.studentId], 'company_seat', { lessons: intoLessons }, now);
    else await tellStudents(tx, from, [seat.studentId], 'merged', { target: into, lessons: intoLessons, amountTiyn: r.refundTiyn }, now);
    await offerFreedSeats(tx, from, now);
    await audit(tx, actor, { action: 'group.seat_move', entity: 'group', entityId: from.id, after: { seat: seatId, into: into.id, refundTiyn: r.refundTiyn } });
    return { seat: r.seat, refund: r.refund };
  });
  groupsChanged();
  return out;
}

async function groupLessonFor(tx: Db, lessonId: number): Promise<{ lesson: GroupLesson; group: Group }> {
  const [found] = await tx.select({ groupId: lessons.groupId }).from(lessons).where(and(eq(lessons.id, lessonId), eq(lessons.kind, 'group'))).limit(1);
  if (!found?.groupId) throw new ApiError(404, 'not_found');
  const group = await lockGroup(tx, found.groupId);
  const [lesson] = await tx.select().from(lessons).where(eq(lessons.id, lessonId)).for('update');
  return { lesson: lesson!, group };
}

/**
 * Cancels one lesson of a group for everyone (staff, for the school or the tutor), before it starts:
 * each seat it is for gets its price of a lesson back to the card (the lesson is returned; an
 * employee's seat, to its company's group money), the tutor is not paid for it, the tutor and every student are told (the lesson's .ics cancelled). 409
 * `lesson_state` for a lesson not booked or already started. Audited `group.lesson_cancel`.
 */
export async function cancelGroupLesson(db: Db, actor: Actor, lessonId: number, reason: string, now = new Date()): Promise<{ lesson: GroupLesson; refunds: Refund[] }> {
  const out = await transaction(db, async (tx) => {
    const { lesson, group } = await groupLessonFor(tx, lessonId);
    if (lesson.status !== 'booked' || lesson.startsAt <= now) throw new ApiError(409, 'lesson_state');
    const [row] = await tx
      .update(lessons)
      .set({ status: 'cancelled', cancelledAt: now, cancelledBy: 'tutor', sequence: sql`${lessons.sequence} + 1`, updatedAt: now })
      .where(eq(lessons.id, lessonId))
      .returning();
    const refunds: Refund[] = [];
    for (const seat of await paidSeats(tx, group.id)) {
      if (seat.perLessonTiyn <= 0 || seat.coversFrom > lesson.startsAt) continue;
      // An employee's seat: the lesson's price back to the company's group money.
      if (seat.orderId === null) await returnCorporateSeat(tx, seat.id, group.companyId!, Math.min(seat.perLessonTiyn, await seatBalance(tx, seat)));
      else refunds.push(await openRefund(tx, { orderId: seat.orderId, studentId: seat.studentId, amountTiyn: seat.perLessonTiyn, lessons: 1, groupSeatId: seat.id }, now));
    }
    await notifyLesson(tx, row!, 'cancelled');
    await audit(tx, actor, { action: 'group.lesson_cancel', entity: 'lesson', entityId: lessonId, after: { group: group.id, reason, refunds: refunds.length } });
    return { lesson: row!, refunds };
  });
  slotsChanged();
  groupsChanged();
  return out;
}

/**
 * Moves one lesson of a group for everyone (staff) to `startsAt`, before it starts and to a time in
 * the future: 409 `group_schedule_busy` when the tutor has a lesson then; the tutor and every
 * student told (the same calendar event moved). Audited `group.lesson_move`.
 */
export async function moveGroupLesson(db: Db, actor: Actor, lessonId: number, startsAt: Date, now = new Date()): Promise<GroupLesson> {
  try {
    const moved = await transaction(db, async (tx) => {
      const { lesson, group } = await groupLessonFor(tx, lessonId);
      if (lesson.status !== 'booked' || lesson.startsAt <= now || startsAt <= now) throw new ApiError(409, 'lesson_state');
      const endsAt = new Date(startsAt.getTime() + (lesson.endsAt.getTime() - lesson.startsAt.getTime()));
      const [row] = await tx
        .update(lessons)
        .set({ startsAt, endsAt, sequence: sql`${lessons.sequence} + 1`, remindedDayAt: null, remindedHourAt: null, updatedAt: now })
        .where(eq(lessons.id, lessonId))
        .returning();
      await notifyLesson(tx, row!, 'rescheduled');
      await audit(tx, actor, { action: 'group.lesson_move', entity: 'lesson', entityId: lessonId, before: { startsAt: lesson.startsAt.toISOString() }, after: { group: group.id, startsAt: startsAt.toISOString() } });
      return row!;
    });
    slotsChanged();
    groupsChanged();
    return moved;
  } catch (err) {
    if (dbErrorInfo(err).code === '23P01') throw new ApiError(409, 'group_schedule_busy');
    throw err;
  }
}
