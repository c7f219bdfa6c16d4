// GET /api/admin/finance/companies - every company with a paid invoice and its pool in money: paid, used, booked ahead, paid and not used (the advance still owed in lessons); audited: pool.balances. Finance.
import { companyBalances } from '@/lib/payments/company-documents';
import { staffRoute } from '@/lib/staff/http';
import { FINANCE_SCOPES } from '@/lib/validations/staff-scopes';

export const GET = staffRoute(FINANCE_SCOPES, async ({ db, actor }) => ({ rows: await companyBalances(db, actor) }));
