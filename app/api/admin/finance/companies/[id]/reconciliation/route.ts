// GET /api/admin/finance/companies/{id}/reconciliation?from=YYYY-MM-DD&to=YYYY-MM-DD&lang= - a company's reconciliation statement (default: the year so far) as a PDF; audited: document.reconciliation. Finance.
import { idParam } from '@/lib/api/params';
import { reconciliationPdfResponse } from '@/lib/payments/company-documents';
import { staffRoute } from '@/lib/staff/http';
import { reconciliationQuery } from '@/lib/validations/company-pools';
import { FINANCE_SCOPES } from '@/lib/validations/staff-scopes';

export const GET = staffRoute(FINANCE_SCOPES, async ({ db, actor, params, query, locale }) => {
  const { lang, ...period } = query(reconciliationQuery);
  return reconciliationPdfResponse(db, actor, idParam(params), period, lang ?? locale);
});
