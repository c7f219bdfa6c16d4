// POST /api/admin/finance/payouts/[month]/paid - the exported register paid: plan adjustments and payouts posted to the ledger once (audited: payout.paid). Finance.
import { ApiError } from '@/lib/api/errors';
import { markRegisterPaid } from '@/lib/payments/payouts';
import { staffRoute } from '@/lib/staff/http';
import { monthParam } from '@/lib/validations/finance';
import { FINANCE_SCOPES } from '@/lib/validations/staff-scopes';

export const POST = staffRoute(FINANCE_SCOPES, async ({ db, actor, params }) => {
  const month = monthParam.safeParse(params.month);
  if (!month.success) throw new ApiError(404, 'not_found');
  return markRegisterPaid(db, actor, month.data);
});
