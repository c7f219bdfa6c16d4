// GET /api/company/groups - the company's closed groups (not drafts) with each employee's attended lessons and minutes, never their content, and the company's money for its groups (paid, spent, on seats, available); audited (group.attendance).
import { companyRoute } from '@/lib/company-portal/http';
import { viewCompanyGroups } from '@/lib/company-portal/groups';

export const GET = companyRoute(async ({ db, actor, companyId }) => viewCompanyGroups(db, actor, companyId));
