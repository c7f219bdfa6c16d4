import 'server-only';
// Closed corporate groups (issue 33; docs/payments.md "Group seats", "Corporate groups"): a group with
// `company_id` is its company's only. Sales opens it (lib/groups/admin.ts); HR orders the group's
// invoice (lib/payments/company-pools.ts groupInvoice: seats × the lessons ahead × the group's price)
// and finance marks it paid: the money is the
// company's for its groups' seats (`company_groups:<company>`, apart from the lesson pool). HR seats
// employees of the roster from that money (each seat's own account `group_seat:<seat>`; each lesson
// spends from it, lib/lessons/group-money.ts); an employee removed gets the lessons not yet held back
// to the company's group money, for another seat. HR sees each employee's attended lessons and
// minutes, never what was said. Another company, and the public, see nothing of it: every call here
// takes the caller's company and answers 404 for a group that is not that company's.
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { ApiError } from '@/lib/api/errors';
import { audit, type Actor } from '@/lib/audit/log';
import { companies, companyEmployees, companyInvoices, groups, groupSeats, ledgerEntries, lessons, lessonStudentFacts, users } from '@/lib/db/schema';
import { rowsOf } from '@/lib/db/rows';
import { transaction } from '@/lib/db/transaction';
import type { Db } from '@/lib/db/types';
import { fundCorporateSeat, returnCorporateSeat } from '@/lib/lessons/group-money';
import { lockEmployee } from '@/lib/lessons/pool-locks';
import { groupsChanged } from '@/lib/lessons/revalidate';
import { ACCOUNTS, balance } from '@/lib/money/ledger';
import { groupSeatPrice } from '@/lib/money/model';
import { groupCards, type GroupCard } from './catalogue';
import { tellStudents } from './notify';
import { seatMoney } from './seats';
import { groupLessons, lessonsAhead, lockGroup, onSale, seatsTaken, type Group, type Seat } from './state';

/** The company's group, locked (404 for any other company's, or a public group). */
async function companyGroup(tx: Db, companyId: number, groupId: number): Promise<Group> {
  const group = await lockGroup(tx, groupId);
  if (group.companyId !== companyId) throw new ApiError(404, 'not_found');
  return group;
}

/** The company's row locked: the one lock every spend of its group money takes (after the employee's row, before any group's). */
async function lockCompany(tx: Db, companyId: number): Promise<void> {
  await tx.execute(sql`select id from ${companies} where ${companies.id} = ${companyId} for update`);
}

/** The student account of a roster row: the one that took HR's invitation, else the account with the row's phone. */
async function employeeAccount(tx: Db, companyId: number, employeeId: number): Promise<number> {
  const [row] = await tx
    .select({ userId: companyEmployees.userId, phone: companyEmployees.phone })
    .from(companyEmployees)
    .where(and(eq(companyEmployees.id, employeeId), eq(companyEmployees.companyId, companyId)))
    .limit(1);
  if (!row) throw new ApiError(404, 'not_found');
  if (row.userId !== null) return row.userId;
  const [byPhone] = row.phone ? await tx.select({ id: users.id }).from(users).where(and(eq(users.phone, row.phone), eq(users.role, 'student'))).limit(1) : [];
  if (!byPhone) throw new ApiError(409, 'group_employee_no_account');
  return byPhone.id;
}

/** Ends a corporate seat (`refunded`: its money went back) and gives the company its lessons not yet held; returns the amount. */
async function endCorporateSeat(tx: Db, group: Group, seat: Seat, reason: string, now: Date): Promise<{ returnedTiyn: number; lessons: number }> {
  const money = await seatMoney(tx, seat, now);
  await tx.update(groupSeats).set({ status: 'refunded', heldUntil: null, endedAt: now, endReason: reason, updatedAt: now }).where(eq(groupSeats.id, seat.id));
  const returnedTiyn = await returnCorporateSeat(tx, seat.id, group.companyId!, money.backTiyn);
  return { returnedTiyn, lessons: money.backLessons };
}

/**
 * Seats an employee of the company's roster in its group (HR): for the group's lessons ahead, at the
 * group's price, paid from the company's group money (its paid group invoices, oldest first) onto the
 * seat. Locks the employee's row, the company's, then the group's, so parallel enrolments never
 * spend the same money twice. 409 `company_group_funds` when the paid money does not cover the seat
 * (order the group's invoice first), `group_full`, `group_seat_taken`, `group_not_open`;
 * `group_employee_no_account` for an employee without a student account (HR invites them to the
 * lessons first). Audited `group.enrol`.
 */
