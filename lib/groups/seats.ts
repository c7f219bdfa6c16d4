import 'server-only';
// Seats (docs/payments.md, "Group seats"): held while their buyer pays, paid when the bank's word
// comes, given up by a student who leaves. Every change of a group's seats takes the group's row
// lock first (lib/groups/state.ts lockGroup), so parallel buyers of the last seats are counted one
// at a time: a group never has more live seats than its maximum, and the buyer who finds it full is
// refused before paying. A payment that comes for a seat no longer there (the hold lapsed and the
// group filled) is refunded in full by the product.
import { and, desc, eq, inArray } from 'drizzle-orm';
import { ApiError } from '@/lib/api/errors';
import { hasUserScope } from '@/lib/auth/scope';
import { groupSeats, groupWaitlist, type paymentOrders } from '@/lib/db/schema';
import { transaction } from '@/lib/db/transaction';
import type { Db } from '@/lib/db/types';
import { seatBalance } from '@/lib/lessons/group-money';
import { groupsChanged } from '@/lib/lessons/revalidate';
import { groupSeatPrice } from '@/lib/money/model';
import { openRefund, type Refund } from '@/lib/money/refunds';
import { tellStudents } from './notify';
import { findGroup, groupLessons, lessonsAhead, lessonsInProgress, lockGroup, onSale, seatsTaken, type Group, type Seat } from './state';
import { offerFreedSeats } from './waitlist';

/** A seat is held this long while its buyer pays on the bank's page (the hosted page's own time and a margin). */
export const GROUP_HOLD_MINUTES = 20;

type Student = { id: number; scope: string };
type Order = typeof paymentOrders.$inferSelect;

export interface SeatHold {
  seat: Seat;
  group: Group;
  heldUntil: Date;
}

/** The student's live seat (held or paid) in a group, whatever its hold's time. */
async function liveSeatOf(tx: Db, groupId: number, studentId: number): Promise<Seat | undefined> {
  const [seat] = await tx
    .select()
    .from(groupSeats)
    .where(and(eq(groupSeats.groupId, groupId), eq(groupSeats.studentId, studentId), inArray(groupSeats.status, ['held', 'paid'])))
    .limit(1);
  return seat;
}

/**
 * Holds a seat for a student on the way to paying (GROUP_HOLD_MINUTES), priced at the group's price
 * per lesson × its lessons still ahead (joining a running group pays for the lessons left). With
 * the group's row locked: 409 `group_full` when its live seats (paid, or held and not lapsed) reach
 * its maximum, before any payment; 409 `group_seat_taken` for a student who has a paid seat; 409
 * `group_not_open` for a group not on sale or with no lessons ahead. A closed corporate group is 404
 * (its seats are HR's). The student's own hold is taken again (repriced, its time renewed), and a
 * waitlist's offer to this student is the hold (until the offer's end).
 */
export async function holdSeat(db: Db, student: Student, groupId: number, now = new Date()): Promise<SeatHold> {
  if (!hasUserScope(student.scope, 'student')) throw new ApiError(403, 'not_student');
  const hold = await transaction(db, async (tx) => {
    const group = await lockGroup(tx, groupId);
    if (group.companyId !== null) throw new ApiError(404, 'not_found');
    if (!onSale(group) || group.tutorId === student.id) throw new ApiError(409, 'group_not_open');
    const left = await lessonsAhead(tx, groupId, now);
    if (left === 0) throw new ApiError(409, 'group_not_open');
    const price = groupSeatPrice(group.pricePerLessonTiyn, left);
    const values = { lessons: price.lessons, perLessonTiyn: price.perLessonTiyn, amountTiyn: price.totalTiyn, coversFrom: now, updatedAt: now };
    const fresh = new Date(now.getTime() + GROUP_HOLD_MINUTES * 60_000);
    const mine = await liveSeatOf(tx, groupId, student.id);
    if (mine?.status === 'paid') throw new ApiError(409, 'group_seat_taken');
    if (mine && mine.heldUntil! > now) {
      // Their own hold again, or the waitlist's offer (held to the offer's end).
      const heldUntil = mine.offer || mine.heldUntil! > fresh ? mine.heldUntil! : fresh;
      const [seat] = await tx.update(groupSeats).set({ ...values, heldUntil }).where(eq(groupSeats.id, mine.id)).returning();
      return { seat: seat!, group, heldUntil };
    }
    if (mine) await endSeat(tx, mine.id, 'cancelled', 'lapsed', now);
    if ((await seatsTaken(tx, groupId, now)) >= group.maxSeats) throw new ApiError(409, 'group_full');
    const [seat] = await tx.insert(groupSeats).values({ groupId, studentId: student.id, status: 'held', heldUntil: fresh, ...values, createdAt: now }).returning();
    return { seat: seat!, group, heldUntil: fresh };
  });
  groupsChanged();
  return hold;
}

