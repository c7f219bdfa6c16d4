// POST /api/admin/finance/refunds/[id]/approve - a refund in review goes to the bank (audited: refund.approve). Finance.
import { idParam } from '@/lib/api/params';
import { approveRefund } from '@/lib/payments/finance';
import { staffRoute } from '@/lib/staff/http';
import { FINANCE_SCOPES } from '@/lib/validations/staff-scopes';

export const POST = staffRoute(FINANCE_SCOPES, async ({ db, actor, params }) => ({ refund: await approveRefund(db, actor, idParam(params)) }));
