import 'server-only';
import { audit, auditListView, type Actor } from '@/lib/audit/log';
import { maskPhone } from '@/lib/mask';
import { and, asc, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { companies, companyEmployees, lessonMessages, lessons, outbox, users, type LessonKind } from '@/lib/db/schema';
import { appSecret } from '@/lib/env';
import { syncLessonPoolSpend } from '@/lib/lessons/money';
import { hashIin } from '@/lib/quiz/attempts';
import type { LessonCompanyInput } from '@/lib/validations/booking';
import { ApiError } from '@/lib/api/errors';
import { transaction } from '@/lib/db/transaction';
import type { Db } from '@/lib/db/types';

/**
 * The back office's trial figures per tutor over a period of lesson start times: trials booked (not
 * holds), held, not held (and whose no-show) as the room's facts say (lessons.fact_status, never the
 * tutor's mark; `corrected` counts the lessons the tutor marked otherwise), cancelled, late cancels by the tutor, the average
 * rating, and the conversion: held ÷ booked trials that were not cancelled by the student (the share
 * of the tutor's trials that really took place; paid lessons do not exist yet).
 */
export async function trialFigures(db: Db, from: Date, to: Date) {
  const tutor = alias(users, 'tutor');
  const n = (cond: ReturnType<typeof sql>) => sql<number>`count(*) filter (where ${cond})::int`;
  const rows = await db
    .select({
      tutorId: lessons.tutorId,
      name: tutor.name,
      lastname: tutor.lastname,
      booked: sql<number>`count(*)::int`,
      held: n(sql`${lessons.factStatus} = 'held'`),
      notHeld: n(sql`${lessons.factStatus} = 'not_held'`),
      studentNoShow: n(sql`${lessons.factNoShow} in ('student', 'both')`),
      tutorNoShow: n(sql`${lessons.factNoShow} in ('tutor', 'both')`),
      // The tutor's mark says otherwise than the facts (lesson_attendance_corrections has the reason).
      corrected: n(sql`${lessons.factStatus} is not null and ${lessons.status} in ('held', 'not_held') and (${lessons.status} <> ${lessons.factStatus} or ${lessons.noShow} is distinct from ${lessons.factNoShow})`),
      cancelled: n(sql`${lessons.status} = 'cancelled'`),
      cancelledByStudent: n(sql`${lessons.cancelledBy} = 'student'`),
      lateTutorCancels: n(sql`${lessons.lateCancel}`),
      rating: sql<number | null>`round(avg(${lessons.rating}), 1)::float`,
    })
    .from(lessons)
    .innerJoin(tutor, eq(tutor.id, lessons.tutorId))
    .where(and(sql`${lessons.status} <> 'hold'`, gte(lessons.startsAt, from), lt(lessons.startsAt, to)))
    .groupBy(lessons.tutorId, tutor.name, tutor.lastname)
    .orderBy(desc(sql`count(*)`), asc(lessons.tutorId))
    .limit(500);
  return rows.map((r) => {
    const base = r.booked - r.cancelledByStudent;
    return { ...r, conversion: base > 0 ? r.held / base : null };
  });
}

/** A lesson's messages with their outbox delivery status (no bodies: they carry personal data). */
export async function lessonDeliveries(db: Db, lessonId: number) {
  return db
    .select({
      outboxId: outbox.id,
      purpose: lessonMessages.purpose,
      role: lessonMessages.recipientRole,
      channel: outbox.channel,
      status: outbox.status,
      attempts: outbox.attempts,
      lastError: outbox.lastError,
      createdAt: outbox.createdAt,
      sentAt: outbox.sentAt,
    })
    .from(lessonMessages)
    .innerJoin(outbox, eq(outbox.id, lessonMessages.outboxId))
    .where(eq(lessonMessages.lessonId, lessonId))
    .orderBy(asc(outbox.id));
}

/** The latest trial lessons (for the back office list): ids to open the delivery status of. */
export async function recentTrials(db: Db, limit = 50) {
  const tutor = alias(users, 'tutor');
  const student = alias(users, 'student');
  const rows = await db
    .select({
      id: lessons.id,
      startsAt: lessons.startsAt,
      status: lessons.status,
      subject: lessons.subject,
      tutorName: tutor.name,
      tutorLastname: tutor.lastname,
      studentId: student.id,
      studentName: student.name,
      studentLastname: student.lastname,
      studentPhone: student.phone,
    })
    .from(lessons)
    .innerJoin(tutor, eq(tutor.id, lessons.tutorId))
    .leftJoin(student, eq(student.id, lessons.studentId))
    .where(sql`${lessons.status} <> 'hold'`)
    .orderBy(desc(lessons.createdAt))
    .limit(limit);
  // Sales call the student: the name and a masked phone here; the whole number on the account's page (audited).
  return rows.map(({ studentPhone, ...r }) => ({ ...r, studentPhone: studentPhone ? maskPhone(studentPhone) : null }));
}

/** The latest trials as staff see them (students' names, masked phones): one `lesson.list` audit row. */
export async function viewRecentTrials(db: Db, actor: Actor, limit = 50) {
  const rows = await recentTrials(db, limit);
  await auditListView(db, actor, { action: 'lesson.list', entity: 'lesson', total: rows.length });
  return rows;
}

/**
 * Staff (sales) say that a company pays for a lesson: its student is this employee of the company's
 * roster (HR then sees the lesson's attended minutes, never its content); null: the student pays.
 * 404 for a lesson or an employee that does not exist; audited (`lesson.company`). When the employee has
 * lessons of the company's pool left, one is spent (`fromPool`); a relink gives it back first.
 */
export async function setLessonCompany(db: Db, actor: Actor, lessonId: number, input: LessonCompanyInput) {
  const [lesson] = await db.select({ id: lessons.id, status: lessons.status, before: lessons.companyEmployeeId }).from(lessons).where(eq(lessons.id, lessonId)).limit(1);
  if (!lesson || lesson.status === 'hold') throw new ApiError(404, 'not_found');
  let employeeId: number | null = null;
  let companyId: number | null = null;
  if ('iin' in input) {
    const [employee] = await db
      .select({ id: companyEmployees.id })
      .from(companyEmployees)
      .where(and(eq(companyEmployees.companyId, input.companyId), eq(companyEmployees.iinHash, hashIin(input.iin, appSecret()))))
      .limit(1);
    if (!employee) throw new ApiError(404, 'lesson_company_employee_unknown');
    employeeId = employee.id;
    companyId = input.companyId;
  } else if (input.employeeId !== null) {
    const [employee] = await db.select({ companyId: companyEmployees.companyId }).from(companyEmployees).where(eq(companyEmployees.id, input.employeeId)).limit(1);
    if (!employee) throw new ApiError(404, 'not_found');
    employeeId = input.employeeId;
    companyId = employee.companyId;
  }
  return transaction(db, async (tx) => {
    // One lesson of the employee's pool is spent (or given back on a relink): docs/payments.md, "Company lesson pools".
    const pool = await syncLessonPoolSpend(tx, lessonId, employeeId);
    const fromPool = pool === 'spent';
    await tx.update(lessons).set({ companyEmployeeId: employeeId, updatedAt: new Date() }).where(eq(lessons.id, lessonId));
    await audit(tx, actor, { action: 'lesson.company', entity: 'lesson', entityId: lessonId, before: { employeeId: lesson.before }, after: { employeeId, companyId, fromPool, pool } });
    return { lessonId, employeeId, companyId, fromPool, pool };
  });
}

/** The company that pays for a lesson, as the back office's lesson section shows it (the IIN's last four only), or null. */
export async function lessonCompanyLink(db: Db, lessonId: number): Promise<{ companyId: number; company: string; employee: string; iinLast4: string } | null> {
  const [row] = await db
    .select({ companyId: companies.id, company: companies.name, firstName: companyEmployees.firstName, lastName: companyEmployees.lastName, iinLast4: companyEmployees.iinLast4 })
    .from(lessons)
    .innerJoin(companyEmployees, eq(companyEmployees.id, lessons.companyEmployeeId))
    .innerJoin(companies, eq(companies.id, companyEmployees.companyId))
    .where(eq(lessons.id, lessonId))
    .limit(1);
  return row ? { companyId: row.companyId, company: row.company, employee: `${row.lastName} ${row.firstName}`, iinLast4: row.iinLast4 } : null;
}

/** A lesson's kind (a free trial is never a company's pool lesson: the back office says so instead of offering the link), or null. */
export async function lessonKindOf(db: Db, lessonId: number): Promise<LessonKind | null> {
  const [row] = await db.select({ kind: lessons.kind }).from(lessons).where(eq(lessons.id, lessonId)).limit(1);
  return row?.kind ?? null;
}

/** The companies a lesson can be linked to (active ones, by name). */
export async function companiesForLessons(db: Db): Promise<{ id: number; name: string }[]> {
  return db.select({ id: companies.id, name: companies.name }).from(companies).where(eq(companies.active, true)).orderBy(asc(companies.name));
}
