import 'server-only';
// The school runs its groups (issue 33; back office scopes `sales` and `admin`): the tutors who teach
// groups, a group created as a draft with its dated lessons (generated from its days, time, start
// and number in the school's time: lib/groups/schedule.ts), edited, opened for sale. A draft's lessons
// keep the tutor's time (status `hold`, no expiry) without being booked; opening books them.
import { and, asc, count, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { ApiError } from '@/lib/api/errors';
import { audit, type Actor } from '@/lib/audit/log';
import { companies, groups, groupSeats, groupWaitlist, lessons, tutorApplications, tutorProfiles, users } from '@/lib/db/schema';
import { dbErrorInfo } from '@/lib/db/errors';
import { transaction } from '@/lib/db/transaction';
import type { Db } from '@/lib/db/types';
import { groupsChanged, slotsChanged } from '@/lib/lessons/revalidate';
import type { GroupStatus, GroupValues } from '@/lib/validations/groups';
import { groupLessonTimes } from './schedule';
import { seatMoney } from './seats';
import { findGroup, liveSeat, lockGroup, type Group } from './state';

/** A tutor the school may give a group: an approved application, not blocked, and allowed to teach groups. */
export async function groupTutor(db: Db, tutorId: number): Promise<{ id: number; name: string } | null> {
  const [row] = await db
    .select({ id: users.id, name: users.name, lastname: users.lastname })
    .from(users)
    .innerJoin(tutorApplications, eq(tutorApplications.userId, users.id))
    .innerJoin(tutorProfiles, eq(tutorProfiles.userId, users.id))
    .where(and(eq(users.id, tutorId), eq(users.role, 'tutor'), isNull(users.blockedAt), eq(tutorApplications.status, 'approved'), eq(tutorProfiles.teachesGroups, true)))
    .limit(1);
  return row ? { id: row.id, name: `${row.name} ${row.lastname}`.trim() } : null;
}

/** The tutors who teach groups (the back office's tutor choice), by name. */
export async function groupTutors(db: Db): Promise<{ id: number; name: string }[]> {
  const rows = await db
    .select({ id: users.id, name: users.name, lastname: users.lastname })
    .from(users)
    .innerJoin(tutorApplications, eq(tutorApplications.userId, users.id))
    .innerJoin(tutorProfiles, eq(tutorProfiles.userId, users.id))
    .where(and(eq(users.role, 'tutor'), isNull(users.blockedAt), eq(tutorApplications.status, 'approved'), eq(tutorProfiles.teachesGroups, true)))
    .orderBy(asc(users.lastname), asc(users.name));
  return rows.map((r) => ({ id: r.id, name: `${r.lastname} ${r.name}`.trim() }));
}

/**
 * Lets a tutor teach groups, or no longer (staff): an approved tutor with a profile only (404
 * otherwise). Their groups stay theirs; a new group is given only to a tutor who teaches groups.
 */
export async function setTeachesGroups(db: Db, actor: Actor, tutorId: number, teaches: boolean): Promise<void> {
  await transaction(db, async (tx) => {
    const [row] = await tx
      .select({ teaches: tutorProfiles.teachesGroups })
      .from(tutorProfiles)
      .innerJoin(tutorApplications, eq(tutorApplications.userId, tutorProfiles.userId))
      .where(and(eq(tutorProfiles.userId, tutorId), eq(tutorApplications.status, 'approved')))
      .limit(1);
    if (!row) throw new ApiError(404, 'not_found');
    if (row.teaches === teaches) return;
    await tx.update(tutorProfiles).set({ teachesGroups: teaches, updatedAt: new Date() }).where(eq(tutorProfiles.userId, tutorId));
    await audit(tx, actor, { action: 'group.tutor', entity: 'tutor', entityId: tutorId, before: { teachesGroups: row.teaches }, after: { teachesGroups: teaches } });
  });
}

/** The tutor already has a lesson at one of the group's times (the lessons' no-overlap constraint): 409 `group_schedule_busy`. */
function scheduleRefusal(err: unknown): never {
  if (dbErrorInfo(err).code === '23P01') throw new ApiError(409, 'group_schedule_busy');
  throw err;
}

async function checkInput(db: Db, v: GroupValues, now: Date) {
  if (!(await groupTutor(db, v.tutorId))) throw new ApiError(422, 'validation_failed', { tutorId: 'group_tutor' });
  if (v.companyId !== null) {
    const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, v.companyId)).limit(1);
    if (!company) throw new ApiError(422, 'validation_failed', { companyId: 'invalid_value' });
  }
  const times = groupLessonTimes({ weekdays: v.weekdays, startMinute: v.startTime, durationMinutes: v.durationMinutes, startDate: v.startDate, lessonsCount: v.lessons });
  if (times.length === 0 || times[0]!.startsAt <= now) throw new ApiError(422, 'validation_failed', { startDate: 'invalid_value' });
  return times;
}

