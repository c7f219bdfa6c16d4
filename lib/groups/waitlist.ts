import 'server-only';
// A full group's waitlist (docs/payments.md, "Group seats"): students join it in order; when a seat
// frees (a hold lapses, a student leaves, a payment is declined), the first waiting is offered it: a
// seat held for them for WAITLIST_OFFER_HOURS, told by SMS and e-mail; they pay through the same
// checkout (their offer is their hold), or the offer lapses and the next one is offered.
import { and, asc, eq, inArray, lte, max, sql } from 'drizzle-orm';
import { ApiError } from '@/lib/api/errors';
import { hasUserScope } from '@/lib/auth/scope';
import { groupSeats, groupWaitlist } from '@/lib/db/schema';
import { transaction } from '@/lib/db/transaction';
import type { Db } from '@/lib/db/types';
import { groupsChanged } from '@/lib/lessons/revalidate';
import { groupSeatPrice } from '@/lib/money/model';
import { tellStudents } from './notify';
import { lessonsAhead, lockGroup, onSale, seatsTaken, type Group } from './state';

/** How long the first of the waitlist holds a freed seat: half a day, so an offer sent at night is seen in the morning. */
export const WAITLIST_OFFER_HOURS = 12;

export type WaitlistEntry = typeof groupWaitlist.$inferSelect;

/**
 * Joins a full group's waitlist (or answers the student's place in it). 409 `group_has_seats` while
 * a seat is free (buy it instead), `group_seat_taken` for a student with a seat, `group_not_open`
 * for a group not on sale; a closed corporate group is 404.
 */
export async function joinWaitlist(db: Db, student: { id: number; scope: string }, groupId: number, now = new Date()): Promise<WaitlistEntry> {
  if (!hasUserScope(student.scope, 'student')) throw new ApiError(403, 'not_student');
  return transaction(db, async (tx) => {
    const group = await lockGroup(tx, groupId);
    if (group.companyId !== null) throw new ApiError(404, 'not_found');
    if (!onSale(group) || (await lessonsAhead(tx, groupId, now)) === 0) throw new ApiError(409, 'group_not_open');
    const [seat] = await tx
      .select({ id: groupSeats.id })
      .from(groupSeats)
      .where(and(eq(groupSeats.groupId, groupId), eq(groupSeats.studentId, student.id), eq(groupSeats.status, 'paid')))
      .limit(1);
    if (seat) throw new ApiError(409, 'group_seat_taken');
    const [mine] = await tx
      .select()
      .from(groupWaitlist)
      .where(and(eq(groupWaitlist.groupId, groupId), eq(groupWaitlist.studentId, student.id), inArray(groupWaitlist.status, ['waiting', 'offered'])))
      .limit(1);
    if (mine) return mine;
    if ((await seatsTaken(tx, groupId, now)) < group.maxSeats) throw new ApiError(409, 'group_has_seats');
    const [last] = await tx.select({ n: max(groupWaitlist.position) }).from(groupWaitlist).where(eq(groupWaitlist.groupId, groupId));
    const [entry] = await tx
      .insert(groupWaitlist)
      .values({ groupId, studentId: student.id, position: (last?.n ?? 0) + 1, createdAt: now, updatedAt: now })
      .returning();
    return entry!;
  });
}

/** Leaves the waitlist (an offer given up frees its seat for the next one). */
export async function leaveWaitlist(db: Db, student: { id: number }, groupId: number, now = new Date()): Promise<void> {
  await transaction(db, async (tx) => {
    const group = await lockGroup(tx, groupId);
    const [mine] = await tx
      .update(groupWaitlist)
      .set({ status: 'left', updatedAt: now })
      .where(and(eq(groupWaitlist.groupId, groupId), eq(groupWaitlist.studentId, student.id), inArray(groupWaitlist.status, ['waiting', 'offered'])))
      .returning();
    if (!mine) throw new ApiError(404, 'not_found');
    if (mine.seatId !== null) {
      await tx
        .update(groupSeats)
        .set({ status: 'cancelled', heldUntil: null, endedAt: now, endReason: 'offer_declined', updatedAt: now })
        .where(and(eq(groupSeats.id, mine.seatId), eq(groupSeats.status, 'held')));
      await offerFreedSeats(tx, group, now);
    }
  });
  groupsChanged();
}

