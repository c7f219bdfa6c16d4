// GET /api/company/results/placement - English placement results taken through the company's link; audited.
import { audit } from '@/lib/audit/log';
import { companyRoute } from '@/lib/company-portal/http';
import { placementResults } from '@/lib/company-portal/results';
import { pageQuery } from '@/lib/validations/staff';

export const GET = companyRoute(async ({ db, companyId, actor, query }) => {
  const { page } = query(pageQuery);
  const out = await placementResults(db, companyId, page);
  await audit(db, actor, { action: 'results.placement_view', entity: 'company', entityId: companyId, after: { page, rows: out.rows.length } });
  return out;
});
