import 'server-only';
// The groups' background pass (lib/server/services.ts, every REMINDER_INTERVAL_MS): lapsed holds and
// offers given up (the waitlist's next offered), groups that started marked running, groups still
// under their minimum two days before the start cancelled with full refunds, groups whose every
// lesson is settled finished, with any money a seat still holds (lessons the tutor missed, or too
// short together, that no make-up spent) given back: to the card, or to the company's group money.
import { and, asc, count, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Actor } from '@/lib/audit/log';
import { groups, groupSeats, lessons } from '@/lib/db/schema';
import { transaction } from '@/lib/db/transaction';
import type { Db } from '@/lib/db/types';
import { returnCorporateSeat, seatBalance } from '@/lib/lessons/group-money';
import { groupsChanged } from '@/lib/lessons/revalidate';
import { openRefund, type Refund } from '@/lib/money/refunds';
import { cancelGroup } from './changes';
import { lockGroup, seatChain } from './state';
import { expireSeatHolds } from './waitlist';

/** A group still under its minimum of paid seats this long before its first lesson is cancelled (the published rule: two days). */
export const UNDERFILLED_DEADLINE_HOURS = 48;
export const UNDERFILLED_REASON = 'under_minimum';

const SYSTEM: Actor = { kind: 'system', id: null, label: 'groups', ipHash: null };

/** The first lesson's start of each group (not cancelled), as SQL. */
const firstLesson = sql<Date>`(select min(l.starts_at) from ${lessons} l where l.group_id = ${groups.id} and l.status <> 'cancelled')`;

/** Open groups whose first lesson has started become running (they stay on sale for the lessons left). */
export async function startGroups(db: Db, now = new Date()): Promise<number> {
  const started = await db
    .update(groups)
    .set({ status: 'running', updatedAt: now })
    .where(and(eq(groups.status, 'open'), sql`${firstLesson} <= ${now.toISOString()}::timestamptz`))
    .returning({ id: groups.id });
  if (started.length) groupsChanged();
  return started.length;
}

/**
 * Open groups with fewer paid seats than their minimum once their first lesson is
 * UNDERFILLED_DEADLINE_HOURS away or nearer are cancelled (every student refunded in full and told),
 * unless staff merged them first. Returns the groups cancelled.
 */
export async function cancelUnderfilledGroups(db: Db, now = new Date()): Promise<{ cancelled: number[]; refunds: Refund[] }> {
  const paid = sql<number>`(select count(*)::int from ${groupSeats} s where s.group_id = ${groups.id} and s.status = 'paid')`;
  const due = await db
    .select({ id: groups.id })
    .from(groups)
    .where(and(eq(groups.status, 'open'), sql`${paid} < ${groups.minSeats}`, sql`${firstLesson} <= ${new Date(now.getTime() + UNDERFILLED_DEADLINE_HOURS * 3_600_000).toISOString()}::timestamptz`))
    .orderBy(asc(groups.id))
    .limit(50);
  const out = { cancelled: [] as number[], refunds: [] as Refund[] };
  for (const { id } of due) {
    try {
      out.refunds.push(...(await cancelGroup(db, SYSTEM, id, UNDERFILLED_REASON, now)).refunds);
      out.cancelled.push(id);
    } catch (err) {
      console.warn(`[groups] group #${id} under its minimum was not cancelled: ${(err as Error).message}`);
    }
  }
  return out;
}

/**
 * Running groups whose every lesson is cancelled or settled (its facts known) are finished; then
 * every order that paid for a seat of the group and has no seat left running elsewhere gets back
 * what its balance still holds (lessons owed: the tutor's no-show, or too short together, that no
 * make-up lesson spent). Returns the refunds.
 */
