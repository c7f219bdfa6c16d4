// GET /api/company/invoices - the company's invoices for lesson pools (audited: invoice.list); POST {lessons} - HR orders a pool: an issued invoice (audited: invoice.create).
import { companyRoute } from '@/lib/company-portal/http';
import { companyInvoiceList, createInvoice } from '@/lib/payments/company-pools';
import { poolOrderSchema } from '@/lib/validations/company-pools';

export const GET = companyRoute(async ({ db, actor, companyId }) => ({ rows: await companyInvoiceList(db, actor, companyId) }));

export const POST = companyRoute(async ({ db, actor, member, body }) => {
  const { lessons } = await body(poolOrderSchema);
  return { invoice: await createInvoice(db, actor, member, lessons) };
}, { status: 201 });
