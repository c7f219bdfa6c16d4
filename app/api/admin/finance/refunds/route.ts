// GET /api/admin/finance/refunds?status=review|requested|done|failed|rejected|all&page - refunds, the ones waiting for finance by default (audited: refund.list). Finance.
import { viewRefunds } from '@/lib/payments/finance';
import { staffRoute } from '@/lib/staff/http';
import { refundsQuery } from '@/lib/validations/finance';
import { FINANCE_SCOPES } from '@/lib/validations/staff-scopes';

export const GET = staffRoute(FINANCE_SCOPES, async ({ db, actor, query }) => viewRefunds(db, actor, query(refundsQuery)));
