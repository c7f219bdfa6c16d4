// POST /api/admin/finance/refunds/[id]/reject {reason} - a refund in review refused; the balance goes back to the package (audited: refund.reject). Finance.
import { idParam } from '@/lib/api/params';
import { rejectRefund } from '@/lib/payments/finance';
import { staffRoute } from '@/lib/staff/http';
import { reasonSchema } from '@/lib/validations/query';
import { FINANCE_SCOPES } from '@/lib/validations/staff-scopes';

export const POST = staffRoute(FINANCE_SCOPES, async ({ db, actor, params, body }) => {
  const id = idParam(params);
  const { reason } = await body(reasonSchema);
  return { refund: await rejectRefund(db, actor, id, reason) };
});