export async function finishGroups(db: Db, now = new Date()): Promise<Refund[]> {
  const open = sql<number>`(select count(*)::int from ${lessons} l where l.group_id = ${groups.id} and l.status <> 'cancelled' and l.fact_status is null)`;
  const due = await db
    .select({ id: groups.id })
    .from(groups)
    .where(and(eq(groups.status, 'running'), sql`${open} = 0`))
    .limit(50);
  const refunds: Refund[] = [];
  for (const { id } of due) {
    refunds.push(
      ...(await transaction(db, async (tx) => {
        const group = await lockGroup(tx, id);
        if (group.status !== 'running') return [];
        const [left] = await tx.select({ n: count() }).from(lessons).where(and(eq(lessons.groupId, id), ne(lessons.status, 'cancelled'), isNull(lessons.factStatus)));
        if (Number(left?.n ?? 0) > 0) return [];
        await tx.update(groups).set({ status: 'finished', updatedAt: now }).where(eq(groups.id, id));
        await tx.update(groupSeats).set({ status: 'cancelled', heldUntil: null, endedAt: now, endReason: 'group_finished', updatedAt: now }).where(and(eq(groupSeats.groupId, id), eq(groupSeats.status, 'held')));
        await companyLeftovers(tx, group.companyId, id);
        return leftovers(tx, id, now);
      })),
    );
  }
  if (due.length) groupsChanged();
  return refunds;
}

/** What the orders of a finished group's seats still hold, given back (each order once, when no seat of it is live in a group still running). */
async function leftovers(tx: Db, groupId: number, now: Date): Promise<Refund[]> {
  const seats = await tx.select().from(groupSeats).where(and(eq(groupSeats.groupId, groupId), sql`${groupSeats.orderId} is not null`)).orderBy(asc(groupSeats.id));
  const out: Refund[] = [];
  for (const orderId of [...new Set(seats.map((s) => s.orderId!))]) {
    const [elsewhere] = await tx
      .select({ id: groupSeats.id })
      .from(groupSeats)
      .innerJoin(groups, eq(groups.id, groupSeats.groupId))
      .where(and(eq(groupSeats.orderId, orderId), inArray(groupSeats.status, ['held', 'paid']), inArray(groups.status, ['open', 'running']), ne(groups.id, groupId)))
      .limit(1);
    if (elsewhere) continue;
    const seat = seats.filter((s) => s.orderId === orderId).at(-1)!;
    const held = await seatBalance(tx, seat);
    if (held <= 0) continue;
    out.push(await openRefund(tx, { orderId, studentId: seat.studentId, amountTiyn: held, lessons: seat.perLessonTiyn > 0 ? Math.floor(held / seat.perLessonTiyn) : 0, groupSeatId: seat.id }, now));
  }
  return out;
}

/**
 * What a finished corporate group's seats still hold (lessons owed: the tutor's no-show, or too short
 * together), and the seats they were moved from, back to the company's group money.
 */
async function companyLeftovers(tx: Db, companyId: number | null, groupId: number): Promise<void> {
  if (companyId === null) return;
  const seats = await tx.select().from(groupSeats).where(and(eq(groupSeats.groupId, groupId), sql`${groupSeats.orderId} is null`)).orderBy(asc(groupSeats.id));
  const done = new Set<number>();
  for (const seat of seats)
    for (const id of [seat.id, ...(await seatChain(tx, seat))]) {
      if (done.has(id)) continue;
      done.add(id);
      await returnCorporateSeat(tx, id, companyId);
    }
}

export interface GroupPass {
  holdsGivenUp: number;
  started: number;
  cancelled: number[];
  refunds: Refund[];
}

/** The whole pass, in order. The refunds it opened are sent by lib/payments (the caller, or the job that retries refunds). */
export async function runGroupPass(db: Db, now = new Date()): Promise<GroupPass> {
  const holdsGivenUp = await expireSeatHolds(db, now);
  const { cancelled, refunds } = await cancelUnderfilledGroups(db, now);
  const started = await startGroups(db, now);
  refunds.push(...(await finishGroups(db, now)));
  return { holdsGivenUp, started, cancelled, refunds };
}
