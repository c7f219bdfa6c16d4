// PATCH /api/company/employees/[id] - edits one employee of the company; DELETE - removes them from the roster.
import { idParam } from '@/lib/api/params';
import { companyRoute } from '@/lib/company-portal/http';
import { removeEmployee, updateEmployee } from '@/lib/company-portal/roster';
import { employeePatchSchema } from '@/lib/validations/company-roster';

export const PATCH = companyRoute(async ({ db, companyId, actor, params, body }) => updateEmployee(db, actor, companyId, idParam(params), await body(employeePatchSchema)));

export const DELETE = companyRoute(async ({ db, companyId, actor, params }) => removeEmployee(db, actor, companyId, idParam(params)));
