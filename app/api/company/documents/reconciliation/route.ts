// GET /api/company/documents/reconciliation?from=YYYY-MM-DD&to=YYYY-MM-DD&lang= - the reconciliation statement of the company's lesson pool (default: the year so far) as a PDF; audited: document.reconciliation.
import { isLocale } from '@/i18n/routing';
import { companyRoute } from '@/lib/company-portal/http';
import { reconciliationPdfResponse } from '@/lib/payments/company-documents';
import { reconciliationQuery } from '@/lib/validations/company-pools';

export const GET = companyRoute(async ({ db, actor, companyId, member, query }) => {
  const { lang, ...period } = query(reconciliationQuery);
  return reconciliationPdfResponse(db, actor, companyId, period, lang ?? (isLocale(member.locale) ? member.locale : 'ru'));
});
