// GET /api/company/results - the company's roster with Kazakh test results (IINs masked), filtered and paged, with the summary; audited.
import { companyRoute } from '@/lib/company-portal/http';
import { listResults, resultsSummary } from '@/lib/company-portal/results';
import { resultsQuery } from '@/lib/validations/company-results';

export const GET = companyRoute(async ({ db, companyId, actor, query }) => {
  const f = query(resultsQuery);
  const [list, summary] = await Promise.all([listResults(db, actor, companyId, f), resultsSummary(db, companyId, f)]);
  return { ...list, summary };
});
