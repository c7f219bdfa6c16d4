// POST /api/admin/finance/invoices/{id}/paid {paidOn, paymentOrder} - the bank transfer arrived: the invoice is paid once and the company's pool credited (a second mark: 409); audited: invoice.paid. Finance.
import { idParam } from '@/lib/api/params';
import { markInvoicePaid } from '@/lib/payments/company-pools';
import { staffRoute } from '@/lib/staff/http';
import { invoicePaidSchema } from '@/lib/validations/company-pools';
import { FINANCE_SCOPES } from '@/lib/validations/staff-scopes';

export const POST = staffRoute(FINANCE_SCOPES, async ({ db, actor, params, body }) => {
  const id = idParam(params);
  return { invoice: await markInvoicePaid(db, actor, id, await body(invoicePaidSchema)) };
});
