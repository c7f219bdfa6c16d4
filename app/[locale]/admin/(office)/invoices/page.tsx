import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { InvoiceDecision } from '@/components/admin/finance/invoice-decision';
import { formatDate } from '@/components/admin/ui/format';
import { FilterBar, FilterSelect } from '@/components/admin/ui/form';
import { PagedTable } from '@/components/admin/ui/paged-table';
import { PageHeader, cellClass } from '@/components/admin/ui/table';
import { getDb } from '@/lib/db/client';
import { viewInvoices } from '@/lib/payments/company-pools';
import { localePath } from '@/lib/seo';
import { requireStaffPage } from '@/lib/staff/page';
import { formatTiyn } from '@/lib/tariffs';
import { invoicesQuery } from '@/lib/validations/company-pools';
import { pageParams } from '@/lib/validations/query';
import { FINANCE_SCOPES } from '@/lib/validations/staff-scopes';
import { schoolLongDate } from '@/lib/time/school-clock';

type Props = { params: Promise<{ locale: Locale }>; searchParams: Promise<Record<string, string | string[] | undefined>> };
const STATUSES = ['issued', 'paid', 'cancelled', 'all'] as const;

/** Company invoices for lesson pools (scope finance): the ones waiting for the transfer first; mark paid or cancel. */
export default async function InvoicesPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const { actor } = await requireStaffPage(locale, FINANCE_SCOPES, '/admin/invoices');
  const f = pageParams(invoicesQuery, await searchParams);
  const t = await getTranslations('Admin');
  const { rows, total } = await viewInvoices(await getDb(), actor, f);
  const path = localePath(locale, '/admin/invoices');
  return (
    <>
      <PageHeader title={t('invoices.title')} lead={t('invoices.intro')} />
      <FilterBar action={path} labels={{ apply: t('common.apply'), reset: t('common.reset'), title: t('invoices.status') }}>
        <FilterSelect id="i-status" name="status" label={t('invoices.status')} value={f.status} allLabel={t('invoices.statuses.issued')} options={STATUSES.filter((s) => s !== 'issued').map((s) => [s, t(`invoices.statuses.${s}`)])} />
      </FilterBar>
      <PagedTable
        caption={t('invoices.caption')}
        head={[t('invoices.invoice'), t('invoices.company'), t('invoices.lessons'), t('invoices.amount'), t('invoices.status'), t('invoices.action')]}
        shown={rows.length}
        empty={f.status === 'issued' ? t('invoices.emptyIssued') : t('invoices.empty')}
        pages={{ path, params: { status: f.status === 'issued' ? undefined : f.status }, at: f, total }}
      >
        {rows.map((r) => (
          <tr key={r.id}>
            <td className={`${cellClass} font-mono`}>
              {r.number}
              <span className="block font-sans text-xs text-muted">{formatDate(locale, r.createdAt)}</span>
            </td>
            <td className={cellClass}>{r.company}</td>
            <td className={`${cellClass} text-right tabular-nums`}>{r.lessons}</td>
            <td className={`${cellClass} whitespace-nowrap text-right tabular-nums`}>{formatTiyn(r.amountTiyn, locale)}</td>
            <td className={cellClass}>
              {t(`invoices.statuses.${r.status}`)}
              {r.status === 'paid' && <span className="block text-xs text-muted">{`${r.paidOn ? schoolLongDate(`${r.paidOn}T12:00:00+05:00`, locale) : ''} · № ${r.paymentOrder ?? ''}`}</span>}
              {r.cancelReason && <span className="block text-xs text-muted">{r.cancelReason}</span>}
            </td>
            <td className={cellClass}>{r.status === 'issued' ? <InvoiceDecision id={r.id} context={`${r.number}, ${r.company}`} /> : '—'}</td>
          </tr>
        ))}
      </PagedTable>
    </>
  );
}
