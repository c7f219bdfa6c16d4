// POST /api/admin/finance/payouts/[month]/approve - freezes a finished month's register (audited: payout.approve); 409 when open, empty or already approved. Finance.
import { ApiError } from '@/lib/api/errors';
import { approveRegister } from '@/lib/payments/payouts';
import { staffRoute } from '@/lib/staff/http';
import { monthParam } from '@/lib/validations/finance';
import { FINANCE_SCOPES } from '@/lib/validations/staff-scopes';

export const POST = staffRoute(FINANCE_SCOPES, async ({ db, actor, params }) => {
  const month = monthParam.safeParse(params.month);
  if (!month.success) throw new ApiError(404, 'not_found');
  return { register: await approveRegister(db, actor, month.data) };
});