const columns = (v: GroupValues) => ({
  subject: v.subject,
  level: v.level,
  ageBand: v.ageBand,
  tutorId: v.tutorId,
  weekdays: v.weekdays,
  startMinute: v.startTime,
  durationMinutes: v.durationMinutes,
  startDate: v.startDate,
  lessonsCount: v.lessons,
  minSeats: v.minSeats,
  maxSeats: v.maxSeats,
  pricePerLessonTiyn: v.pricePerLesson * 100,
  description: v.description,
  companyId: v.companyId,
});

/** Writes a group's lessons (its tutor's time, checked by the no-overlap constraint), `hold` for a draft, `booked` once open. */
async function insertLessons(tx: Db, group: Group, times: { startsAt: Date; endsAt: Date }[], now: Date) {
  const status = group.status === 'draft' ? ('hold' as const) : ('booked' as const);
  await tx.insert(lessons).values(times.map((t) => ({ tutorId: group.tutorId, kind: 'group' as const, groupId: group.id, subject: group.subject, status, startsAt: t.startsAt, endsAt: t.endsAt, createdAt: now, updatedAt: now })));
}

/**
 * Creates a group as a draft (staff), with its lessons: 422 for a tutor who does not teach groups or
 * a first lesson not in the future, 409 `group_schedule_busy` when the tutor has a lesson at one of
 * its times. Audited `group.create`.
 */
export async function createGroup(db: Db, actor: Actor, v: GroupValues, now = new Date()): Promise<Group> {
  const times = await checkInput(db, v, now);
  try {
    const group = await transaction(db, async (tx) => {
      const [row] = await tx
        .insert(groups)
        .values({ ...columns(v), status: 'draft', createdBy: actor.kind === 'staff' ? actor.id : null, createdAt: now, updatedAt: now })
        .returning();
      await insertLessons(tx, row!, times, now);
      await audit(tx, actor, { action: 'group.create', entity: 'group', entityId: row!.id, after: { ...columns(v), lessons: times.length } });
      return row!;
    });
    slotsChanged();
    return group;
  } catch (err) {
    scheduleRefusal(err);
  }
}

/** What an edit may change once a group has students or has started: its text, its seats and its price for new seats. */
const LIVE_FIELDS = ['description', 'minSeats', 'maxSeats', 'pricePerLessonTiyn'] as const;

/**
 * Edits a group (staff). A draft, or an open group nobody holds a seat in and whose lessons have not
 * started, takes anything: its lessons are made again from the new schedule. Otherwise only its
 * description, minimum and maximum of seats (not below the seats taken) and price (for seats taken
 * from now on: a seat keeps the price it was bought at); any other change is 409 `group_state` (move
 * or cancel a lesson instead). A cancelled or finished group: 409 `group_state`.
 */