/** Ends a seat (held → cancelled, paid → refunded or moved), with why. */
async function endSeat(tx: Db, seatId: number, status: 'cancelled' | 'refunded' | 'moved', reason: string, now: Date): Promise<void> {
  await tx.update(groupSeats).set({ status, heldUntil: null, endedAt: now, endReason: reason, updatedAt: now }).where(eq(groupSeats.id, seatId));
}

/** The checkout stored its order for a held seat (the checkout's transaction): the payment that comes pays this seat. */
export async function attachSeatOrder(tx: Db, seatId: number, orderId: number): Promise<void> {
  await tx.update(groupSeats).set({ orderId }).where(and(eq(groupSeats.id, seatId), eq(groupSeats.status, 'held')));
}

export interface SeatPayment {
  outcome: 'seated' | 'refunded';
  seat: Seat;
  refund: Refund | null;
}

/**
 * The bank's word that a seat's order is paid (lib/payments/settle.ts creditPaid, in its
 * transaction, after the payment's ledger rows): with the group's row locked, the order's held seat
 * becomes paid while it still has its place (its hold not lapsed, or a place free for it), and the
 * student is told with every date. Otherwise (the hold lapsed and the group filled meanwhile, the
 * student already has a paid seat, the group is no longer on sale) the seat is `refunded` and the
 * whole amount goes back at once (`openRefund`; lib/payments sends it to the card, with a return
 * receipt). A payment for a hold that ended without it (lapsed, replaced by a new checkout) seats the
 * student when there is room. Each seated payment takes its waitlist offer.
 */
export async function confirmSeatPayment(tx: Db, order: Order, now = new Date()): Promise<SeatPayment> {
  const group = await lockGroup(tx, order.groupId!);
  const [own] = await tx.select().from(groupSeats).where(eq(groupSeats.orderId, order.id)).orderBy(desc(groupSeats.id)).limit(1);
  if (own && own.status !== 'held' && own.status !== 'cancelled') return { outcome: own.status === 'paid' ? 'seated' : 'refunded', seat: own, refund: null };
  const live = await liveSeatOf(tx, group.id, order.studentId);
  const room = async (except?: number) => onSale(group) && (await seatsTaken(tx, group.id, now, except)) < group.maxSeats;
  let seat: Seat | undefined;
  if (own?.status === 'held' && (own.heldUntil! > now || (await room(own.id)))) seat = own;
  else if (live?.status === 'held' && live.amountTiyn === order.amountTiyn && (live.heldUntil! > now || (await room(live.id)))) seat = live;
  else if (!live && (await room())) {
    [seat] = await tx
      .insert(groupSeats)
      .values({ groupId: group.id, studentId: order.studentId, status: 'held', heldUntil: now, lessons: order.lessons, perLessonTiyn: order.perLessonTiyn, amountTiyn: order.amountTiyn, coversFrom: order.createdAt, orderId: order.id, createdAt: now })
      .returning();
  }
  if (seat) {
    const [paid] = await tx.update(groupSeats).set({ status: 'paid', orderId: order.id, heldUntil: null, offer: false, paidAt: now, updatedAt: now }).where(eq(groupSeats.id, seat.id)).returning();
    await tx.update(groupWaitlist).set({ status: 'taken', updatedAt: now }).where(and(eq(groupWaitlist.groupId, group.id), eq(groupWaitlist.studentId, order.studentId), inArray(groupWaitlist.status, ['waiting', 'offered'])));
    const lessons = (await groupLessons(tx, group.id)).filter((l) => l.startsAt >= paid!.coversFrom);
    await tellStudents(tx, group, [order.studentId], 'seat_paid', { lessons }, now);
    return { outcome: 'seated', seat: paid!, refund: null };
  }
  // No place for this payment: a seat of record, refunded in full.
  const [record] = own?.status === 'held'
    ? await tx.update(groupSeats).set({ status: 'refunded', heldUntil: null, paidAt: now, endedAt: now, endReason: 'full', updatedAt: now }).where(eq(groupSeats.id, own.id)).returning()
    : await tx
        .insert(groupSeats)
        .values({ groupId: group.id, studentId: order.studentId, status: 'refunded', lessons: order.lessons, perLessonTiyn: order.perLessonTiyn, amountTiyn: order.amountTiyn, coversFrom: order.createdAt, orderId: order.id, paidAt: now, endedAt: now, endReason: 'full', createdAt: now })
        .returning();
  const refund = await openRefund(tx, { orderId: order.id, studentId: order.studentId, amountTiyn: order.amountTiyn, lessons: order.lessons, groupSeatId: record!.id }, now);
  await tellStudents(tx, group, [order.studentId], 'seat_full', { amountTiyn: order.amountTiyn }, now);
  // A lapsed hold gave its place up: the waitlist's first may be offered it.
  await offerFreedSeats(tx, group, now);
  return { outcome: 'refunded', seat: record!, refund };
}

