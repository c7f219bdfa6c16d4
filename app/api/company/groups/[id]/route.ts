// GET /api/company/groups/[id] - one of the company's groups with each employee's attended lessons and minutes (another company's: 404); audited (group.attendance).
import { idParam } from '@/lib/api/params';
import { companyRoute } from '@/lib/company-portal/http';
import { viewCompanyGroup } from '@/lib/company-portal/groups';

export const GET = companyRoute(async ({ db, actor, companyId, params }) => ({ group: await viewCompanyGroup(db, actor, companyId, idParam(params)) }));
