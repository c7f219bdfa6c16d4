// POST /api/company/groups/[id]/enrol {employeeId} - HR seats an employee of its roster in the company's group, on the company's invoice (another company's group or employee: 404; 409 group_full, group_seat_taken, group_not_open, group_employee_no_account); audited: group.enrol.
import { idParam } from '@/lib/api/params';
import { companyRoute } from '@/lib/company-portal/http';
import { enrolInCompanyGroup } from '@/lib/company-portal/groups';
import { groupEnrolSchema } from '@/lib/validations/groups';

export const POST = companyRoute(
  async ({ db, actor, companyId, params, body }) => {
    const { employeeId } = await body(groupEnrolSchema);
    return enrolInCompanyGroup(db, actor, companyId, idParam(params), employeeId);
  },
  { status: 201 },
);