/**
 * Offers the group's free seats to the first waiting students, one seat each, in the caller's
 * transaction with the group's row locked: a seat held for WAITLIST_OFFER_HOURS (an `offer`, at the
 * price of the lessons ahead now), the entry `offered` until then, the student told. Returns the
 * entries offered. Nothing for a group not on sale.
 */
export async function offerFreedSeats(tx: Db, group: Group, now: Date): Promise<WaitlistEntry[]> {
  if (!onSale(group)) return [];
  const left = await lessonsAhead(tx, group.id, now);
  if (left === 0) return [];
  let free = group.maxSeats - (await seatsTaken(tx, group.id, now));
  if (free <= 0) return [];
  const waiting = await tx
    .select()
    .from(groupWaitlist)
    .where(and(eq(groupWaitlist.groupId, group.id), eq(groupWaitlist.status, 'waiting')))
    .orderBy(asc(groupWaitlist.position))
    .limit(free + 10);
  const price = groupSeatPrice(group.pricePerLessonTiyn, left);
  const until = new Date(now.getTime() + WAITLIST_OFFER_HOURS * 3_600_000);
  const offered: WaitlistEntry[] = [];
  for (const entry of waiting) {
    if (free <= 0) break;
    // A student who holds a seat of their own meanwhile does not need the offer.
    const [own] = await tx
      .select({ id: groupSeats.id })
      .from(groupSeats)
      .where(and(eq(groupSeats.groupId, group.id), eq(groupSeats.studentId, entry.studentId), inArray(groupSeats.status, ['held', 'paid'])))
      .limit(1);
    if (own) {
      await tx.update(groupWaitlist).set({ status: 'taken', seatId: own.id, updatedAt: now }).where(eq(groupWaitlist.id, entry.id));
      continue;
    }
    const [seat] = await tx
      .insert(groupSeats)
      .values({ groupId: group.id, studentId: entry.studentId, status: 'held', heldUntil: until, offer: true, lessons: price.lessons, perLessonTiyn: price.perLessonTiyn, amountTiyn: price.totalTiyn, coversFrom: now, createdAt: now })
      .returning();
    const [row] = await tx.update(groupWaitlist).set({ status: 'offered', seatId: seat!.id, offeredUntil: until, updatedAt: now }).where(eq(groupWaitlist.id, entry.id)).returning();
    await tellStudents(tx, group, [entry.studentId], 'offer', { until, hours: WAITLIST_OFFER_HOURS }, now);
    offered.push(row!);
    free--;
  }
  return offered;
}

/**
 * The job's pass over lapsed holds: a buyer's hold past its time is given up, a waitlist offer past
 * its time expires; each group that got a place back offers it to the next one waiting. Returns how
 * many holds were given up.
 */
export async function expireSeatHolds(db: Db, now = new Date()): Promise<number> {
  const due = await db
    .selectDistinct({ groupId: groupSeats.groupId })
    .from(groupSeats)
    .where(and(eq(groupSeats.status, 'held'), lte(groupSeats.heldUntil, now)))
    .limit(100);
  let n = 0;
  for (const { groupId } of due) {
    n += await transaction(db, async (tx) => {
      const group = await lockGroup(tx, groupId);
      const lapsed = await tx
        .update(groupSeats)
        .set({ status: 'cancelled', heldUntil: null, endedAt: now, endReason: sql`case when ${groupSeats.offer} then 'offer_lapsed' else 'lapsed' end`, updatedAt: now })
        .where(and(eq(groupSeats.groupId, groupId), eq(groupSeats.status, 'held'), lte(groupSeats.heldUntil, now)))
        .returning({ id: groupSeats.id });
      if (lapsed.length > 0) {
        await tx
          .update(groupWaitlist)
          .set({ status: 'expired', updatedAt: now })
          .where(and(eq(groupWaitlist.groupId, groupId), eq(groupWaitlist.status, 'offered'), inArray(groupWaitlist.seatId, lapsed.map((s) => s.id))));
      }
      await offerFreedSeats(tx, group, now);
      return lapsed.length;
    });
  }
  if (n > 0) groupsChanged();
  return n;
}

/** A student's entries in waitlists still live (the cabinet). */
export async function waitlistOf(db: Db, studentId: number): Promise<WaitlistEntry[]> {
  return db
    .select()
    .from(groupWaitlist)
    .where(and(eq(groupWaitlist.studentId, studentId), inArray(groupWaitlist.status, ['waiting', 'offered'])))
    .orderBy(asc(groupWaitlist.createdAt));
}
