// GET /api/admin/companies/[id]/hr-users - the company's HR people; POST - a new one (admin, sales).
import { idParam } from '@/lib/api/params';
import { createHrUser, listHrUsers } from '@/lib/company-portal/accounts';
import { staffRoute } from '@/lib/staff/http';
import { hrUserCreateSchema } from '@/lib/validations/company-portal';

export const GET = staffRoute('sales', async ({ db, params }) => ({ rows: await listHrUsers(db, idParam(params)) }));

export const POST = staffRoute('sales', async ({ db, actor, params, body }) => createHrUser(db, actor, idParam(params), await body(hrUserCreateSchema)), { status: 201 });
