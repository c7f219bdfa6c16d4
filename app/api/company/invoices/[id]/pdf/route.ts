// GET /api/company/invoices/{id}/pdf - one invoice of the company (a lesson pool's, or a closed group's seats) as a PDF in Kazakh for a Kazakh-speaking HR person, else Russian (another company's: 404); audited: invoice.pdf.
import { idParam } from '@/lib/api/params';
import { audit } from '@/lib/audit/log';
import { companyRoute } from '@/lib/company-portal/http';
import { fileResponse } from '@/lib/api/download';
import { isLocale } from '@/i18n/routing';
import { companyInvoiceForPdf } from '@/lib/payments/company-pools';
import { renderInvoicePdf } from '@/lib/payments/invoice-pdf';

export const GET = companyRoute(async ({ db, actor, companyId, member, params }) => {
  const invoice = await companyInvoiceForPdf(db, companyId, idParam(params));
  await audit(db, actor, { action: 'invoice.pdf', entity: 'invoice', entityId: invoice.id, after: { number: invoice.number } });
  const pdf = await renderInvoicePdf(invoice, isLocale(member.locale) ? member.locale : 'ru');
  return fileResponse(new Uint8Array(pdf), 'pdf', `${invoice.number}.pdf`);
});
