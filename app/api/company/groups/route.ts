// GET /api/company/groups - the company's closed groups (not drafts) with each employee's attended lessons and minutes, never their content; audited (group.attendance).
import { companyRoute } from '@/lib/company-portal/http';
import { viewCompanyGroups } from '@/lib/company-portal/groups';

export const GET = companyRoute(async ({ db, actor, companyId }) => ({ groups: await viewCompanyGroups(db, actor, companyId) }));
