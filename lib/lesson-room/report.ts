import 'server-only';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ApiError } from '@/lib/api/errors';
import { lessonReports, lessons, users } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { transaction } from '@/lib/db/transaction';
import { lessonStudentIds } from '@/lib/lessons/group-money';
import { lessonHomeworkItems, replaceLessonHomework, resolveHomework } from '@/lib/library/homework';
import { schoolDateOf } from '@/lib/time/school-clock';
import { groupReportSchema, lessonReportSchema, type GroupReportInput, type LessonReportInput } from '@/lib/validations/lesson-report';
import { roomSide, type RoomLesson } from './access';

/** A filed report may be edited by its tutor for this long. */
export const REPORT_EDIT_HOURS = 72;
/** The progress chart reads at most this many reports (the newest ones). */
export const PROGRESS_LIMIT = 200;

type User = { id: number };
type Report = typeof lessonReports.$inferSelect;

export function reportView(r: Report, now: Date) {
  return {
    covered: r.covered,
    homework: r.homework,
    level: r.level,
    marks: r.marks,
    filedAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    /** Until when the tutor may still change it. */
    editableUntil: editDeadline(r).toISOString(),
    editable: now < editDeadline(r),
  };
}
export type ReportView = ReturnType<typeof reportView>;

const editDeadline = (r: Pick<Report, 'createdAt'>) => new Date(r.createdAt.getTime() + REPORT_EDIT_HOURS * 3_600_000);

/** Whether a report may be filed on the lesson at `now`: it has started and was not cancelled nor missed. */
export function reportable(lesson: Pick<RoomLesson, 'kind' | 'status' | 'startsAt' | 'studentId'>, now: Date): boolean {
  return (lesson.kind === 'group' || lesson.studentId !== null) && (lesson.status === 'booked' || lesson.status === 'held') && lesson.startsAt <= now;
}

/** The lesson's report (a group lesson's: `studentId`'s row of it). */
export async function reportOf(db: Db, lessonId: number, studentId?: number): Promise<Report | null> {
  const [row] = await db
    .select()
    .from(lessonReports)
    .where(and(eq(lessonReports.lessonId, lessonId), studentId === undefined ? undefined : eq(lessonReports.studentId, studentId)))
    .limit(1);
  return row ?? null;
}

/** A group lesson's report as its tutor reads it: what was covered, the homework, each marked student's level and marks. */
export function groupReportView(rows: Report[], now: Date) {
  const first = rows.reduce((a, b) => (b.createdAt < a.createdAt ? b : a));
  const latest = rows.reduce((a, b) => (b.updatedAt > a.updatedAt ? b : a));
  return {
    covered: latest.covered,
    homework: latest.homework,
    students: rows.map((r) => ({ studentId: r.studentId, level: r.level, marks: r.marks })),
    filedAt: first.createdAt.toISOString(),
    updatedAt: latest.updatedAt.toISOString(),
    editableUntil: editDeadline(first).toISOString(),
    editable: now < editDeadline(first),
  };
}
export type GroupReportView = ReturnType<typeof groupReportView>;

/** A group lesson's report rows, in the order the tutor marked the students. */
export async function groupReportOf(db: Db, lessonId: number): Promise<Report[]> {
  return db.select().from(lessonReports).where(eq(lessonReports.lessonId, lessonId)).orderBy(asc(lessonReports.createdAt), asc(lessonReports.studentId));
}

/** POST /api/lessons/{id}/report: the body read as the lesson's kind wants it (a group's lesson: one report with a mark per student). */
export async function fileLessonReport(db: Db, user: User, lessonId: number, body: unknown, now = new Date()) {
  const { lesson, side } = await roomSide(db, user, lessonId);
  if (side !== 'tutor') throw new ApiError(403, 'forbidden');
  if (lesson.kind === 'group') return { groupReport: { ...(await fileGroupReport(db, user, lessonId, groupReportSchema.parse(body), now)), assign: await lessonHomeworkItems(db, lessonId) } };
  return { report: { ...(await fileReport(db, user, lessonId, lessonReportSchema.parse(body), now)), assign: await lessonHomeworkItems(db, lessonId) } };
}

/**
 * The tutor of a group's lesson files one report for the group: what was covered and the homework,
 * with each marked student's level and marks (one row each: every student's progress reads their own);
 * filing again replaces it while it may be edited (REPORT_EDIT_HOURS from the first filing). Only the
 * lesson's seated students may be marked (422 on `students.N.studentId`). Refusals as `fileReport`.
 */
