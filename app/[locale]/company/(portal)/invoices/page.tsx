import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { FilterInput } from '@/components/company/filters';
import { PoolOrderForm } from '@/components/company/pool-forms';
import { buttonClass, inputClass } from '@/components/company/ui';
import { getDb } from '@/lib/db/client';
import { requireCompanyPage } from '@/lib/company-portal/page';
import { companyInvoiceList, companyPool, VAT_PERCENT } from '@/lib/payments/company-pools';
import { COMPANY_LESSON_TIYN } from '@/lib/lessons/money';
import { previousSchoolMonth } from '@/lib/payments/company-documents';
import { env } from '@/lib/env';
import { formatTiyn } from '@/lib/tariffs';
import { addMonths } from '@/lib/time/calendar';
import { schoolLongDate, schoolNoon } from '@/lib/time/school-clock';
import { schoolDay } from '@/lib/time/wall-clock';
import { PortalPageHeader } from '@/components/company/page-header';
import { cellClass, PortalTableSection } from '@/components/company/table';
import { PortalCard } from '@/components/company/card';

type Props = { params: Promise<{ locale: Locale }> };
const { th, td } = cellClass;

/**
 * The company's invoices for lesson pools and its closing documents: order a pool (an invoice), each
 * invoice's PDF, what is paid and still unused, the act of completed work per month and the
 * reconciliation statement per period (PDFs in the HR person's language).
 */
export default async function CompanyInvoicesPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const { member, actor } = await requireCompanyPage(locale, '/company/invoices');
  const db = await getDb();
  const rows = await companyInvoiceList(db, actor, member.companyId);
  const pool = await companyPool(db, actor, member.companyId);
  const t = await getTranslations('Company.invoices');
  const td_ = await getTranslations('Company.documents');
  const tp = await getTranslations('Company.pool');
  const vat = env().SCHOOL_VAT_PAYER ? t('vatIncluded', { percent: VAT_PERCENT }) : t('noVat');
  const money = (tiyn: number) => formatTiyn(tiyn, locale);
  const labels = [t('number'), t('date'), t('lessons'), t('amount'), t('status'), undefined];
  // The months an act can be made for: from the first invoice's month to this one, newest first.
  const today = schoolDay();
  const firstMonth = rows.length ? schoolDay(rows.at(-1)!.createdAt).slice(0, 7) : today.slice(0, 7);
  const months: string[] = [];
  for (let m = today.slice(0, 7); m >= firstMonth && months.length < 36; m = addMonths(`${m}-01`, -1).slice(0, 7)) months.push(m);
  const defaultMonth = months.includes(previousSchoolMonth()) ? previousSchoolMonth() : months[0]!;
  const monthLabel = (m: string) => new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : locale === 'kk' ? 'kk-KZ' : 'ru-RU', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${m}-15T00:00:00Z`));
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
        labels={labels}
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
            <th scope="row" className={`${td} font-normal`}>
              <span className="font-mono">{r.number}</span>
            </th>
            <td className={`${td} whitespace-nowrap`}>{schoolLongDate(r.createdAt, locale)}</td>
            <td className={`${td} text-right tabular-nums`}>{r.groupId !== null ? t('groupSeats', { seats: r.seats ?? 0, lessons: r.groupLessons ?? 0 }) : r.lessons}</td>
            <td className={`${td} whitespace-nowrap text-right tabular-nums`}>{formatTiyn(r.amountTiyn, locale)}</td>
            <td className={td}>{r.status === 'paid' ? t('statusPaid', { date: r.paidOn ? schoolLongDate(schoolNoon(r.paidOn), locale) : '' }) : r.status === 'cancelled' ? t('statusCancelled') : t('statusIssued')}</td>
            <td className={td}>
              <a href={`/api/company/invoices/${r.id}/pdf`} className="font-medium text-brand-dark underline underline-offset-2 hover:no-underline">
                {t('download')}
                <span className="sr-only">: {r.number}</span>
              </a>
            </td>
          </tr>
        ))}
      </PortalTableSection>
      <PortalCard id="documents-title" title={td_('title')} className="space-y-4">
        <p className="text-sm" data-testid="pool-money">
          {tp('money', { paid: money(pool.money.paidTiyn), used: money(pool.money.usedTiyn), scheduled: money(pool.money.scheduledTiyn), unspent: money(pool.money.unspentTiyn) })}
        </p>
        <p className="text-sm text-muted">{td_('intro')}</p>
        <form method="get" action="/api/company/documents/act" aria-label={td_('act')} className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          <div className="sm:col-span-2">
            <label htmlFor="act-month" className="mb-1 block text-sm font-medium">
              {td_('act')}: {td_('month')}
            </label>
            <select id="act-month" name="month" defaultValue={defaultMonth} className={inputClass}>
              {months.map((m) => (
                <option key={m} value={m}>
                  {monthLabel(m)}
                </option>
              ))}
            </select>
          </div>
          <div className="flex items-end">
            <button type="submit" className={buttonClass}>
              {td_('actDownload')}
            </button>
          </div>
        </form>
        <form method="get" action="/api/company/documents/reconciliation" aria-label={td_('reconciliation')} className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          <FilterInput id="rec-from" type="date" name="from" label={`${td_('reconciliation')}: ${td_('from')}`} value={`${today.slice(0, 4)}-01-01`} />
          <FilterInput id="rec-to" type="date" name="to" label={td_('to')} value={today} />
          <div className="flex items-end">
            <button type="submit" className={buttonClass}>
              {td_('reconciliationDownload')}
            </button>
          </div>
        </form>
      </PortalCard>
    </div>
  );
}
