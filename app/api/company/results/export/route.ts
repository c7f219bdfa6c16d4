// GET /api/company/results/export?format=xlsx|csv - the roster with results, IINs masked (audited);
// POST - the same with full IINs: a separate action that needs { confirm: true } and is audited as such.
import { companyRoute } from '@/lib/company-portal/http';
import { exportResults } from '@/lib/company-portal/results-export';
import { fullIinExportBody, resultsExportQuery } from '@/lib/validations/company-results';

export const GET = companyRoute(async ({ db, companyId, actor, locale, query }) => {
  const { format, lang, ...filter } = query(resultsExportQuery);
  return exportResults(db, actor, companyId, filter, format, lang ?? locale);
});

export const POST = companyRoute(async ({ db, companyId, actor, locale, body }) => {
  const input = await body(fullIinExportBody);
  const parsed = resultsExportQuery.parse(input.filter ?? {});
  const filter = { q: parsed.q, department: parsed.department, position: parsed.position, status: parsed.status, from: parsed.from, to: parsed.to };
  return exportResults(db, actor, companyId, filter, input.format, input.lang ?? locale, { full: true });
});
