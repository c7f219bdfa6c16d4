import 'server-only';
import { desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ApiError } from '@/lib/api/errors';
import { lessonReports, lessons, users } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import type { LessonReportInput } from '@/lib/validations/lesson-report';
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
export function reportable(lesson: Pick<RoomLesson, 'status' | 'startsAt' | 'studentId'>, now: Date): boolean {
  return lesson.studentId !== null && (lesson.status === 'booked' || lesson.status === 'held') && lesson.startsAt <= now;
}

export async function reportOf(db: Db, lessonId: number): Promise<Report | null> {
  const [row] = await db.select().from(lessonReports).where(eq(lessonReports.lessonId, lessonId)).limit(1);
  return row ?? null;
}

/**
 * The lesson's tutor files the report (or replaces it, for REPORT_EDIT_HOURS after filing): after the
 * start of a lesson that is booked or held. The student and anyone else: 403; too early, a cancelled
 * or missed lesson: 409 `lesson_state`; past the edit window: 409 `report_locked`.
 */
export async function fileReport(db: Db, user: User, lessonId: number, input: LessonReportInput, now = new Date()) {
  const { lesson, side } = await roomSide(db, user, lessonId);
  if (side !== 'tutor') throw new ApiError(403, 'forbidden');
  if (!reportable(lesson, now)) throw new ApiError(409, 'lesson_state');
  const existing = await reportOf(db, lessonId);
  if (existing && now >= editDeadline(existing)) throw new ApiError(409, 'report_locked');
  const values = { covered: input.covered, homework: input.homework, level: input.level, marks: input.marks, updatedAt: now };
  const [row] = await db
    .insert(lessonReports)
    .values({ lessonId, studentId: lesson.studentId!, tutorId: lesson.tutorId, ...values, createdAt: now })
    .onConflictDoUpdate({ target: lessonReports.lessonId, set: values })
    .returning();
  return reportView(row!, now);
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
