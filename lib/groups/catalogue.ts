import 'server-only';
// What people see of groups: the public list (/groups: open and running public groups with seats
// left and their prices), one group's page (every date), a student's own groups in the cabinet and
// their live seats, a tutor's groups with their rosters. A closed corporate group is never in the
// public list nor on a public page: only its company's portal (lib/groups/corporate.ts) and its own
// students see it.
import { and, asc, desc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import { groups, groupSeats, groupWaitlist, lessonReports, lessons, tutorProfiles, users } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { lessonLinks } from '@/lib/lessons/booking';
import { formatClock, type GroupFilter, type GroupStatus } from '@/lib/validations/groups';
import { rosterNames } from './notify';
import { seatMoney } from './seats';
import { liveSeat, type Group } from './state';

export interface GroupCard {
  id: number;
  subject: string;
  level: string;
  ageBand: string;
  status: GroupStatus;
  /** ISO weekdays and the start in Almaty ("18:30"). */
  weekdays: number[];
  startTime: string;
  durationMinutes: number;
  startDate: string;
  lessonsCount: number;
  /** Lessons not started yet: what a seat taken now pays for. */
  lessonsLeft: number;
  nextLessonAt: string | null;
  lastLessonAt: string | null;
  tutor: { id: number; name: string; slug: string | null };
  /** The fewest students the group starts with (checked two days before its first lesson). */
  minSeats: number;
  maxSeats: number;
  seatsLeft: number;
  pricePerLessonTiyn: number;
  /** A seat now: the price per lesson × the lessons left. */
  priceNowTiyn: number;
}

const lessonsLeftSql = (now: Date) => sql<number>`(select count(*)::int from ${lessons} l where l.group_id = ${groups.id} and l.status <> 'cancelled' and l.starts_at > ${now.toISOString()}::timestamptz)`;
const nextLessonSql = (now: Date) => sql<string | null>`(select min(l.starts_at) from ${lessons} l where l.group_id = ${groups.id} and l.status <> 'cancelled' and l.starts_at > ${now.toISOString()}::timestamptz)`;
const lastLessonSql = sql<string | null>`(select max(l.starts_at) from ${lessons} l where l.group_id = ${groups.id} and l.status <> 'cancelled')`;
const takenSql = (now: Date) => sql<number>`(select count(*)::int from ${groupSeats} s where s.group_id = ${groups.id} and (s.status = 'paid' or (s.status = 'held' and s.held_until > ${now.toISOString()}::timestamptz)))`;

const tutorName = (name: string, lastname: string) => `${name} ${Array.from(lastname)[0] ?? ''}.`.trim();

async function cards(db: Db, where: ReturnType<typeof and>, now: Date): Promise<GroupCard[]> {
  const rows = await db
    .select({ g: groups, name: users.name, lastname: users.lastname, slug: tutorProfiles.slug, left: lessonsLeftSql(now), next: nextLessonSql(now), last: lastLessonSql, taken: takenSql(now) })
    .from(groups)
    .innerJoin(users, eq(users.id, groups.tutorId))
    .leftJoin(tutorProfiles, eq(tutorProfiles.userId, groups.tutorId))
    .where(where)
    .orderBy(asc(groups.startDate), asc(groups.id))
    .limit(300);
  return rows.map(({ g, name, lastname, slug, left, next, last, taken }) => ({
    id: g.id,
    subject: g.subject,
    level: g.level,
    ageBand: g.ageBand,
    status: g.status,
    weekdays: g.weekdays,
    startTime: formatClock(g.startMinute),
    durationMinutes: g.durationMinutes,
    startDate: g.startDate,
    lessonsCount: g.lessonsCount,
    lessonsLeft: Number(left),
    nextLessonAt: next ? new Date(next).toISOString() : null,
    lastLessonAt: last ? new Date(last).toISOString() : null,
    tutor: { id: g.tutorId, name: tutorName(name, lastname), slug },
    minSeats: g.minSeats,
    maxSeats: g.maxSeats,
    seatsLeft: Math.max(0, g.maxSeats - Number(taken)),
    pricePerLessonTiyn: g.pricePerLessonTiyn,
    priceNowTiyn: g.pricePerLessonTiyn * Number(left),
  }));
}

/**
 * The public list (/groups): open and running groups that are not a company's, with lessons left,
 * by start date, narrowed by the filters (subject, level, age band, a weekday, a tutor). A full
 * group stays listed (seats left 0: its waitlist).
 */
export async function publicGroups(db: Db, filter: GroupFilter = {}, now = new Date()): Promise<GroupCard[]> {
  const where = and(
    inArray(groups.status, ['open', 'running']),
    isNull(groups.companyId),
    filter.subject ? eq(groups.subject, filter.subject) : undefined,
    filter.level ? eq(groups.level, filter.level) : undefined,
    filter.ageBand ? eq(groups.ageBand, filter.ageBand) : undefined,
    filter.weekday ? sql`${filter.weekday} = any(${groups.weekdays})` : undefined,
    filter.tutorId ? eq(groups.tutorId, filter.tutorId) : undefined,
    sql`${lessonsLeftSql(now)} > 0`,
  );
  return cards(db, where, now);
}

export interface GroupPage extends GroupCard {
  description: string;
  /** Every lesson's time, in order (cancelled ones left out). */
  lessons: { id: number; startsAt: string; endsAt: string }[];
}

async function page(db: Db, group: Group, now: Date): Promise<GroupPage | null> {
  const [card] = await cards(db, eq(groups.id, group.id), now);
  if (!card) return null;
  const rows = await db
    .select({ id: lessons.id, startsAt: lessons.startsAt, endsAt: lessons.endsAt })
    .from(lessons)
    .where(and(eq(lessons.groupId, group.id), ne(lessons.status, 'cancelled')))
    .orderBy(asc(lessons.startsAt));
  return { ...card, description: group.description, lessons: rows.map((l) => ({ id: l.id, startsAt: l.startsAt.toISOString(), endsAt: l.endsAt.toISOString() })) };
}

/** One public group's page: open, running or finished, not a company's (null otherwise: a 404). */
export async function publicGroup(db: Db, groupId: number, now = new Date()): Promise<GroupPage | null> {
  const [group] = await db.select().from(groups).where(and(eq(groups.id, groupId), isNull(groups.companyId), inArray(groups.status, ['open', 'running', 'finished']))).limit(1);
  return group ? page(db, group, now) : null;
}

export interface StudentGroup {
  group: GroupPage;
  seat: { id: number; status: 'held' | 'paid'; lessons: number; perLessonTiyn: number; amountTiyn: number; heldUntil: string | null; offer: boolean; leaveRefundTiyn: number | null };
  /** The seat's lessons ahead with the way in (the room and the calendar file) until each ends. */
  upcoming: { id: number; startsAt: string; endsAt: string; room: string; ics: string }[];
}

/** A student's groups (the cabinet): each live seat (paid, or held: a checkout under way or the waitlist's offer) with its group and its lessons ahead. */
export async function studentGroups(
  db: Db,
  studentId: number,
  now = new Date(),
  locale = 'ru',
): Promise<{ groups: StudentGroup[]; waitlist: { groupId: number; subject: string; level: string; position: number; status: string; offeredUntil: string | null }[] }> {
  const seats = await db
    .select({ seat: groupSeats, group: groups })
    .from(groupSeats)
    .innerJoin(groups, eq(groups.id, groupSeats.groupId))
    .where(and(eq(groupSeats.studentId, studentId), inArray(groupSeats.status, ['held', 'paid'])))
    .orderBy(asc(groupSeats.id));
  const out: StudentGroup[] = [];
  for (const { seat, group } of seats) {
    if (seat.status === 'held' && seat.heldUntil! <= now) continue;
    const view = await page(db, group, now);
    if (!view) continue;
    const ahead = await db
      .select({ id: lessons.id, startsAt: lessons.startsAt, endsAt: lessons.endsAt })
      .from(lessons)
      .where(and(eq(lessons.groupId, group.id), eq(lessons.status, 'booked'), gt(lessons.endsAt, now), sql`${lessons.startsAt} >= ${seat.coversFrom.toISOString()}::timestamptz`))
      .orderBy(asc(lessons.startsAt));
    out.push({
      group: view,
      seat: {
        id: seat.id,
        status: seat.status as 'held' | 'paid', lessons: seat.lessons, perLessonTiyn: seat.perLessonTiyn, amountTiyn: seat.amountTiyn, heldUntil: seat.heldUntil?.toISOString() ?? null,
        offer: seat.offer,
        // What leaving now gives back (the leaving rule); null for a company's seat (HR removes those).
        leaveRefundTiyn: seat.status === 'paid' && seat.orderId !== null ? (await seatMoney(db, seat, now)).backTiyn : null,
      },
      upcoming: seat.status === 'paid' ? ahead.map((l) => ({ id: l.id, startsAt: l.startsAt.toISOString(), endsAt: l.endsAt.toISOString(), ...lessonLinks(l.id, 'student', locale) })) : [],
    });
  }
  const waits = await db
    .select({ groupId: groupWaitlist.groupId, position: groupWaitlist.position, status: groupWaitlist.status, offeredUntil: groupWaitlist.offeredUntil, subject: groups.subject, level: groups.level })
    .from(groupWaitlist)
    .innerJoin(groups, eq(groups.id, groupWaitlist.groupId))
    .where(and(eq(groupWaitlist.studentId, studentId), inArray(groupWaitlist.status, ['waiting', 'offered'])))
    .orderBy(asc(groupWaitlist.createdAt));
  const ahead = async (w: (typeof waits)[number]) =>
    Number(
      (
        await db
          .select({ n: sql<number>`count(*)::int` })
          .from(groupWaitlist)
          .where(and(eq(groupWaitlist.groupId, w.groupId), eq(groupWaitlist.status, 'waiting'), sql`${groupWaitlist.position} < ${w.position}`))
      )[0]?.n ?? 0,
    );
  const waitlist = [];
  for (const w of waits) waitlist.push({ groupId: w.groupId, subject: w.subject, level: w.level, position: (await ahead(w)) + 1, status: w.status, offeredUntil: w.offeredUntil?.toISOString() ?? null });
  return { groups: out, waitlist };
}

/**
 * A student's live seats (paid, or held and not lapsed: a checkout under way or the waitlist's offer),
 * by group: what the public groups' pages ask to show "you are in this group" instead of the way to
 * buy one (GET /api/cabinet/groups/seats; the pages themselves are the same for everyone).
 */
export async function studentSeats(db: Db, studentId: number, now = new Date()): Promise<{ groupId: number; status: 'held' | 'paid' }[]> {
  const rows = await db
    .select({ groupId: groupSeats.groupId, status: groupSeats.status })
    .from(groupSeats)
    .where(and(eq(groupSeats.studentId, studentId), liveSeat(now)))
    .orderBy(asc(groupSeats.groupId));
  return rows.map((r) => ({ groupId: r.groupId, status: r.status === 'paid' ? 'paid' : 'held' }));
}

export interface TutorGroup extends GroupCard {
  /** The paid seats' students: first name and the last name's initial (never a phone or an e-mail), and the level of their latest lesson report (null: none yet). */
  roster: { studentId: number; name: string; level: string | null }[];
}

/** A tutor's groups (not drafts or cancelled ones), with their rosters: the tutor's cabinet. */
export async function tutorGroups(db: Db, tutorId: number, now = new Date()): Promise<TutorGroup[]> {
  const list = await cards(db, and(eq(groups.tutorId, tutorId), inArray(groups.status, ['open', 'running', 'finished'])), now);
  const seats = list.length
    ? await db
        .select({ groupId: groupSeats.groupId, studentId: groupSeats.studentId })
        .from(groupSeats)
        .where(and(inArray(groupSeats.groupId, list.map((g) => g.id)), eq(groupSeats.status, 'paid')))
        .orderBy(asc(groupSeats.id))
    : [];
  const ids = [...new Set(seats.map((s) => s.studentId))];
  const names = await rosterNames(db, ids);
  const levels = new Map(
    (ids.length
      ? await db
          .selectDistinctOn([lessonReports.studentId], { studentId: lessonReports.studentId, level: lessonReports.level })
          .from(lessonReports)
          .where(inArray(lessonReports.studentId, ids))
          .orderBy(lessonReports.studentId, desc(lessonReports.createdAt))
      : []
    ).map((r) => [r.studentId, r.level]),
  );
  return list.map((g) => ({ ...g, roster: seats.filter((s) => s.groupId === g.id).map((s) => ({ studentId: s.studentId, name: names.get(s.studentId) ?? '', level: levels.get(s.studentId) ?? null })) }));
}

export { cards as groupCards };
