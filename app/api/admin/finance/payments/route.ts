// GET /api/admin/finance/payments?q&status&plan&from&to&page&pageSize - orders with their provider status, a page (audited: payment.list). Finance.
import { viewPayments } from '@/lib/payments/finance';
import { staffRoute } from '@/lib/staff/http';
import { paymentsQuery } from '@/lib/validations/finance';
import { FINANCE_SCOPES } from '@/lib/validations/staff-scopes';

export const GET = staffRoute(FINANCE_SCOPES, async ({ db, actor, query }) => viewPayments(db, actor, query(paymentsQuery)));