/**
 * An order that will not be paid (declined, expired): its held seat is given up at once (a
 * waitlist's offer stays until its end: the student may pay again), and the waitlist's first offered it.
 */
export async function releaseSeatOfOrder(tx: Db, order: Order, now = new Date()): Promise<void> {
  if (order.groupId === null) return;
  const group = await lockGroup(tx, order.groupId);
  const [seat] = await tx
    .select()
    .from(groupSeats)
    .where(and(eq(groupSeats.orderId, order.id), eq(groupSeats.status, 'held'), eq(groupSeats.offer, false)))
    .limit(1);
  if (!seat) return;
  await endSeat(tx, seat.id, 'cancelled', 'declined', now);
  await offerFreedSeats(tx, group, now);
}

/**
 * What a paid seat's money is now: its balance, the part its lessons in progress keep (started, not
 * settled: the job spends them), and the rest, which the rules give back. In whole lessons too.
 */
export async function seatMoney(tx: Db, seat: Seat, now: Date): Promise<{ balanceTiyn: number; keptTiyn: number; backTiyn: number; backLessons: number }> {
  const balanceTiyn = await seatBalance(tx, seat);
  const keptTiyn = Math.min(balanceTiyn, seat.perLessonTiyn * (await lessonsInProgress(tx, seat, now)));
  const backTiyn = Math.max(0, balanceTiyn - keptTiyn);
  return { balanceTiyn, keptTiyn, backTiyn, backLessons: seat.perLessonTiyn > 0 ? Math.floor(backTiyn / seat.perLessonTiyn) : 0 };
}

/**
 * A student leaves a group (the offer's rule, docs/payments.md "Group seats"): every lesson not yet
 * held comes back at the seat's price of a lesson (the lessons ahead, and any the tutor missed or the
 * school owes), nothing withheld; a lesson started is spent (present or not). The seat becomes
 * `refunded`, the refund goes to the card through the provider, the student is told, and the
 * waitlist's first is offered the place. 404 without a paid seat; 409 `group_state` for a
 * corporate seat (HR removes those).
 */
export async function leaveGroup(db: Db, student: { id: number }, groupId: number, now = new Date()): Promise<{ seat: Seat; refund: Refund | null }> {
  const out = await transaction(db, async (tx) => {
    const group = await lockGroup(tx, groupId);
    const seat = await liveSeatOf(tx, groupId, student.id);
    if (!seat || seat.status !== 'paid') throw new ApiError(404, 'not_found');
    if (seat.orderId === null) throw new ApiError(409, 'group_state');
    const money = await seatMoney(tx, seat, now);
    await endSeat(tx, seat.id, 'refunded', 'left', now);
    const refund = money.backTiyn > 0 ? await openRefund(tx, { orderId: seat.orderId, studentId: seat.studentId, amountTiyn: money.backTiyn, lessons: money.backLessons, groupSeatId: seat.id }, now) : null;
    await tellStudents(tx, group, [seat.studentId], 'left', { amountTiyn: money.backTiyn }, now);
    await offerFreedSeats(tx, group, now);
    return { seat, refund };
  });
  groupsChanged();
  return out;
}

/** The group of a seat and whether `studentId` may see it (their own seat). */
export async function ownSeatGroup(db: Db, studentId: number, groupId: number): Promise<Group | null> {
  const group = await findGroup(db, groupId);
  if (!group) return null;
  const [seat] = await db.select({ id: groupSeats.id }).from(groupSeats).where(and(eq(groupSeats.groupId, groupId), eq(groupSeats.studentId, studentId))).limit(1);
  return seat ? group : null;
}
