// GET /api/admin/finance/revenue?from&to&touch=first|last - paid, refunded and net by plan and by the buyer's utm_source (audited: payment.revenue). Finance.
import { revenueReport } from '@/lib/payments/finance';
import { staffRoute } from '@/lib/staff/http';
import { periodQuery } from '@/lib/validations/finance';
import { FINANCE_SCOPES } from '@/lib/validations/staff-scopes';

export const GET = staffRoute(FINANCE_SCOPES, async ({ db, actor, query }) => revenueReport(db, actor, query(periodQuery)));
