// GET /api/company/employees - the company's roster (IINs masked), searchable, paginated; POST - one employee.
import { companyRoute } from '@/lib/company-portal/http';
import { addEmployee, viewEmployees } from '@/lib/company-portal/roster';
import { employeeSchema, employeesQuery } from '@/lib/validations/company-roster';

export const GET = companyRoute(async ({ db, actor, companyId, query }) => viewEmployees(db, actor, companyId, query(employeesQuery)));

export const POST = companyRoute(async ({ db, companyId, actor, body }) => addEmployee(db, actor, companyId, await body(employeeSchema)), { status: 201 });