export async function updateGroup(db: Db, actor: Actor, groupId: number, v: GroupValues, now = new Date()): Promise<Group> {
  try {
    const group = await transaction(db, async (tx) => {
      const before = await lockGroup(tx, groupId);
      if (before.status === 'cancelled' || before.status === 'finished') throw new ApiError(409, 'group_state');
      const next = columns(v);
      const [seats] = await tx.select({ n: count() }).from(groupSeats).where(and(eq(groupSeats.groupId, groupId), liveSeat(now)));
      const taken = Number(seats?.n ?? 0);
      const [first] = await tx.select({ startsAt: lessons.startsAt }).from(lessons).where(and(eq(lessons.groupId, groupId), ne(lessons.status, 'cancelled'))).orderBy(asc(lessons.startsAt)).limit(1);
      const free = before.status === 'draft' || (before.status === 'open' && taken === 0 && (!first || first.startsAt > now));
      const changed = (Object.keys(next) as (keyof typeof next)[]).filter((k) => JSON.stringify(next[k]) !== JSON.stringify(before[k]));
      if (!free && changed.some((k) => !(LIVE_FIELDS as readonly string[]).includes(k))) throw new ApiError(409, 'group_state');
      if (next.maxSeats < taken) throw new ApiError(422, 'validation_failed', { maxSeats: 'invalid_value' });
      if (free && changed.some((k) => !(LIVE_FIELDS as readonly string[]).includes(k))) {
        const times = await checkInput(tx, v, now);
        await tx.delete(lessons).where(and(eq(lessons.groupId, groupId), inArray(lessons.status, ['hold', 'booked'])));
        const [row] = await tx.update(groups).set({ ...next, updatedAt: now }).where(eq(groups.id, groupId)).returning();
        await insertLessons(tx, row!, times, now);
        await audit(tx, actor, { action: 'group.update', entity: 'group', entityId: groupId, before: pick(before, changed), after: pick(next, changed) });
        return row!;
      }
      const [row] = await tx.update(groups).set({ ...next, updatedAt: now }).where(eq(groups.id, groupId)).returning();
      if (changed.length) await audit(tx, actor, { action: 'group.update', entity: 'group', entityId: groupId, before: pick(before, changed), after: pick(next, changed) });
      return row!;
    });
    slotsChanged();
    groupsChanged();
    return group;
  } catch (err) {
    scheduleRefusal(err);
  }
}

const pick = (o: object, keys: string[]) => Object.fromEntries(keys.map((k) => [k, (o as Record<string, unknown>)[k]]));

/** Opens a draft for sale (staff): its lessons are booked, it shows on /groups (a corporate group: in its company's portal). 409 `group_state` otherwise. */
export async function openGroup(db: Db, actor: Actor, groupId: number, now = new Date()): Promise<Group> {
  const group = await transaction(db, async (tx) => {
    const before = await lockGroup(tx, groupId);
    if (before.status !== 'draft') throw new ApiError(409, 'group_state');
    const [first] = await tx.select({ startsAt: lessons.startsAt }).from(lessons).where(eq(lessons.groupId, groupId)).orderBy(asc(lessons.startsAt)).limit(1);
    if (!first || first.startsAt <= now) throw new ApiError(409, 'group_state');
    await tx.update(lessons).set({ status: 'booked', updatedAt: now }).where(and(eq(lessons.groupId, groupId), eq(lessons.status, 'hold')));
    const [row] = await tx.update(groups).set({ status: 'open', updatedAt: now }).where(eq(groups.id, groupId)).returning();
    await audit(tx, actor, { action: 'group.open', entity: 'group', entityId: groupId, before: { status: 'draft' }, after: { status: 'open' } });
    return row!;
  });
  groupsChanged();
  return group;
}

export interface StaffGroupRow {
  id: number;
  subject: string;
  level: string;
  ageBand: string;
  status: GroupStatus;
  tutorId: number;
  tutorName: string;
  companyId: number | null;
  companyName: string | null;
  weekdays: number[];
  startMinute: number;
  startDate: string;
  lessons: number;
  minSeats: number;
  maxSeats: number;
  pricePerLessonTiyn: number;
  /** Paid seats, holds not lapsed, and the waitlist (waiting or offered): the fill rate at a glance. */
  paid: number;
  held: number;
  waiting: number;
}

/** Every group for the back office (newest first), with its fill rate and waitlist. */
export async function staffGroups(db: Db, opts: { status?: GroupStatus } = {}, now = new Date()): Promise<StaffGroupRow[]> {
  const paid = sql<number>`(select count(*)::int from ${groupSeats} s where s.group_id = ${groups.id} and s.status = 'paid')`;
  const held = sql<number>`(select count(*)::int from ${groupSeats} s where s.group_id = ${groups.id} and s.status = 'held' and s.held_until > ${now.toISOString()}::timestamptz)`;
  const waiting = sql<number>`(select count(*)::int from ${groupWaitlist} w where w.group_id = ${groups.id} and w.status in ('waiting', 'offered'))`;
  const rows = await db
    .select({ g: groups, tutorName: sql<string>`${users.lastname} || ' ' || ${users.name}`, companyName: companies.name, paid, held, waiting })
    .from(groups)
    .innerJoin(users, eq(users.id, groups.tutorId))
    .leftJoin(companies, eq(companies.id, groups.companyId))
    .where(opts.status ? eq(groups.status, opts.status) : undefined)
    .orderBy(desc(groups.id))
    .limit(500);
  return rows.map(({ g, tutorName, companyName, paid: p, held: h, waiting: w }) => ({
    id: g.id,
    subject: g.subject,
    level: g.level,
    ageBand: g.ageBand,
    status: g.status,
    tutorId: g.tutorId,
    tutorName,
    companyId: g.companyId,
    companyName,
    weekdays: g.weekdays,
    startMinute: g.startMinute,
    startDate: g.startDate,
    lessons: g.lessonsCount,
    minSeats: g.minSeats,
    maxSeats: g.maxSeats,
    pricePerLessonTiyn: g.pricePerLessonTiyn,
    paid: Number(p),
    held: Number(h),
    waiting: Number(w),
  }));
}

