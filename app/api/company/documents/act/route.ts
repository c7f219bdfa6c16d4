// GET /api/company/documents/act?month=YYYY-MM&lang= - the act of completed work of the company's lesson pool for a month (default: last month) as a PDF in Kazakh or Russian (the HR person's language unless `lang`; en prints Russian); audited: document.act.
import { isLocale } from '@/i18n/routing';
import { companyRoute } from '@/lib/company-portal/http';
import { actPdfResponse } from '@/lib/payments/company-documents';
import { actQuery } from '@/lib/validations/company-pools';

export const GET = companyRoute(async ({ db, actor, companyId, member, query }) => {
  const q = query(actQuery);
  return actPdfResponse(db, actor, companyId, q.month, q.lang ?? (isLocale(member.locale) ? member.locale : 'ru'));
});
