import 'server-only';
import { and, asc, eq, gte, inArray, lt, notInArray } from 'drizzle-orm';
import { auditListView, type Actor } from '@/lib/audit/log';
import { companyEmployees, lessonAttendance, lessons } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { presence } from '@/lib/lesson-room/attendance';

/** At most this many lessons are read for one period (a company's month of lessons fits many times over). */
export const LESSON_MINUTES_LIMIT = 5000;

export interface EmployeeLessonMinutes {
  employeeId: number;
  lastName: string;
  firstName: string;
  /** Held: the room's log says so (`fact_status`), never because the lesson was booked or linked. */
  held: number;
  /** The room's log says not held (someone did not come, or not long enough together). */
  notHeld: number;
  /** Not settled by the log yet: ahead, or just ended. */
  scheduled: number;
  attendedMinutes: number;
}

/**
 * What HR sees of the lessons the company pays for (lessons.company_employee_id): per employee, the
 * lessons in the period (by start; cancelled ones left out) as the room's log settled them (held,
 * not held, not yet) and the minutes the employee was in the lesson's room, from the room's
 * attendance log. Never the content (chat, notes, board, words, report), the tutor's name or the
 * subject. One `lesson.minutes` audit row per look.
 */
export async function employeeLessonMinutes(db: Db, actor: Actor, companyId: number, period: { from: Date; to: Date }, now = new Date()) {
  const rows = await db
    .select({ lessonId: lessons.id, factStatus: lessons.factStatus, employeeId: companyEmployees.id, lastName: companyEmployees.lastName, firstName: companyEmployees.firstName })
    .from(lessons)
    .innerJoin(companyEmployees, eq(companyEmployees.id, lessons.companyEmployeeId))
    .where(and(eq(companyEmployees.companyId, companyId), gte(lessons.startsAt, period.from), lt(lessons.startsAt, period.to), notInArray(lessons.status, ['hold', 'cancelled'])))
    .orderBy(asc(companyEmployees.lastName), asc(companyEmployees.firstName), asc(companyEmployees.id))
    .limit(LESSON_MINUTES_LIMIT);
  const ids = rows.map((r) => r.lessonId);
  const log = ids.length
    ? await db
        .select({ lessonId: lessonAttendance.lessonId, side: lessonAttendance.side, connection: lessonAttendance.connection, kind: lessonAttendance.kind, at: lessonAttendance.at })
        .from(lessonAttendance)
        .where(and(inArray(lessonAttendance.lessonId, ids), eq(lessonAttendance.side, 'student')))
        .orderBy(asc(lessonAttendance.at))
    : [];
  const byLesson = new Map<number, typeof log>();
  for (const r of log) byLesson.set(r.lessonId, [...(byLesson.get(r.lessonId) ?? []), r]);
  const employees = new Map<number, EmployeeLessonMinutes>();
  for (const r of rows) {
    const ms = presence(byLesson.get(r.lessonId) ?? [], now).student.reduce((sum, [a, b]) => sum + (b - a), 0);
    const e = employees.get(r.employeeId) ?? { employeeId: r.employeeId, lastName: r.lastName, firstName: r.firstName, held: 0, notHeld: 0, scheduled: 0, attendedMinutes: 0 };
    if (r.factStatus === 'held') e.held += 1;
    else if (r.factStatus === 'not_held') e.notHeld += 1;
    else e.scheduled += 1;
    e.attendedMinutes += Math.floor(ms / 60_000);
    employees.set(r.employeeId, e);
  }
  const list = [...employees.values()];
  await auditListView(db, actor, { action: 'lesson.minutes', entity: 'lesson', filter: { from: period.from.toISOString(), to: period.to.toISOString() }, total: list.length });
  return { from: period.from.toISOString(), to: period.to.toISOString(), employees: list, totalMinutes: list.reduce((s, e) => s + e.attendedMinutes, 0) };
}
