import 'server-only';
// Paid lessons whose money the rules leave to people (docs/payments.md, "A paid lesson's money"):
// the room's log settled the lesson as not held although both sides came (together less than
// LESSON_HELD_MINUTES), so it is neither earned by the tutor nor given back. A lesson paid from a
// student's package or from a company's pool alike. Finance reads the facts (who joined, minutes
// together, the tutor's correction and its reason) and decides, with a reason: the tutor earns it
// or it goes back where it came from. Each view and decision is an audit row.
import { and, desc, eq, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ApiError } from '@/lib/api/errors';
import { audit, auditListView, type Actor } from '@/lib/audit/log';
import { companies, companyInvoices, ledgerEntries, lessonAttendanceCorrections, lessonPackages, lessons, paymentOrders, users } from '@/lib/db/schema';
import { transaction } from '@/lib/db/transaction';
import type { Db } from '@/lib/db/types';
import { ACCOUNTS, balanceOf } from '@/lib/money/ledger';
import { lessonsAttendance } from '@/lib/lessons/attendance';
import { bookTutorEarning, giveLessonBack } from '@/lib/lessons/money';

export interface UndecidedLesson {
  id: number;
  startsAt: Date;
  subject: string;
  tutor: string;
  student: string;
  /** Who paid: a student's package (its order) or a company's pool (its invoice). */
  payer: { kind: 'package'; orderId: number; invoiceId: string } | { kind: 'pool'; invoiceId: number; number: string; company: string };
  perLessonTiyn: number;
  /** What the room's log says. */
  joined: { student: boolean; tutor: boolean };
  togetherMinutes: number;
  /** The tutor's last correction, if any. */
  correction: { status: 'held' | 'not_held'; noShow: 'student' | 'tutor' | 'both' | null; reason: string } | null;
}

/** The pool lesson a lesson still holds (spent, not given back): the employee's rows of it sum below zero. */
// Held by the school's side (a lesson given back may go to the company's pool, not the employee it came from).
const poolSpent = sql`${balanceOf(ACCOUNTS.schoolRevenue, eq(ledgerEntries.lessonId, lessons.id), inArray(ledgerEntries.kind, ['company_lesson_spent', 'company_lesson_returned']))} > 0`;
const packageSpent = sql`exists (select 1 from ledger_entries e where e.lesson_id = ${lessons.id} and e.kind = 'lesson_spent') and not exists (select 1 from ledger_entries e where e.lesson_id = ${lessons.id} and e.kind = 'lesson_returned')`;

/** Ended, settled by the job, spent from a package or a pool, and neither given back nor earned. */
const undecided = (now: Date) =>
  and(
    isNotNull(lessons.factStatus),
    lt(lessons.endsAt, now),
    or(and(eq(lessons.kind, 'paid'), isNotNull(lessons.packageId), packageSpent), and(isNotNull(lessons.poolTutorPrice), poolSpent)),
    sql`not exists (select 1 from ledger_entries e where e.lesson_id = ${lessons.id} and e.kind = 'tutor_earning')`,
  );

/** The company invoice a pool lesson was spent from (its spend's row). */
const poolInvoiceId = sql<number | null>`(select e.company_invoice_id from ledger_entries e where e.lesson_id = ${lessons.id} and e.kind = 'company_lesson_spent' order by e.id desc limit 1)`;

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
        orderId: paymentOrders.id,
        orderInvoice: paymentOrders.invoiceId,
        packagePrice: lessonPackages.perLessonTiyn,
        poolInvoiceId: companyInvoices.id,
        poolNumber: companyInvoices.number,
        poolPrice: companyInvoices.perLessonTiyn,
        company: companies.name,
      })
      .from(lessons)
      .leftJoin(lessonPackages, eq(lessonPackages.id, lessons.packageId))
      .leftJoin(paymentOrders, eq(paymentOrders.id, lessonPackages.orderId))
      .leftJoin(companyInvoices, eq(companyInvoices.id, poolInvoiceId))
      .leftJoin(companies, eq(companies.id, companyInvoices.companyId))
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
  const rows: UndecidedLesson[] = found.map(({ orderId, orderInvoice, packagePrice, poolInvoiceId, poolNumber, poolPrice, company, ...r }) => {
    const a = attendance.get(r.id)!;
    const c = corrections.find((x) => x.lessonId === r.id);
    const payer: UndecidedLesson['payer'] = orderId !== null ? { kind: 'package', orderId, invoiceId: orderInvoice! } : { kind: 'pool', invoiceId: poolInvoiceId!, number: poolNumber!, company: company! };
    return { ...r, payer, perLessonTiyn: packagePrice ?? poolPrice!, joined: a.joined, togetherMinutes: a.togetherMinutes, correction: c ? { status: c.status, noShow: c.noShow, reason: c.reason } : null };
  });
  const total = count?.n ?? 0;
  await auditListView(db, actor, { action: 'lesson_money.list', entity: 'lesson', filter: f, total });
  return { rows, total };
}

/**
 * Finance decides an undecided lesson's money, with a reason: `earned` (the tutor's earning, as for
 * a held lesson) or `returned` (back to the student's package, or to the employee's pool lessons).
 * 404 for a lesson nobody paid for; 409 `lesson_state` for one the rules have not settled yet; 409 `lesson_decided` when its money
 * was already decided (by the rules or by another decision: the lesson's row is locked, once).
 * Audited as `lesson_money.decide`.
 */
export async function decideLessonMoney(db: Db, actor: Actor, lessonId: number, decision: 'earned' | 'returned', reason: string, now = new Date()): Promise<{ lessonId: number; decision: 'earned' | 'returned' }> {
  const [lesson] = await db
    .select()
    .from(lessons)
    .where(and(eq(lessons.id, lessonId), or(and(eq(lessons.kind, 'paid'), isNotNull(lessons.packageId)), isNotNull(lessons.poolTutorPrice))))
    .limit(1);
  if (!lesson) throw new ApiError(404, 'not_found');
  if (!lesson.factStatus || lesson.endsAt >= now) throw new ApiError(409, 'lesson_state');
  return transaction(db, async (tx) => {
    const moved = decision === 'earned' ? await bookTutorEarning(tx, lessonId) : await giveLessonBack(tx, lessonId);
    if (moved === 'none') throw new ApiError(409, 'lesson_decided');
    await audit(tx, actor, { action: 'lesson_money.decide', entity: 'lesson', entityId: lessonId, after: { decision, reason } });
    return { lessonId, decision };
  });
}
