import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { PoolOrderForm } from '@/components/company/pool-forms';
import { getDb } from '@/lib/db/client';
import { requireCompanyPage } from '@/lib/company-portal/page';
import { COMPANY_LESSON_TIYN, companyInvoiceList, VAT_PERCENT } from '@/lib/payments/company-pools';
import { env } from '@/lib/env';
import { formatTiyn } from '@/lib/tariffs';
import { schoolLongDate } from '@/lib/time/school-clock';
import { PortalPageHeader } from '@/components/company/page-header';
import { cellClass, PortalTableSection } from '@/components/company/table';
import { PortalCard } from '@/components/company/card';

type Props = { params: Promise<{ locale: Locale }> };
const { th, td } = cellClass;

/** The company's invoices for lesson pools: order a pool (an invoice), download each invoice's PDF. */
export default async function CompanyInvoicesPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const { member, actor } = await requireCompanyPage(locale, '/company/invoices');
  const rows = await companyInvoiceList(await getDb(), actor, member.companyId);
  const t = await getTranslations('Company.invoices');
  const vat = env().SCHOOL_VAT_PAYER ? t('vatIncluded', { percent: VAT_PERCENT }) : t('noVat');
  return (
    <div className="space-y-6">
      <PortalPageHeader title={t('title')} intro={t('intro')} />
      <PortalCard id="order-title" title={t('orderTitle')} className="space-y-3">
        <p className="text-sm text-muted">{t('priceNote', { price: formatTiyn(COMPANY_LESSON_TIYN, locale), vat })}</p>
        <PoolOrderForm />
      </PortalCard>
      <PortalTableSection
        id="invoices-title"
        title={t('listTitle')}
        testId="company-invoices"
        hasRows={rows.length > 0}
        empty={t('empty')}
        head={
          <>
            <th scope="col" className={th}>{t('number')}</th>
            <th scope="col" className={th}>{t('date')}</th>
            <th scope="col" className={`${th} text-right`}>{t('lessons')}</th>
            <th scope="col" className={`${th} text-right`}>{t('amount')}</th>
            <th scope="col" className={th}>{t('status')}</th>
            <th scope="col" className={th}>
              <span className="sr-only">{t('download')}</span>
            </th>
          </>
        }
      >
        {rows.map((r) => (
          <tr key={r.id}>
            <th scope="row" className={`${td} font-mono font-normal`}>{r.number}</th>
            <td className={`${td} whitespace-nowrap`}>{schoolLongDate(r.createdAt, locale)}</td>
            <td className={`${td} text-right tabular-nums`}>{r.lessons}</td>
            <td className={`${td} whitespace-nowrap text-right tabular-nums`}>{formatTiyn(r.amountTiyn, locale)}</td>
            <td className={td}>{r.status === 'paid' ? t('statusPaid', { date: r.paidOn ? schoolLongDate(`${r.paidOn}T12:00:00+05:00`, locale) : '' }) : r.status === 'cancelled' ? t('statusCancelled') : t('statusIssued')}</td>
            <td className={td}>
              <a href={`/api/company/invoices/${r.id}/pdf`} className="font-medium text-brand-dark underline underline-offset-2 hover:no-underline">
                {t('download')}
                <span className="sr-only">: {r.number}</span>
              </a>
            </td>
          </tr>
        ))}
      </PortalTableSection>
    </div>
  );
}
