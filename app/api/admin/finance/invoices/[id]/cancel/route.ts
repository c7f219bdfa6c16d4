// POST /api/admin/finance/invoices/{id}/cancel {reason} - an unpaid invoice cancelled (a paid one: 409); audited: invoice.cancel. Finance.
import { idParam } from '@/lib/api/params';
import { cancelInvoice } from '@/lib/payments/company-pools';
import { staffRoute } from '@/lib/staff/http';
import { reasonSchema } from '@/lib/validations/query';
import { FINANCE_SCOPES } from '@/lib/validations/staff-scopes';

export const POST = staffRoute(FINANCE_SCOPES, async ({ db, actor, params, body }) => {
  const id = idParam(params);
  const { reason } = await body(reasonSchema);
  return { invoice: await cancelInvoice(db, actor, id, reason) };
});
