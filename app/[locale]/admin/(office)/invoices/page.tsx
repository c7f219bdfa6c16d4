import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { InvoiceDecision } from '@/components/admin/finance/invoice-decision';
import { formatDate } from '@/components/admin/ui/format';
import { FilterBar, FilterSelect } from '@/components/admin/ui/form';
import { PagedTable } from '@/components/admin/ui/paged-table';
import { DataTable, PageHeader, cellClass } from '@/components/admin/ui/table';
import { getDb } from '@/lib/db/client';
import { companyBalances } from '@/lib/payments/company-documents';
import { viewInvoices } from '@/lib/payments/company-pools';
import { localePath } from '@/lib/seo';
import { requireStaffPage } from '@/lib/staff/page';
import { formatTiyn } from '@/lib/tariffs';
import { invoicesQuery } from '@/lib/validations/company-pools';
import { pageParams } from '@/lib/validations/query';
import { FINANCE_SCOPES } from '@/lib/validations/staff-scopes';
import { schoolLongDate, schoolNoon } from '@/lib/time/school-clock';

type Props = { params: Promise<{ locale: Locale }>; searchParams: Promise<Record<string, string | string[] | undefined>> };
const STATUSES = ['issued', 'paid', 'cancelled', 'all'] as const;

/**
 * Company invoices for lesson pools (scope finance): the ones waiting for the transfer first; mark
 * paid or cancel. Under them, every paying company's pool in money (paid, used, booked, the advance
 * left) with its act of completed work and reconciliation statement.
 */
export default async function InvoicesPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const { actor } = await requireStaffPage(locale, FINANCE_SCOPES, '/admin/invoices');
  const f = pageParams(invoicesQuery, await searchParams);
  const t = await getTranslations('Admin');
  const db = await getDb();
  const { rows, total } = await viewInvoices(db, actor, f);
  const balances = await companyBalances(db, actor);
  const path = localePath(locale, '/admin/invoices');
  const link = 'font-medium text-brand-dark underline underline-offset-2 hover:no-underline';
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
            <td className={`${cellClass} text-right tabular-nums`}>{r.groupId !== null ? t('invoices.groupSeats', { seats: r.seats ?? 0, lessons: r.groupLessons ?? 0 }) : r.lessons}</td>
            <td className={`${cellClass} whitespace-nowrap text-right tabular-nums`}>{formatTiyn(r.amountTiyn, locale)}</td>
            <td className={cellClass}>
              {t(`invoices.statuses.${r.status}`)}
              {r.status === 'paid' && <span className="block text-xs text-muted">{`${r.paidOn ? schoolLongDate(schoolNoon(r.paidOn), locale) : ''} · № ${r.paymentOrder ?? ''}`}</span>}
              {r.cancelReason && <span className="block text-xs text-muted">{r.cancelReason}</span>}
            </td>
            <td className={cellClass}>{r.status === 'issued' ? <InvoiceDecision id={r.id} context={`${r.number}, ${r.company}`} /> : '—'}</td>
          </tr>
        ))}
      </PagedTable>
      <section aria-labelledby="pools-title" className="mt-10">
        <h2 id="pools-title" className="text-xl font-semibold">
          {t('invoices.pools.title')}
        </h2>
        <p className="mt-1 mb-3 max-w-3xl text-sm text-muted">{t('invoices.pools.lead')}</p>
        <DataTable
          caption={t('invoices.pools.caption')}
          head={[t('invoices.company'), t('invoices.pools.paid'), t('invoices.pools.used'), t('invoices.pools.scheduled'), t('invoices.pools.unspent'), t('invoices.pools.documents')]}
          empty={balances.length === 0 ? <p className="px-4 py-6 text-center text-muted">{t('invoices.pools.empty')}</p> : undefined}
        >
          {balances.map((b) => (
            <tr key={b.companyId} data-testid="company-balance">
              <td className={cellClass}>{b.company}</td>
              <td className={`${cellClass} whitespace-nowrap text-right tabular-nums`}>{formatTiyn(b.paidTiyn, locale)}</td>
              <td className={`${cellClass} whitespace-nowrap text-right tabular-nums`}>{formatTiyn(b.usedTiyn, locale)}</td>
              <td className={`${cellClass} whitespace-nowrap text-right tabular-nums`}>{formatTiyn(b.scheduledTiyn, locale)}</td>
              <td className={`${cellClass} whitespace-nowrap text-right font-semibold tabular-nums`}>{formatTiyn(b.unspentTiyn, locale)}</td>
              <td className={cellClass}>
                <a href={`/api/admin/finance/companies/${b.companyId}/act?lang=${locale}`} className={`${link} block`}>
                  {t('invoices.pools.act')}
                </a>
                <a href={`/api/admin/finance/companies/${b.companyId}/reconciliation?lang=${locale}`} className={`${link} block`}>
                  {t('invoices.pools.reconciliation')}
                </a>
                <details className="mt-1 text-sm">
                  <summary className="cursor-pointer text-muted">{t('invoices.pools.other')}</summary>
                  <form method="get" action={`/api/admin/finance/companies/${b.companyId}/act`} className="mt-2 flex flex-wrap items-end gap-2">
                    <input type="hidden" name="lang" value={locale} />
                    <label className="grid gap-1">
                      {t('invoices.pools.month')}
                      <input type="month" name="month" required className="rounded border border-line px-2 py-1" />
                    </label>
                    <button type="submit" className={link}>
                      {t('invoices.pools.act')}
                    </button>
                  </form>
                  <form method="get" action={`/api/admin/finance/companies/${b.companyId}/reconciliation`} className="mt-2 flex flex-wrap items-end gap-2">
                    <input type="hidden" name="lang" value={locale} />
                    <label className="grid gap-1">
                      {t('invoices.pools.from')}
                      <input type="date" name="from" required className="rounded border border-line px-2 py-1" />
                    </label>
                    <label className="grid gap-1">
                      {t('invoices.pools.to')}
                      <input type="date" name="to" required className="rounded border border-line px-2 py-1" />
                    </label>
                    <button type="submit" className={link}>
                      {t('invoices.pools.reconciliation')}
                    </button>
                  </form>
                </details>
              </td>
            </tr>
          ))}
        </DataTable>
      </section>
    </>
  );
}
