import 'server-only';
// The company's closed groups in the HR portal (issue 33): the groups sales opened for the company,
// the group's invoice (seats × the lessons ahead × the price), employees seated from the roster on the
// company's paid group money and removed with their lessons not yet held back to it, each employee's
// attended lessons and minutes, never what was said. Every call takes the session's company; another
// company's group is a 404 (lib/groups/corporate.ts). Each look is audited like the portal's other views.
import { auditListView, type Actor } from '@/lib/audit/log';
import type { Db } from '@/lib/db/types';
import { companyGroupAttendance, companyGroupMoney, companyGroups, enrolEmployee, unenrolEmployee, type CompanyGroupMoney, type EmployeeAttendance } from '@/lib/groups/corporate';
import type { GroupCard } from '@/lib/groups/catalogue';
import { groupInvoice } from '@/lib/payments/company-pools';
import type { CompanyMember } from './sessions';

export interface CompanyGroupView extends GroupCard {
  attendance: EmployeeAttendance[];
}

/** The company's groups with each one's employees and their attendance, and its group money (one `group.attendance` audit row per look). */
export async function viewCompanyGroups(db: Db, actor: Actor, companyId: number): Promise<{ groups: CompanyGroupView[]; money: CompanyGroupMoney }> {
  const list = await companyGroups(db, companyId);
  const out: CompanyGroupView[] = [];
  for (const g of list) out.push({ ...g, attendance: await companyGroupAttendance(db, companyId, g.id) });
  await auditListView(db, actor, { action: 'group.attendance', entity: 'group', total: out.length });
  return { groups: out, money: await companyGroupMoney(db, companyId) };
}

/** One of the company's groups with its employees' attendance (404 for another company's); audited. */
export async function viewCompanyGroup(db: Db, actor: Actor, companyId: number, groupId: number): Promise<CompanyGroupView> {
  const attendance = await companyGroupAttendance(db, companyId, groupId);
  const [card] = (await companyGroups(db, companyId)).filter((g) => g.id === groupId);
  await auditListView(db, actor, { action: 'group.attendance', entity: 'group', entityId: groupId, total: attendance.length });
  return { ...card!, attendance };
}

/** HR orders the group's invoice for `seats` seats (lib/payments/company-pools.ts groupInvoice: its refusals). */
export async function orderGroupInvoice(db: Db, actor: Actor, member: CompanyMember, groupId: number, seats: number) {
  const invoice = await groupInvoice(db, actor, member, groupId, seats);
  return { invoice: { id: invoice.id, number: invoice.number, seats: invoice.seats, lessons: invoice.groupLessons, amountTiyn: invoice.amountTiyn, status: invoice.status } };
}

/** HR seats an employee of the roster in the company's group (lib/groups/corporate.ts enrolEmployee: its refusals). */
export async function enrolInCompanyGroup(db: Db, actor: Actor, companyId: number, groupId: number, employeeId: number) {
  const seat = await enrolEmployee(db, actor, companyId, groupId, employeeId);
  return { seat: { id: seat.id, groupId: seat.groupId, lessons: seat.lessons, amountTiyn: seat.amountTiyn, status: seat.status } };
}

/** HR takes an employee out of the company's group: the lessons not yet held back to the company's group money (unenrolEmployee). */
export async function unenrolFromCompanyGroup(db: Db, actor: Actor, companyId: number, groupId: number, employeeId: number) {
  return { removed: true, ...(await unenrolEmployee(db, actor, companyId, groupId, employeeId)) };
}
