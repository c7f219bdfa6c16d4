// GET /api/admin/finance/invoices?status=issued|paid|cancelled|all&page - company invoices for lesson pools, the ones waiting for the transfer by default (audited: invoice.list). Finance.
import { viewInvoices } from '@/lib/payments/company-pools';
import { staffRoute } from '@/lib/staff/http';
import { invoicesQuery } from '@/lib/validations/company-pools';
import { FINANCE_SCOPES } from '@/lib/validations/staff-scopes';

export const GET = staffRoute(FINANCE_SCOPES, async ({ db, actor, query }) => viewInvoices(db, actor, query(invoicesQuery)));
