// POST /api/company/groups/[id]/unenrol {employeeId} - HR takes an employee out of the company's group: the lessons not yet held go back to the company's group money (another company's group, or an employee with no seat in it: 404); audited: group.unenrol.
import { idParam } from '@/lib/api/params';
import { companyRoute } from '@/lib/company-portal/http';
import { unenrolFromCompanyGroup } from '@/lib/company-portal/groups';
import { groupUnenrolSchema } from '@/lib/validations/groups';

export const POST = companyRoute(async ({ db, actor, companyId, params, body }) => {
  const { employeeId } = await body(groupUnenrolSchema);
  return unenrolFromCompanyGroup(db, actor, companyId, idParam(params), employeeId);
});