export { findGroup };

export interface StaffGroupDetail {
  group: Group;
  tutorName: string;
  companyName: string | null;
  /** Live seats (paid, or held and not lapsed) with the student's name and what the rules give back now. */
  seats: { id: number; studentId: number; name: string; status: 'held' | 'paid'; lessons: number; perLessonTiyn: number; amountTiyn: number; corporate: boolean; refundNowTiyn: number }[];
  /** Every lesson; `changeable`: booked and not started (it may be cancelled or rescheduled). */
  lessons: { id: number; startsAt: Date; endsAt: Date; status: string; changeable: boolean }[];
  waiting: number;
}

/**
 * One group for the back office: its live seats (with each paid seat's refund by the leaving rule
 * now: what a cancel gives back), its lessons (cancelled ones too), its waitlist's length. Null: none.
 */
export async function staffGroupDetail(db: Db, groupId: number, now = new Date()): Promise<StaffGroupDetail | null> {
  const [row] = await db
    .select({ g: groups, tutorName: sql<string>`${users.lastname} || ' ' || ${users.name}`, companyName: companies.name })
    .from(groups)
    .innerJoin(users, eq(users.id, groups.tutorId))
    .leftJoin(companies, eq(companies.id, groups.companyId))
    .where(eq(groups.id, groupId))
    .limit(1);
  if (!row) return null;
  const seatRows = await db
    .select({ seat: groupSeats, name: users.name, lastname: users.lastname })
    .from(groupSeats)
    .innerJoin(users, eq(users.id, groupSeats.studentId))
    .where(and(eq(groupSeats.groupId, groupId), liveSeat(now)))
    .orderBy(asc(groupSeats.id));
  const seats: StaffGroupDetail['seats'] = [];
  for (const { seat, name, lastname } of seatRows) {
    const refundNowTiyn = seat.status === 'paid' ? (await seatMoney(db, seat, now)).backTiyn : 0;
    seats.push({ id: seat.id, studentId: seat.studentId, name: `${lastname} ${name}`.trim(), status: seat.status as 'held' | 'paid', lessons: seat.lessons, perLessonTiyn: seat.perLessonTiyn, amountTiyn: seat.amountTiyn, corporate: seat.orderId === null, refundNowTiyn });
  }
  const lessonRows = await db.select({ id: lessons.id, startsAt: lessons.startsAt, endsAt: lessons.endsAt, status: lessons.status }).from(lessons).where(eq(lessons.groupId, groupId)).orderBy(asc(lessons.startsAt));
  const [w] = await db.select({ n: count() }).from(groupWaitlist).where(and(eq(groupWaitlist.groupId, groupId), inArray(groupWaitlist.status, ['waiting', 'offered'])));
  return { group: row.g, tutorName: row.tutorName, companyName: row.companyName, seats, lessons: lessonRows.map((l) => ({ ...l, changeable: l.status === 'booked' && l.startsAt > now })), waiting: Number(w?.n ?? 0) };
}

/** Whether an approved tutor with a profile teaches groups (the back office's switch); null: not such a tutor. */
export async function tutorTeachesGroups(db: Db, tutorId: number): Promise<boolean | null> {
  const [row] = await db
    .select({ teaches: tutorProfiles.teachesGroups })
    .from(tutorProfiles)
    .innerJoin(tutorApplications, eq(tutorApplications.userId, tutorProfiles.userId))
    .where(and(eq(tutorProfiles.userId, tutorId), eq(tutorApplications.status, 'approved')))
    .limit(1);
  return row ? row.teaches : null;
}
