import 'server-only';
// Paid lessons whose money the rules leave to people (docs/payments.md, "A paid lesson's money"):
// the room's log settled the lesson as not held although both sides came (together less than
// LESSON_HELD_MINUTES), so it is neither earned by the tutor nor given back. Finance reads the facts
// (who joined, minutes together, the tutor's correction and its reason) and decides, with a reason:
// the tutor earns it or it goes back to the package. Each view and decision is an audit row.
import { and, desc, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ApiError } from '@/lib/api/errors';
import { audit, auditListView, type Actor } from '@/lib/audit/log';
import { lessonAttendanceCorrections, lessonPackages, lessons, paymentOrders, users } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { lessonsAttendance } from '@/lib/lesson-room/attendance';
import { bookTutorEarning, giveLessonBack } from './lesson-money';

export interface UndecidedLesson {
  id: number;
  startsAt: Date;
  subject: string;
  tutor: string;
  student: string;
  invoiceId: string;
  orderId: number;
  perLessonTiyn: number;
  /** What the room's log says. */
  joined: { student: boolean; tutor: boolean };
  togetherMinutes: number;
  /** The tutor's last correction, if any. */
  correction: { status: 'held' | 'not_held'; noShow: 'student' | 'tutor' | 'both' | null; reason: string } | null;
}

/** Ended, settled by the job, spent from the package, and neither given back nor earned. */
const undecided = (now: Date) =>
  and(
    eq(lessons.kind, 'paid'),
    isNotNull(lessons.packageId),
    isNotNull(lessons.factStatus),
    lt(lessons.endsAt, now),
    sql`exists (select 1 from ledger_entries e where e.lesson_id = ${lessons.id} and e.kind = 'lesson_spent')`,
    sql`not exists (select 1 from ledger_entries e where e.lesson_id = ${lessons.id} and e.kind in ('lesson_returned', 'tutor_earning'))`,
  );

const tutorUser = alias(users, 'tutor_user');
const studentUser = alias(users, 'student_user');

/** The lessons waiting for finance, oldest first, a page at a time; one `lesson_money.list` audit row per view. */
export async function viewUndecidedLessons(db: Db, actor: Actor, f: { page: number; pageSize: number }, now = new Date()): Promise<{ rows: UndecidedLesson[]; total: number }> {
  const where = undecided(now);
  const [found, [count]] = await Promise.all([
    db
      .select({
        id: lessons.id,
        startsAt: lessons.startsAt,
        subject: lessons.subject,
        tutor: sql<string>`trim(${tutorUser.lastname} || ' ' || ${tutorUser.name})`,
        student: sql<string>`trim(${studentUser.lastname} || ' ' || ${studentUser.name})`,
        invoiceId: paymentOrders.invoiceId,
        orderId: paymentOrders.id,
        perLessonTiyn: lessonPackages.perLessonTiyn,
      })
      .from(lessons)
      .innerJoin(lessonPackages, eq(lessonPackages.id, lessons.packageId))
      .innerJoin(paymentOrders, eq(paymentOrders.id, lessonPackages.orderId))
      .innerJoin(tutorUser, eq(tutorUser.id, lessons.tutorId))
      .innerJoin(studentUser, eq(studentUser.id, lessons.studentId))
      .where(where)
      .orderBy(lessons.startsAt, lessons.id)
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize),
    db.select({ n: sql<number>`count(*)::int` }).from(lessons).where(where),
  ]);
  // The page's facts in two reads, not two a row: the room's log, and each lesson's last correction.
  const ids = found.map((r) => r.id);
  const attendance = await lessonsAttendance(db, ids, now);
  const corrections = ids.length
    ? await db
        .select({ lessonId: lessonAttendanceCorrections.lessonId, status: lessonAttendanceCorrections.status, noShow: lessonAttendanceCorrections.noShow, reason: lessonAttendanceCorrections.reason })
        .from(lessonAttendanceCorrections)
        .where(inArray(lessonAttendanceCorrections.lessonId, ids))
        .orderBy(desc(lessonAttendanceCorrections.createdAt), desc(lessonAttendanceCorrections.id))
    : [];
  const rows: UndecidedLesson[] = found.map((r) => {
    const a = attendance.get(r.id)!;
    const c = corrections.find((x) => x.lessonId === r.id);
    return { ...r, joined: a.joined, togetherMinutes: a.togetherMinutes, correction: c ? { status: c.status, noShow: c.noShow, reason: c.reason } : null };
  });
  const total = count?.n ?? 0;
  await auditListView(db, actor, { action: 'lesson_money.list', entity: 'lesson', filter: f, total });
  return { rows, total };
}

/**
 * Finance decides an undecided lesson's money, with a reason: `earned` (the tutor's earning, as for
 * a held lesson) or `returned` (back to the student's package). 404 for a lesson that is not a paid
 * one; 409 `lesson_state` for one the rules have not settled yet; 409 `lesson_decided` when its money
 * was already decided (by the rules or by another decision: the lesson's row is locked, once).
 * Audited as `lesson_money.decide`.
 */
export async function decideLessonMoney(db: Db, actor: Actor, lessonId: number, decision: 'earned' | 'returned', reason: string, now = new Date()): Promise<{ lessonId: number; decision: 'earned' | 'returned' }> {
  const [lesson] = await db.select().from(lessons).where(and(eq(lessons.id, lessonId), eq(lessons.kind, 'paid'), isNotNull(lessons.packageId))).limit(1);
  if (!lesson) throw new ApiError(404, 'not_found');
  if (!lesson.factStatus || lesson.endsAt >= now) throw new ApiError(409, 'lesson_state');
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const moved = decision === 'earned' ? await bookTutorEarning(tx, lessonId) : await giveLessonBack(tx, lessonId);
    if (moved === 'none') throw new ApiError(409, 'lesson_decided');
    await audit(tx, actor, { action: 'lesson_money.decide', entity: 'lesson', entityId: lessonId, after: { decision, reason } });
    return { lessonId, decision };
  });
}