export async function enrolEmployee(db: Db, actor: Actor, companyId: number, groupId: number, employeeId: number, now = new Date()): Promise<Seat> {
  const seat = await transaction(db, async (tx) => {
    if (!(await lockEmployee(tx, employeeId, companyId))) throw new ApiError(404, 'not_found');
    await lockCompany(tx, companyId);
    const group = await companyGroup(tx, companyId, groupId);
    const left = await lessonsAhead(tx, groupId, now);
    if (!onSale(group) || left === 0) throw new ApiError(409, 'group_not_open');
    const studentId = await employeeAccount(tx, companyId, employeeId);
    const [own] = await tx
      .select({ id: groupSeats.id })
      .from(groupSeats)
      .where(and(eq(groupSeats.groupId, groupId), eq(groupSeats.studentId, studentId), inArray(groupSeats.status, ['held', 'paid'])))
      .limit(1);
    if (own) throw new ApiError(409, 'group_seat_taken');
    if ((await seatsTaken(tx, groupId, now)) >= group.maxSeats) throw new ApiError(409, 'group_full');
    const price = groupSeatPrice(group.pricePerLessonTiyn, left);
    if ((await balance(tx, ACCOUNTS.companyGroups(companyId))) < price.totalTiyn) throw new ApiError(409, 'company_group_funds');
    const [row] = await tx
      .insert(groupSeats)
      .values({ groupId, studentId, status: 'paid', lessons: price.lessons, perLessonTiyn: price.perLessonTiyn, amountTiyn: price.totalTiyn, coversFrom: now, companyEmployeeId: employeeId, paidAt: now, createdAt: now })
      .returning();
    await fundCorporateSeat(tx, row!.id, companyId, price.totalTiyn);
    await tellStudents(tx, group, [studentId], 'company_seat', { lessons: await groupLessons(tx, groupId, now) }, now);
    await audit(tx, actor, { action: 'group.enrol', entity: 'group', entityId: groupId, after: { employee: employeeId, lessons: price.lessons, amountTiyn: price.totalTiyn } });
    return row!;
  });
  groupsChanged();
  return seat;
}

/**
 * Takes an employee's seat out of the company's group (HR): by the offer's rule for a student who
 * leaves, every lesson not yet held (the lessons ahead, and any the tutor missed) goes back to the
 * company's group money, for another seat; a lesson started is spent. The employee is told. 404 for
 * another company's group or an employee with no seat in it. Audited `group.unenrol`.
 */
export async function unenrolEmployee(db: Db, actor: Actor, companyId: number, groupId: number, employeeId: number, now = new Date()): Promise<{ returnedTiyn: number; lessons: number }> {
  const out = await transaction(db, async (tx) => {
    const group = await companyGroup(tx, companyId, groupId);
    const [seat] = await tx
      .select()
      .from(groupSeats)
      .where(and(eq(groupSeats.groupId, groupId), eq(groupSeats.companyEmployeeId, employeeId), eq(groupSeats.status, 'paid')))
      .limit(1);
    if (!seat) throw new ApiError(404, 'not_found');
    const back = await endCorporateSeat(tx, group, seat, 'removed', now);
    await tellStudents(tx, group, [seat.studentId], 'company_removed', {}, now);
    await audit(tx, actor, { action: 'group.unenrol', entity: 'group', entityId: groupId, after: { employee: employeeId, ...back } });
    return back;
  });
  groupsChanged();
  return out;
}

/**
 * An employee leaves the roster (HR removes them, or the retention pass), in the removal's
 * transaction after the pool's part (lib/payments/company-pools.ts employeeLeavesPool: the employee's
 * row, then the company's): each of their seats in the company's groups ends as HR's removal does,
 * its lessons not yet held back to the company's group money. Returns the amount.
 */
export async function employeeLeavesGroups(tx: Db, companyId: number, employeeId: number, now = new Date()): Promise<number> {
  const seats = await tx
    .select({ id: groupSeats.id, groupId: groupSeats.groupId })
    .from(groupSeats)
    .innerJoin(groups, eq(groups.id, groupSeats.groupId))
    .where(and(eq(groupSeats.companyEmployeeId, employeeId), eq(groupSeats.status, 'paid'), eq(groups.companyId, companyId)))
    .orderBy(asc(groupSeats.groupId));
  let returned = 0;
  for (const s of seats) {
    const group = await companyGroup(tx, companyId, s.groupId);
    const [seat] = await tx.select().from(groupSeats).where(and(eq(groupSeats.id, s.id), eq(groupSeats.status, 'paid'))).limit(1);
    if (!seat) continue;
    returned += (await endCorporateSeat(tx, group, seat, 'removed', now)).returnedTiyn;
    await tellStudents(tx, group, [seat.studentId], 'company_removed', {}, now);
  }
  if (seats.length) groupsChanged();
  return returned;
}

