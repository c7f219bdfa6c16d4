// GET /api/company/pool - the company's lesson pool: paid, not yet given, and per employee given, spent and left (audited: pool.view).
import { companyRoute } from '@/lib/company-portal/http';
import { companyPool } from '@/lib/payments/company-pools';

export const GET = companyRoute(async ({ db, actor, companyId }) => companyPool(db, actor, companyId));
