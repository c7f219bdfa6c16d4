// GET /api/admin/companies/[id]/hr-users - the company's HR people; POST - a new one (admin only: an HR person reads every employee's full IIN).
import { idParam } from '@/lib/api/params';
import { createHrUser, viewHrUsers } from '@/lib/company-portal/accounts';
import { staffRoute } from '@/lib/staff/http';
import { hrUserCreateSchema } from '@/lib/validations/company-portal';

export const GET = staffRoute('sales', async ({ db, actor, params }) => ({ rows: await viewHrUsers(db, actor, idParam(params)) }));

export const POST = staffRoute('admin', async ({ db, actor, params, body }) => createHrUser(db, actor, idParam(params), await body(hrUserCreateSchema)), { status: 201 });