/** The company's groups (its portal): not drafts. */
export async function companyGroups(db: Db, companyId: number, now = new Date()): Promise<GroupCard[]> {
  return groupCards(db, and(eq(groups.companyId, companyId), inArray(groups.status, ['open', 'running', 'finished', 'cancelled'])), now);
}

export interface CompanyGroupMoney {
  /** The company's group invoices paid (bank transfers). */
  paidTiyn: number;
  /** Lessons its employees' seats spent (held, or missed: a missed lesson is spent). */
  spentTiyn: number;
  /** On its employees' seats: the lessons ahead (and any owed) already paid for. */
  onSeatsTiyn: number;
  /** Paid and on no seat: what the next employee's seat is paid from. */
  availableTiyn: number;
}

/**
 * The company's money for its closed groups, from the ledger (rows carrying its group invoices):
 * paid = spent + on seats + available, always.
 */
export async function companyGroupMoney(db: Db, companyId: number): Promise<CompanyGroupMoney> {
  const rows = await db
    .select({ account: ledgerEntries.account, kind: ledgerEntries.kind, sum: sql<string>`sum(${ledgerEntries.amountTiyn})::text` })
    .from(ledgerEntries)
    .innerJoin(companyInvoices, eq(companyInvoices.id, ledgerEntries.companyInvoiceId))
    .where(and(eq(companyInvoices.companyId, companyId), sql`${companyInvoices.groupId} is not null`))
    .groupBy(ledgerEntries.account, ledgerEntries.kind);
  const sum = (f: (r: (typeof rows)[number]) => boolean) => rows.filter(f).reduce((s, r) => s + Number(r.sum), 0);
  return {
    paidTiyn: sum((r) => r.kind === 'invoice_paid' && r.account === ACCOUNTS.companyGroups(companyId)),
    spentTiyn: sum((r) => r.kind === 'company_group_lesson' && r.account === ACCOUNTS.schoolRevenue),
    onSeatsTiyn: sum((r) => r.account.startsWith('group_seat:')),
    availableTiyn: sum((r) => r.account === ACCOUNTS.companyGroups(companyId)),
  };
}

export interface EmployeeAttendance {
  employeeId: number;
  lastName: string;
  firstName: string;
  /** A seat in the group now (HR may remove them); false once removed (their past lessons stay). */
  enrolled: boolean;
  /** Lessons of the group that took place while the employee had a seat (held, or missed by all the students: spent), those attended, and the minutes. */
  lessons: number;
  attended: number;
  minutes: number;
  byLesson: { lessonId: number; startsAt: string; present: boolean; minutes: number }[];
}

/**
 * Each employee's attendance in the company's group (HR): the lessons that took place while their
 * seat was for them (not one the tutor missed), whether they attended and the minutes together with
 * the tutor, from the room's log (lesson_student_facts); never what was
 * said or written. Employees removed stay with the lessons they had. 404 for a group that is not
 * this company's.
 */
