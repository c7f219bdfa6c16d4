import 'server-only';
import { and, asc, eq, gte, inArray, lt, notInArray } from 'drizzle-orm';
import type { Locale } from '@/i18n/routing';
import { audit, auditListView, type Actor } from '@/lib/audit/log';
import { companyEmployees, lessonAttendance, lessons } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { translatorFor } from '@/lib/i18n/translate';
import { presence } from '@/lib/lessons/attendance';
import { maskIin } from '@/lib/mask';
import { poolLessonsOf } from '@/lib/payments/company-pools';
import { schoolClock, schoolDay } from '@/lib/time/wall-clock';
import { fileResponse } from '@/lib/api/download';
import { exportTable, type ResultsFormat } from './results-export';

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

interface LessonRow {
  lessonId: number;
  employeeId: number;
  lastName: string;
  firstName: string;
  iinLast4: string;
  startsAt: Date;
  endsAt: Date;
  /** held / not_held by the room's log, or null while not settled. */
  factStatus: 'held' | 'not_held' | null;
  attendedMinutes: number;
}

/**
 * The company's lessons in the period (by start; cancelled ones left out), each with the minutes the
 * employee was in the lesson's room (the student's side of the room's attendance log). Never the
 * content (chat, notes, board, words, report), the tutor or the subject.
 */
async function companyLessons(db: Db, companyId: number, period: { from: Date; to: Date }, now: Date): Promise<LessonRow[]> {
  const rows = await db
    .select({ lessonId: lessons.id, startsAt: lessons.startsAt, endsAt: lessons.endsAt, factStatus: lessons.factStatus, employeeId: companyEmployees.id, lastName: companyEmployees.lastName, firstName: companyEmployees.firstName, iinLast4: companyEmployees.iinLast4 })
    .from(lessons)
    .innerJoin(companyEmployees, eq(companyEmployees.id, lessons.companyEmployeeId))
    .where(and(eq(companyEmployees.companyId, companyId), gte(lessons.startsAt, period.from), lt(lessons.startsAt, period.to), notInArray(lessons.status, ['hold', 'cancelled'])))
    .orderBy(asc(companyEmployees.lastName), asc(companyEmployees.firstName), asc(companyEmployees.id), asc(lessons.startsAt))
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
  return rows.map((r) => ({
    ...r,
    attendedMinutes: Math.floor(presence(byLesson.get(r.lessonId) ?? [], now).student.reduce((sum, [a, b]) => sum + (b - a), 0) / 60_000),
  }));
}

/**
 * What HR sees of the lessons the company pays for (lessons.company_employee_id): per employee, the
 * lessons in the period as the room's log settled them (held, not held, not yet) and the minutes the
 * employee was in them. One `lesson.minutes` audit row per look.
 */
export async function employeeLessonMinutes(db: Db, actor: Actor, companyId: number, period: { from: Date; to: Date }, now = new Date()) {
  const employees = new Map<number, EmployeeLessonMinutes>();
  for (const r of await companyLessons(db, companyId, period, now)) {
    const e = employees.get(r.employeeId) ?? { employeeId: r.employeeId, lastName: r.lastName, firstName: r.firstName, held: 0, notHeld: 0, scheduled: 0, attendedMinutes: 0 };
    if (r.factStatus === 'held') e.held += 1;
    else if (r.factStatus === 'not_held') e.notHeld += 1;
    else e.scheduled += 1;
    e.attendedMinutes += r.attendedMinutes;
    employees.set(r.employeeId, e);
  }
  const list = [...employees.values()];
  await auditListView(db, actor, { action: 'lesson.minutes', entity: 'lesson', filter: { from: period.from.toISOString(), to: period.to.toISOString() }, total: list.length });
  return { from: period.from.toISOString(), to: period.to.toISOString(), employees: list, totalMinutes: list.reduce((s, e) => s + e.attendedMinutes, 0) };
}

/**
 * HR's export of the lessons per employee with their dates (XLSX or CSV, as the results' export):
 * name, IIN masked (its last four digits), the lesson's day and time (Almaty), its length, what the
 * room's log says, the minutes the employee was in it, and the pool lesson it took (its price and
 * whether it was used). Audited `lesson.export` with the period and the row count.
 */
export async function exportLessons(db: Db, actor: Actor, companyId: number, period: { from: Date; to: Date }, format: ResultsFormat, locale: Locale, now = new Date()): Promise<Response> {
  const rows = await companyLessons(db, companyId, period, now);
  const pool = new Map((await poolLessonsOf(db, companyId, period)).map((l) => [l.lessonId, l]));
  await audit(db, actor, { action: 'lesson.export', entity: 'company', entityId: companyId, after: { format, iin: 'masked', from: period.from.toISOString(), to: period.to.toISOString(), rows: rows.length } });
  const t = translatorFor(locale, 'Company');
  const header = ['lastName', 'firstName', 'iin', 'date', 'time', 'minutes', 'state', 'attended', 'pool', 'amount'].map((k) => t(`lessons.column.${k}` as never));
  const body = rows.map((r) => {
    const p = pool.get(r.lessonId);
    return [
      r.lastName,
      r.firstName,
      maskIin(r.iinLast4),
      schoolDay(r.startsAt),
      schoolClock(r.startsAt).toISOString().slice(11, 16),
      String(Math.round((r.endsAt.getTime() - r.startsAt.getTime()) / 60_000)),
      t(`lessons.state.${r.factStatus ?? 'scheduled'}` as never),
      String(r.attendedMinutes),
      p ? t(`lessons.poolState.${p.state}` as never) : '',
      p ? (p.amountTiyn / 100).toFixed(2) : '',
    ];
  });
  const name = `lessons-${schoolDay(period.from)}-${schoolDay(new Date(period.to.getTime() - 1))}.${format}`;
  return fileResponse(await exportTable(header, body, t('lessons.sheet'), format), format, name);
}