export async function fileGroupReport(db: Db, user: User, lessonId: number, input: GroupReportInput, now = new Date()): Promise<GroupReportView> {
  const { lesson, side } = await roomSide(db, user, lessonId);
  if (side !== 'tutor') throw new ApiError(403, 'forbidden');
  if (lesson.kind !== 'group' || !reportable(lesson, now)) throw new ApiError(409, 'lesson_state');
  const seated = await lessonStudentIds(db, lesson);
  const stranger = input.students.findIndex((s) => !seated.includes(s.studentId));
  if (stranger >= 0) throw new ApiError(422, 'validation_failed', { [`students.${stranger}.studentId`]: 'invalid_value' });
  const units = await resolveHomework(db, input.assign ?? [], schoolDateOf(lesson.startsAt));
  return transaction(db, async (tx) => {
    // The lesson's row is the lock: two saves of one report take turns.
    await tx.execute(sql`select id from ${lessons} where ${lessons.id} = ${lessonId} for update`);
    const existing = await tx.select().from(lessonReports).where(eq(lessonReports.lessonId, lessonId));
    const first = existing.length ? existing.reduce((a, b) => (b.createdAt < a.createdAt ? b : a)) : null;
    if (first && now >= editDeadline(first)) throw new ApiError(409, 'report_locked');
    const createdAt = first?.createdAt ?? now;
    await tx.delete(lessonReports).where(eq(lessonReports.lessonId, lessonId));
    const rows = await tx
      .insert(lessonReports)
      .values(input.students.map((s) => ({ lessonId, studentId: s.studentId, tutorId: lesson.tutorId, covered: input.covered, homework: input.homework, level: s.level, marks: s.marks, createdAt, updatedAt: now })))
      .returning();
    // The group's homework goes to every student of the lesson, marked or not.
    await replaceLessonHomework(tx, { id: lessonId, tutorId: lesson.tutorId }, seated, units, now);
    return groupReportView(rows, now);
  });
}

/**
 * The lesson's tutor files the report (or replaces it, for REPORT_EDIT_HOURS after filing): after the
 * start of a lesson that is booked or held. The student and anyone else: 403; too early, a cancelled
 * or missed lesson: 409 `lesson_state`; past the edit window: 409 `report_locked`.
 */
export async function fileReport(db: Db, user: User, lessonId: number, input: LessonReportInput, now = new Date()) {
  const { lesson, side } = await roomSide(db, user, lessonId);
  if (side !== 'tutor') throw new ApiError(403, 'forbidden');
  if (lesson.kind === 'group' || !reportable(lesson, now)) throw new ApiError(409, 'lesson_state');
  const existing = await reportOf(db, lessonId);
  if (existing && now >= editDeadline(existing)) throw new ApiError(409, 'report_locked');
  const units = await resolveHomework(db, input.assign ?? [], schoolDateOf(lesson.startsAt));
  const values = { covered: input.covered, homework: input.homework, level: input.level, marks: input.marks, updatedAt: now };
  return transaction(db, async (tx) => {
    const [row] = await tx
      .insert(lessonReports)
      .values({ lessonId, studentId: lesson.studentId!, tutorId: lesson.tutorId, ...values, createdAt: now })
      .onConflictDoUpdate({ target: [lessonReports.lessonId, lessonReports.studentId], set: values })
      .returning();
    await replaceLessonHomework(tx, { id: lessonId, tutorId: lesson.tutorId }, [lesson.studentId!], units, now);
    return reportView(row!, now);
  });
}

/**
 * The student's progress: every report on the student's lessons, oldest first (the chart runs left
 * to right), with the lesson's date, subject and tutor. Only the student's own; a tutor has none.
 */
export async function studentProgress(db: Db, user: { id: number; role: string }, now = new Date()) {
  if (user.role !== 'student') return { student: false, reports: [] };
  const tutor = alias(users, 'tutor');
  const rows = await db
    .select({ report: lessonReports, startsAt: lessons.startsAt, subject: lessons.subject, tutorName: tutor.name, tutorLastname: tutor.lastname })
    .from(lessonReports)
    .innerJoin(lessons, eq(lessons.id, lessonReports.lessonId))
    .innerJoin(tutor, eq(tutor.id, lessonReports.tutorId))
    .where(eq(lessonReports.studentId, user.id))
    .orderBy(desc(lessons.startsAt), desc(lessons.id))
    .limit(PROGRESS_LIMIT);
  return {
    student: true,
    reports: rows.reverse().map((r) => ({
      lesson: { id: r.report.lessonId, startsAt: r.startsAt.toISOString(), subject: r.subject, tutor: [r.tutorName, r.tutorLastname].filter(Boolean).join(' ') },
      ...reportView(r.report, now),
    })),
  };
}