export async function companyGroupAttendance(db: Db, companyId: number, groupId: number): Promise<EmployeeAttendance[]> {
  const [group] = await db.select({ companyId: groups.companyId }).from(groups).where(eq(groups.id, groupId)).limit(1);
  if (!group || group.companyId !== companyId) throw new ApiError(404, 'not_found');
  const seats = await db
    .select({ studentId: groupSeats.studentId, employeeId: groupSeats.companyEmployeeId, status: groupSeats.status, lastName: companyEmployees.lastName, firstName: companyEmployees.firstName })
    .from(groupSeats)
    .innerJoin(companyEmployees, eq(companyEmployees.id, groupSeats.companyEmployeeId))
    .where(and(eq(groupSeats.groupId, groupId), eq(companyEmployees.companyId, companyId), inArray(groupSeats.status, ['paid', 'refunded', 'cancelled', 'moved'])))
    .orderBy(asc(companyEmployees.lastName), asc(companyEmployees.firstName), asc(groupSeats.id));
  const facts = seats.length
    ? await db
        .select({ lessonId: lessonStudentFacts.lessonId, studentId: lessonStudentFacts.studentId, present: lessonStudentFacts.present, minutes: lessonStudentFacts.minutes, startsAt: lessons.startsAt })
        .from(lessonStudentFacts)
        .innerJoin(lessons, eq(lessons.id, lessonStudentFacts.lessonId))
        // Lessons that took place (held, or the tutor came and no student did): never one the tutor missed or too short together.
        .where(and(eq(lessons.groupId, groupId), inArray(lessonStudentFacts.studentId, seats.map((s) => s.studentId)), or(eq(lessons.factStatus, 'held'), eq(lessons.factNoShow, 'student'))))
        .orderBy(asc(lessons.startsAt))
    : [];
  const seen = new Set<number>();
  return seats
    .filter((s) => s.employeeId !== null && !seen.has(s.employeeId) && seen.add(s.employeeId))
    .map((s) => {
      const mine = facts.filter((f) => f.studentId === s.studentId);
      return {
        employeeId: s.employeeId!,
        lastName: s.lastName,
        firstName: s.firstName,
        enrolled: seats.some((o) => o.employeeId === s.employeeId && o.status === 'paid'),
        lessons: mine.length,
        attended: mine.filter((f) => f.present).length,
        minutes: mine.reduce((sum, f) => sum + f.minutes, 0),
        byLesson: mine.map((f) => ({ lessonId: f.lessonId, startsAt: f.startsAt.toISOString(), present: f.present, minutes: f.minutes })),
      };
    });
}

export interface CompanyGroupLesson {
  lessonId: number;
  seatId: number;
  employeeId: number | null;
  /** The roster's names, or the student account's once the employee left the roster. */
  lastName: string;
  firstName: string;
  startsAt: Date;
  endsAt: Date;
  /** `held`: the employee was there by the room's log; `missed`: spent without them (a missed lesson is spent). */
  state: 'held' | 'missed';
  amountTiyn: number;
  invoiceId: number;
}

/**
 * Each lesson an employee's seat spent from the company's group invoices, by start, in `[from, to)`
 * when given: from the ledger (the school's side of `company_group_lesson`, the seat from the same
 * transaction) and the room's facts. What the act of completed work and the reconciliation statement
 * list beside the pool's lessons (lib/payments/company-documents.ts).
 */
export async function companyGroupLessonsOf(db: Db, companyId: number, period: { from?: Date; to?: Date } = {}): Promise<CompanyGroupLesson[]> {
  const res = await db.execute(sql`
    select e.lesson_id, max(e.company_invoice_id) as invoice_id, sum(e.amount_tiyn)::text as amount, s.id as seat_id, s.company_employee_id,
           coalesce(ce.last_name, u.lastname) as last_name, coalesce(ce.first_name, u.name) as first_name, l.starts_at, l.ends_at, coalesce(bool_or(f.present), false) as present
      from ledger_entries e
      join company_invoices i on i.id = e.company_invoice_id
      join ledger_entries o on o.txn_id = e.txn_id and o.account like 'group_seat:%'
      join group_seats s on s.id = substring(o.account from 12)::int
      join lessons l on l.id = e.lesson_id
      left join company_employees ce on ce.id = s.company_employee_id
      left join users u on u.id = s.student_id
      left join lesson_student_facts f on f.lesson_id = l.id and f.student_id = s.student_id
     where i.company_id = ${companyId} and e.account = ${ACCOUNTS.schoolRevenue} and e.kind = 'company_group_lesson'
       ${period.from ? sql`and l.starts_at >= ${period.from.toISOString()}::timestamptz` : sql``} ${period.to ? sql`and l.starts_at < ${period.to.toISOString()}::timestamptz` : sql``}
     group by e.lesson_id, s.id, s.company_employee_id, ce.last_name, u.lastname, ce.first_name, u.name, l.starts_at, l.ends_at
     order by l.starts_at, e.lesson_id, s.id`);
  type Row = { lesson_id: number; invoice_id: number; amount: string; seat_id: number; company_employee_id: number | null; last_name: string | null; first_name: string | null; starts_at: Date | string; ends_at: Date | string; present: boolean };
  return rowsOf<Row>(res).map((r) => ({
    lessonId: Number(r.lesson_id),
    seatId: Number(r.seat_id),
    employeeId: r.company_employee_id === null ? null : Number(r.company_employee_id),
    lastName: r.last_name ?? '',
    firstName: r.first_name ?? '',
    startsAt: new Date(r.starts_at),
    endsAt: new Date(r.ends_at),
    state: r.present ? 'held' : 'missed',
    amountTiyn: Number(r.amount),
    invoiceId: Number(r.invoice_id),
  }));
}
