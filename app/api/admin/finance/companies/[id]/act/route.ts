// GET /api/admin/finance/companies/{id}/act?month=YYYY-MM&lang= - a company's act of completed work for a month (default: last month) as a PDF; audited: document.act. Finance.
import { idParam } from '@/lib/api/params';
import { actPdfResponse } from '@/lib/payments/company-documents';
import { staffRoute } from '@/lib/staff/http';
import { actQuery } from '@/lib/validations/company-pools';
import { FINANCE_SCOPES } from '@/lib/validations/staff-scopes';

export const GET = staffRoute(FINANCE_SCOPES, async ({ db, actor, params, query, locale }) => {
  const q = query(actQuery);
  return actPdfResponse(db, actor, idParam(params), q.month, q.lang ?? locale);
});
