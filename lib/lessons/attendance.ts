import 'server-only';
import { and, asc, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { ApiError } from '@/lib/api/errors';
import { audit } from '@/lib/audit/log';
import { groups, lessonAttendance, lessonAttendanceCorrections, lessons, type RoomSide, users } from '@/lib/db/schema';
import { transaction } from '@/lib/db/transaction';
import type { Db } from '@/lib/db/types';
import { env } from '@/lib/env';
import { bookTutorEarning, settleLessonMoney } from './money';
import { recordStudentFacts, seatsOfLesson, settleGroupLessonMoney, type StudentFact } from './group-money';

/** An open stream records a heartbeat every ROOM_HEARTBEAT_MS (lib/env.ts, at most 30 s); a connection without one for HEARTBEAT_GRACE_MS is gone. */
export const HEARTBEAT_GRACE_MS = 45_000;

type Row = Pick<typeof lessonAttendance.$inferSelect, 'side' | 'connection' | 'kind' | 'at'> & { userId?: number | null };
type Interval = [number, number];

/** One row of the room's log: a connection of a side (and, for a group lesson's students, whose it is) joined, left or is alive. */
export async function recordAttendance(db: Db, lessonId: number, side: RoomSide, connection: string, kind: 'join' | 'leave' | 'heartbeat', now = new Date(), userId: number | null = null): Promise<void> {
  await db.insert(lessonAttendance).values({ lessonId, side, connection, kind, at: now, userId });
}

/** Merges overlapping intervals. */
function union(list: Interval[]): Interval[] {
  const sorted = [...list].sort((a, b) => a[0] - b[0]);
  const out: Interval[] = [];
  for (const [s, e] of sorted) {
    const last = out[out.length - 1];
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else out.push([s, e]);
  }
  return out;
}

/**
 * Each side's presence from the log: a connection is present from its join to its leave, or (no
 * leave: a crashed tab or instance) to its last sign of life plus HEARTBEAT_GRACE_MS, never past `now`.
 */
export function presence(rows: Row[], now: Date): Record<RoomSide, Interval[]> {
  const byConn = new Map<string, { side: RoomSide; start?: number; end?: number; seen: number }>();
  for (const r of rows) {
    const at = r.at.getTime();
    const c = byConn.get(r.connection) ?? { side: r.side, seen: at };
    if (r.kind === 'join') c.start = Math.min(c.start ?? at, at);
    if (r.kind === 'leave') c.end = at;
    c.seen = Math.max(c.seen, at);
    byConn.set(r.connection, c);
  }
  const out: Record<RoomSide, Interval[]> = { student: [], tutor: [] };
  for (const c of byConn.values()) {
    if (c.start === undefined) continue;
    const end = Math.min(c.end ?? c.seen + HEARTBEAT_GRACE_MS, now.getTime());
    if (end > c.start) out[c.side].push([c.start, end]);
  }
  return { student: union(out.student), tutor: union(out.tutor) };
}

/** Milliseconds both sides were present at once. */
export function togetherMs(p: Record<RoomSide, Interval[]>): number {
  let total = 0;
  for (const [a, b] of p.student) for (const [c, d] of p.tutor) total += Math.max(0, Math.min(b, d) - Math.max(a, c));
  return total;
}

export interface Attendance {
  joined: Record<RoomSide, boolean>;
  togetherMinutes: number;
  held: boolean;
}

/** A lesson's attendance from its log rows (in time order). */
function attendanceFrom(rows: Row[], now: Date, heldMinutes: number): Attendance {
  const together = togetherMs(presence(rows, now));
  return {
    joined: { student: rows.some((r) => r.side === 'student' && r.kind === 'join'), tutor: rows.some((r) => r.side === 'tutor' && r.kind === 'join') },
    togetherMinutes: Math.floor(together / 60_000),
    held: together >= heldMinutes * 60_000,
  };
}

export async function lessonAttendanceOf(db: Db, lessonId: number, now = new Date(), heldMinutes = env().LESSON_HELD_MINUTES): Promise<Attendance> {
  return (await lessonsAttendance(db, [lessonId], now, heldMinutes)).get(lessonId)!;
}

/** The attendance of several lessons, read in one query (a list's rows). */
export async function lessonsAttendance(db: Db, lessonIds: number[], now = new Date(), heldMinutes = env().LESSON_HELD_MINUTES): Promise<Map<number, Attendance>> {
  const rows = lessonIds.length ? await db.select().from(lessonAttendance).where(inArray(lessonAttendance.lessonId, lessonIds)).orderBy(asc(lessonAttendance.at)) : [];
  return new Map(lessonIds.map((id) => [id, attendanceFrom(rows.filter((r) => r.lessonId === id), now, heldMinutes)]));
}

const SYSTEM = { kind: 'system' as const, id: null, label: 'lesson-room', ipHash: null };

/**
 * As soon as both sides were together long enough (on a heartbeat): the facts say held, and a
 * booked lesson becomes held (a lesson the tutor already marked keeps the tutor's mark).
 */
export async function markHeldIfTogether(db: Db, lessonId: number, now = new Date()): Promise<boolean> {
  // A group lesson is settled once, at its end, student by student (settleEndedLessons).
  const [kind] = await db.select({ kind: lessons.kind }).from(lessons).where(eq(lessons.id, lessonId)).limit(1);
  if (kind?.kind === 'group') return false;
  const a = await lessonAttendanceOf(db, lessonId, now);
  if (!a.held) return false;
  return transaction(db, async (tx) => {
    const [fact] = await tx
      .update(lessons)
      .set({ factStatus: 'held', factNoShow: null })
      .where(and(eq(lessons.id, lessonId), isNull(lessons.factStatus), inArray(lessons.status, ['booked', 'held', 'not_held'])))
      .returning({ id: lessons.id });
    const [row] = await tx
      .update(lessons)
      .set({ status: 'held', noShow: null, markedAt: now, updatedAt: now })
      .where(and(eq(lessons.id, lessonId), eq(lessons.status, 'booked')))
      .returning({ id: lessons.id });
    if (fact || row) await audit(tx, SYSTEM, { action: 'lesson.attendance', entity: 'lesson', entityId: lessonId, after: { status: 'held', togetherMinutes: a.togetherMinutes } });
    // A paid lesson held: the tutor's earning, once (lib/lessons/money.ts).
    if (fact) await bookTutorEarning(tx, lessonId);
    return Boolean(row);
  });
}

/**
 * The job (every minute, lib/server/services.ts): every lesson whose end has passed and whose facts
 * are not yet settled gets its outcome from the room's log: held when both were together
 * LESSON_HELD_MINUTES, else not held, with the side(s) that never joined as the no-show. The facts
 * go to `fact_status`/`fact_no_show`; a booked lesson's status follows them, a lesson the tutor
 * marked (a correction) keeps the mark. A paid lesson's money follows the facts in the same
 * transaction (docs/payments.md): held or the student's no-show, the tutor earns; the tutor's
 * no-show, back to the package. Returns how many booked lessons it closed.
 */
export async function settleEndedLessons(db: Db, now = new Date()): Promise<number> {
  const ended = await db
    .select({ id: lessons.id, kind: lessons.kind })
    .from(lessons)
    .where(and(isNull(lessons.factStatus), inArray(lessons.status, ['booked', 'held', 'not_held']), lte(lessons.endsAt, now)))
    .limit(200);
  let closed = 0;
  for (const { id, kind } of ended) {
    if (kind === 'group') {
      if (await settleGroupLesson(db, id, now)) closed++;
      continue;
    }
    const a = await lessonAttendanceOf(db, id, now);
    const noShow = a.held ? null : !a.joined.student && !a.joined.tutor ? 'both' : !a.joined.student ? 'student' : !a.joined.tutor ? 'tutor' : null;
    const status = a.held ? 'held' : 'not_held';
    const done = await transaction(db, async (tx) => {
      const [fact] = await tx
        .update(lessons)
        .set({ factStatus: status, factNoShow: noShow })
        .where(and(eq(lessons.id, id), isNull(lessons.factStatus)))
        .returning({ id: lessons.id });
      if (!fact) return false;
      const [row] = await tx
        .update(lessons)
        .set({ status, noShow, markedAt: now, updatedAt: now })
        .where(and(eq(lessons.id, id), eq(lessons.status, 'booked')))
        .returning({ id: lessons.id });
      await audit(tx, SYSTEM, { action: 'lesson.attendance', entity: 'lesson', entityId: id, after: { status, noShow, togetherMinutes: a.togetherMinutes, corrected: !row } });
      // A paid lesson's money follows the facts: earned by the tutor, or back to the package.
      await settleLessonMoney(tx, id, { status, noShow });
      return Boolean(row);
    });
    if (done) closed++;
  }
  return closed;
}

/**
 * Each seated student's facts of a group lesson from the room's log: present when together with the
 * tutor for `heldMinutes` or more (the one-on-one lesson's rule, per student), the minutes together.
 * The lesson is held when one student was present; not held, the tutor's no-show when the tutor
 * never joined, the students' when the tutor came and none of them did (each has spent the lesson).
 */
export function groupAttendanceFrom(rows: Row[], studentIds: number[], now: Date, heldMinutes: number): { facts: StudentFact[]; status: 'held' | 'not_held'; noShow: 'student' | 'tutor' | 'both' | null; joined: { tutor: boolean; students: boolean } } {
  const tutorRows = rows.filter((r) => r.side === 'tutor');
  const facts = studentIds.map((studentId) => {
    const together = togetherMs(presence([...tutorRows, ...rows.filter((r) => r.side === 'student' && r.userId === studentId)], now));
    return { studentId, present: together >= heldMinutes * 60_000, minutes: Math.floor(together / 60_000) };
  });
  const joined = { tutor: tutorRows.some((r) => r.kind === 'join'), students: rows.some((r) => r.side === 'student' && r.kind === 'join' && r.userId != null && studentIds.includes(r.userId)) };
  const held = facts.some((f) => f.present);
  const noShow = held ? null : !joined.tutor && !joined.students ? 'both' : !joined.tutor ? 'tutor' : !joined.students ? 'student' : null;
  return { facts, status: held ? 'held' : 'not_held', noShow, joined };
}

/** Settles one ended group lesson (the job): its students' facts, its own, and its money (lib/lessons/group-money.ts). */
async function settleGroupLesson(db: Db, lessonId: number, now: Date, heldMinutes = env().LESSON_HELD_MINUTES): Promise<boolean> {
  const [lesson] = await db.select().from(lessons).where(eq(lessons.id, lessonId)).limit(1);
  if (!lesson) return false;
  const seats = await seatsOfLesson(db, lesson);
  const rows = await db.select().from(lessonAttendance).where(eq(lessonAttendance.lessonId, lessonId)).orderBy(asc(lessonAttendance.at));
  const a = groupAttendanceFrom(rows, [...new Set(seats.map((s) => s.studentId))], now, heldMinutes);
  return transaction(db, async (tx) => {
    // The group's row first (the lock that orders its seats' changes: a student leaving meanwhile
    // sees this lesson either in progress or spent, never both), then the lesson's.
    await tx.execute(sql`select id from ${groups} where ${groups.id} = ${lesson.groupId} for update`);
    const [fact] = await tx
      .update(lessons)
      .set({ factStatus: a.status, factNoShow: a.noShow })
      .where(and(eq(lessons.id, lessonId), isNull(lessons.factStatus)))
      .returning({ id: lessons.id });
    if (!fact) return false;
    const [row] = await tx
      .update(lessons)
      .set({ status: a.status, noShow: a.noShow, markedAt: now, updatedAt: now })
      .where(and(eq(lessons.id, lessonId), eq(lessons.status, 'booked')))
      .returning({ id: lessons.id });
    await recordStudentFacts(tx, lessonId, a.facts);
    await audit(tx, SYSTEM, { action: 'lesson.attendance', entity: 'lesson', entityId: lessonId, after: { status: a.status, noShow: a.noShow, present: a.facts.filter((f) => f.present).length, seats: a.facts.length, corrected: !row } });
    await settleGroupLessonMoney(tx, lessonId, { status: a.status, noShow: a.noShow });
    return Boolean(row);
  });
}

/** The tutor may correct a lesson's outcome from its start until this long after its end. */
export const CORRECTION_DAYS = 7;

/**
 * The tutor's manual mark: a correction of the outcome, with a reason (lib/validations/booking.ts
 * markSchema), kept in lesson_attendance_corrections with who and when. The lesson's status takes
 * the tutor's word; the facts (`fact_status`, the attendance log) stay as they are. Only the
 * lesson's tutor (anyone else 404), after the start of a booked, held or not-held lesson (409
 * `lesson_state`), up to CORRECTION_DAYS after its end (409 `correction_closed`).
 */
export async function correctAttendance(
  db: Db,
  user: { id: number },
  lessonId: number,
  input: { outcome: 'held' | 'not_held'; noShow?: 'student' | 'tutor' | 'both'; reason: string },
  now = new Date(),
) {
  const [lesson] = await db.select().from(lessons).where(eq(lessons.id, lessonId)).limit(1);
  if (!lesson || lesson.tutorId !== user.id || lesson.status === 'hold') throw new ApiError(404, 'not_found');
  if (!['booked', 'held', 'not_held'].includes(lesson.status) || lesson.startsAt > now) throw new ApiError(409, 'lesson_state');
  if (now.getTime() > lesson.endsAt.getTime() + CORRECTION_DAYS * 86_400_000) throw new ApiError(409, 'correction_closed');
  const noShow = input.outcome === 'not_held' ? (input.noShow ?? null) : null;
  return transaction(db, async (tx) => {
    const [row] = await tx
      .update(lessons)
      .set({ status: input.outcome, noShow, markedAt: now, updatedAt: now })
      .where(and(eq(lessons.id, lessonId), eq(lessons.status, lesson.status)))
      .returning();
    if (!row) throw new ApiError(409, 'lesson_state');
    await tx.insert(lessonAttendanceCorrections).values({ lessonId, byUserId: user.id, fromStatus: lesson.status, status: input.outcome, noShow, reason: input.reason, createdAt: now });
    return row;
  });
}

/** A lesson's corrections, newest first, with who made them: for staff (the back office's trial view). */
export async function attendanceCorrections(db: Db, lessonId: number) {
  const rows = await db
    .select({ at: lessonAttendanceCorrections.createdAt, fromStatus: lessonAttendanceCorrections.fromStatus, status: lessonAttendanceCorrections.status, noShow: lessonAttendanceCorrections.noShow, reason: lessonAttendanceCorrections.reason, name: users.name, lastname: users.lastname })
    .from(lessonAttendanceCorrections)
    .innerJoin(users, eq(users.id, lessonAttendanceCorrections.byUserId))
    .where(eq(lessonAttendanceCorrections.lessonId, lessonId))
    .orderBy(desc(lessonAttendanceCorrections.createdAt), desc(lessonAttendanceCorrections.id));
  return rows.map((r) => ({ at: r.at.toISOString(), fromStatus: r.fromStatus, status: r.status, noShow: r.noShow, reason: r.reason, by: [r.name, r.lastname].filter(Boolean).join(' ') }));
}
