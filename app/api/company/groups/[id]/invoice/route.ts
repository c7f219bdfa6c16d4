// POST /api/company/groups/[id]/invoice {seats} - HR orders the company's group's invoice: seats × the lessons ahead × the group's price, paid by bank transfer (another company's group: 404; 409 group_not_open, company_bin_missing); audited: invoice.create.
import { idParam } from '@/lib/api/params';
import { companyRoute } from '@/lib/company-portal/http';
import { orderGroupInvoice } from '@/lib/company-portal/groups';
import { groupInvoiceSchema } from '@/lib/validations/groups';

export const POST = companyRoute(
  async ({ db, actor, member, params, body }) => {
    const { seats } = await body(groupInvoiceSchema);
    return orderGroupInvoice(db, actor, member, idParam(params), seats);
  },
  { status: 201 },
);
