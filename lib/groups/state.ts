import 'server-only';
// A group's state as every use case reads it: its row locked (the one lock that orders changes of a
// group's seats: a hold, a payment, a leave, an offer, a cancel, a merge; taken before any of its
// lessons' rows), its live seats and its lessons ahead.
import { and, asc, count, eq, gt, gte, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import { ApiError } from '@/lib/api/errors';
import { groups, groupSeats, lessons } from '@/lib/db/schema';
import { rowsOf } from '@/lib/db/rows';
import type { Db } from '@/lib/db/types';

export type Group = typeof groups.$inferSelect;
export type Seat = typeof groupSeats.$inferSelect;
export type GroupLesson = typeof lessons.$inferSelect;

/** The group's row, locked for this transaction (404 when there is none). */
export async function lockGroup(tx: Db, groupId: number): Promise<Group> {
  const rows = rowsOf<{ id: number }>(await tx.execute(sql`select id from ${groups} where ${groups.id} = ${groupId} for update`));
  if (rows.length === 0) throw new ApiError(404, 'not_found');
  const [group] = await tx.select().from(groups).where(eq(groups.id, groupId)).limit(1);
  return group!;
}

export async function findGroup(db: Db, groupId: number): Promise<Group | null> {
  const [group] = await db.select().from(groups).where(eq(groups.id, groupId)).limit(1);
  return group ?? null;
}

/** A seat that takes a place now: paid, or held and not lapsed. */
export const liveSeat = (now: Date) => or(eq(groupSeats.status, 'paid'), and(eq(groupSeats.status, 'held'), gt(groupSeats.heldUntil, now)));

/** The places taken in a group now (paid seats and holds not lapsed), optionally leaving one seat out. */
export async function seatsTaken(db: Db, groupId: number, now: Date, except?: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(groupSeats)
    .where(and(eq(groupSeats.groupId, groupId), liveSeat(now), except === undefined ? undefined : ne(groupSeats.id, except)));
  return Number(row?.n ?? 0);
}

/** The group's lessons not cancelled, in order (`from`: only those starting after it). */
export async function groupLessons(db: Db, groupId: number, from?: Date): Promise<GroupLesson[]> {
  return db
    .select()
    .from(lessons)
    .where(and(eq(lessons.groupId, groupId), ne(lessons.status, 'cancelled'), from ? gt(lessons.startsAt, from) : undefined))
    .orderBy(asc(lessons.startsAt));
}

/** How many of the group's lessons start after `now` (what a seat taken now pays for). */
export async function lessonsAhead(db: Db, groupId: number, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(lessons)
    .where(and(eq(lessons.groupId, groupId), ne(lessons.status, 'cancelled'), gt(lessons.startsAt, now)));
  return Number(row?.n ?? 0);
}

/**
 * How many of a seat's lessons have started and are not settled yet (their facts to come): their
 * money stays with the seat until the job spends it, whatever happens to the seat meanwhile.
 */
export async function lessonsInProgress(db: Db, seat: Pick<Seat, 'groupId' | 'coversFrom'>, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(lessons)
    .where(and(eq(lessons.groupId, seat.groupId), inArray(lessons.status, ['booked', 'held', 'not_held']), gte(lessons.startsAt, seat.coversFrom), lte(lessons.startsAt, now), isNull(lessons.factStatus)));
  return Number(row?.n ?? 0);
}

/** The group is on sale: open, or running with lessons ahead. */
export const onSale = (group: Group) => group.status === 'open' || group.status === 'running';

/** The seats a seat was moved from (a merge, a move), newest first: their money may still hold an owed lesson's. */
export async function seatChain(db: Db, seat: Pick<Seat, 'movedFromSeatId'>): Promise<number[]> {
  const ids: number[] = [];
  for (let from = seat.movedFromSeatId; from !== null && !ids.includes(from); ) {
    ids.push(from);
    const [prev] = await db.select({ movedFromSeatId: groupSeats.movedFromSeatId }).from(groupSeats).where(eq(groupSeats.id, from)).limit(1);
    from = prev?.movedFromSeatId ?? null;
  }
  return ids;
}
