import 'server-only';
// The company's closed groups in the HR portal (issue 33): the groups sales opened for the company,
// employees seated from the roster (on the company's invoice), each employee's attended lessons and
// minutes, never what was said. Every call takes the session's company; another company's group is
// a 404 (lib/groups/corporate.ts). Each look is audited like the portal's other views.
import { auditListView, type Actor } from '@/lib/audit/log';
import type { Db } from '@/lib/db/types';
import { companyGroupAttendance, companyGroups, enrolEmployee, type EmployeeAttendance } from '@/lib/groups/corporate';
import type { GroupCard } from '@/lib/groups/catalogue';

export interface CompanyGroupView extends GroupCard {
  attendance: EmployeeAttendance[];
}

/** The company's groups with each one's employees and their attendance (one `group.attendance` audit row per look). */
export async function viewCompanyGroups(db: Db, actor: Actor, companyId: number): Promise<CompanyGroupView[]> {
  const list = await companyGroups(db, companyId);
  const out: CompanyGroupView[] = [];
  for (const g of list) out.push({ ...g, attendance: await companyGroupAttendance(db, companyId, g.id) });
  await auditListView(db, actor, { action: 'group.attendance', entity: 'group', total: out.length });
  return out;
}

/** One of the company's groups with its employees' attendance (404 for another company's); audited. */
export async function viewCompanyGroup(db: Db, actor: Actor, companyId: number, groupId: number): Promise<CompanyGroupView> {
  const attendance = await companyGroupAttendance(db, companyId, groupId);
  const [card] = (await companyGroups(db, companyId)).filter((g) => g.id === groupId);
  await auditListView(db, actor, { action: 'group.attendance', entity: 'group', entityId: groupId, total: attendance.length });
  return { ...card!, attendance };
}

/** HR seats an employee of the roster in the company's group (lib/groups/corporate.ts enrolEmployee: its refusals). */
export async function enrolInCompanyGroup(db: Db, actor: Actor, companyId: number, groupId: number, employeeId: number) {
  const seat = await enrolEmployee(db, actor, companyId, groupId, employeeId);
  return { seat: { id: seat.id, groupId: seat.groupId, lessons: seat.lessons, status: seat.status } };
}
