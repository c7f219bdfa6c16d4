import 'server-only';
// Closed corporate groups (issue 33): a group with `company_id` is its company's only. Sales opens it
// (lib/groups/admin.ts); HR (or staff) seats employees of the company's roster in it, billed on the
// company's invoice (no card checkout: a seat with no order); HR sees each employee's attended
// lessons and minutes, never what was said. Another company, and the public, see nothing of it:
// every call here takes the caller's company and answers 404 for a group that is not that company's.
import { and, asc, eq, inArray } from 'drizzle-orm';
import { ApiError } from '@/lib/api/errors';
import { audit, type Actor } from '@/lib/audit/log';
import { companyEmployees, groups, groupSeats, lessons, lessonStudentFacts, users } from '@/lib/db/schema';
import { transaction } from '@/lib/db/transaction';
import type { Db } from '@/lib/db/types';
import { groupsChanged } from '@/lib/lessons/revalidate';
import { groupSeatPrice } from '@/lib/money/model';
import { groupCards, type GroupCard } from './catalogue';
import { tellStudents } from './notify';
import { groupLessons, lessonsAhead, lockGroup, onSale, seatsTaken, type Group, type Seat } from './state';

/** The company's group, locked (404 for any other company's, or a public group). */
async function companyGroup(tx: Db, companyId: number, groupId: number): Promise<Group> {
  const group = await lockGroup(tx, groupId);
  if (group.companyId !== companyId) throw new ApiError(404, 'not_found');
  return group;
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

/**
 * Seats an employee of the company's roster in its group (HR, or staff for the company): for the
 * group's lessons ahead, at the group's price (the company's invoice), with no checkout. 409
 * `group_full`, `group_seat_taken`, `group_not_open`; `group_employee_no_account` for an employee
 * without a student account (HR invites them to the lessons first). Audited `group.enrol`.
 */
export async function enrolEmployee(db: Db, actor: Actor, companyId: number, groupId: number, employeeId: number, now = new Date()): Promise<Seat> {
  const seat = await transaction(db, async (tx) => {
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
    const [row] = await tx
      .insert(groupSeats)
      .values({ groupId, studentId, status: 'paid', lessons: price.lessons, perLessonTiyn: price.perLessonTiyn, amountTiyn: price.totalTiyn, coversFrom: now, companyEmployeeId: employeeId, paidAt: now, createdAt: now })
      .returning();
    await tellStudents(tx, group, [studentId], 'seat_paid', { lessons: await groupLessons(tx, groupId, now) }, now);
    await audit(tx, actor, { action: 'group.enrol', entity: 'group', entityId: groupId, after: { employee: employeeId } });
    return row!;
  });
  groupsChanged();
  return seat;
}

/** Takes an employee's seat out of the company's group (HR or staff): their place is free again. Audited `group.unenrol`. */
export async function unenrolEmployee(db: Db, actor: Actor, companyId: number, groupId: number, employeeId: number, now = new Date()): Promise<void> {
  await transaction(db, async (tx) => {
    await companyGroup(tx, companyId, groupId);
    const [row] = await tx
      .update(groupSeats)
      .set({ status: 'cancelled', endedAt: now, endReason: 'removed', updatedAt: now })
      .where(and(eq(groupSeats.groupId, groupId), eq(groupSeats.companyEmployeeId, employeeId), eq(groupSeats.status, 'paid')))
      .returning({ id: groupSeats.id });
    if (!row) throw new ApiError(404, 'not_found');
    await audit(tx, actor, { action: 'group.unenrol', entity: 'group', entityId: groupId, after: { employee: employeeId } });
  });
  groupsChanged();
}

/** The company's groups (its portal): not drafts. */
export async function companyGroups(db: Db, companyId: number, now = new Date()): Promise<GroupCard[]> {
  return groupCards(db, and(eq(groups.companyId, companyId), inArray(groups.status, ['open', 'running', 'finished', 'cancelled'])), now);
}

export interface EmployeeAttendance {
  employeeId: number;
  lastName: string;
  firstName: string;
  /** Lessons of the group settled while the employee had a seat, and those attended, with the minutes. */
  lessons: number;
  attended: number;
  minutes: number;
  byLesson: { lessonId: number; startsAt: string; present: boolean; minutes: number }[];
}

/**
 * Each employee's attendance in the company's group (HR): the settled lessons their seat was for,
 * whether they attended and the minutes, from the room's log (lesson_student_facts); never what was
 * said or written. 404 for a group that is not this company's.
 */
export async function companyGroupAttendance(db: Db, companyId: number, groupId: number): Promise<EmployeeAttendance[]> {
  const [group] = await db.select({ companyId: groups.companyId }).from(groups).where(eq(groups.id, groupId)).limit(1);
  if (!group || group.companyId !== companyId) throw new ApiError(404, 'not_found');
  const seats = await db
    .select({ studentId: groupSeats.studentId, employeeId: groupSeats.companyEmployeeId, lastName: companyEmployees.lastName, firstName: companyEmployees.firstName })
    .from(groupSeats)
    .innerJoin(companyEmployees, eq(companyEmployees.id, groupSeats.companyEmployeeId))
    .where(and(eq(groupSeats.groupId, groupId), eq(companyEmployees.companyId, companyId), inArray(groupSeats.status, ['paid', 'cancelled', 'moved'])))
    .orderBy(asc(companyEmployees.lastName), asc(companyEmployees.firstName));
  const facts = seats.length
    ? await db
        .select({ lessonId: lessonStudentFacts.lessonId, studentId: lessonStudentFacts.studentId, present: lessonStudentFacts.present, minutes: lessonStudentFacts.minutes, startsAt: lessons.startsAt })
        .from(lessonStudentFacts)
        .innerJoin(lessons, eq(lessons.id, lessonStudentFacts.lessonId))
        .where(and(eq(lessons.groupId, groupId), inArray(lessonStudentFacts.studentId, seats.map((s) => s.studentId))))
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
        lessons: mine.length,
        attended: mine.filter((f) => f.present).length,
        minutes: mine.reduce((sum, f) => sum + f.minutes, 0),
        byLesson: mine.map((f) => ({ lessonId: f.lessonId, startsAt: f.startsAt.toISOString(), present: f.present, minutes: f.minutes })),
      };
    });
}
