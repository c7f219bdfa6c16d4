import Link from 'next/link';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { FilterBar, FilterField, adminInputClass } from '@/components/admin/ui/form';
import { Facts, Section } from '@/components/admin/ui/section';
import { DataTable, EmptyState, PageHeader, cellClass } from '@/components/admin/ui/table';
import { getDb } from '@/lib/db/client';
import { revenueReport, type RevenueRow } from '@/lib/payments/finance';
import { localePath } from '@/lib/seo';
import { requireStaffPage } from '@/lib/staff/page';
import { formatTiyn } from '@/lib/tariffs';
import { periodQuery } from '@/lib/validations/finance';
import { pageParams } from '@/lib/validations/query';
import { FINANCE_SCOPES } from '@/lib/validations/staff-scopes';

type Props = { params: Promise<{ locale: Locale }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Revenue (scope finance): paid, refunded and net over a period, by plan and by the buyer's utm_source. */
export default async function RevenuePage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const { actor } = await requireStaffPage(locale, FINANCE_SCOPES, '/admin/revenue');
  const q = pageParams(periodQuery, await searchParams);
  const t = await getTranslations('Admin');
  const report = await revenueReport(await getDb(), actor, q);
  const path = localePath(locale, '/admin/revenue');
  const head = (first: string) => [first, t('revenue.orders'), t('revenue.paid'), t('revenue.refunded'), t('revenue.net')];
  const cells = (r: RevenueRow) => (
    <>
      <td className={`${cellClass} text-right tabular-nums`}>{r.orders}</td>
      <td className={`${cellClass} whitespace-nowrap text-right tabular-nums`}>{formatTiyn(r.paidTiyn, locale)}</td>
      <td className={`${cellClass} whitespace-nowrap text-right tabular-nums`}>{formatTiyn(r.refundedTiyn, locale)}</td>
      <td className={`${cellClass} whitespace-nowrap text-right tabular-nums font-medium`}>{formatTiyn(r.netTiyn, locale)}</td>
    </>
  );
  const empty = report.byPlan.length === 0;
  const touchHref = (touch: 'first' | 'last') => `${path}?${new URLSearchParams({ from: report.from, to: report.to, touch })}`;
  return (
    <>
      <PageHeader title={t('revenue.title')} lead={t('revenue.lead')} />
      <FilterBar action={path} labels={{ apply: t('common.apply'), reset: t('common.reset'), title: t('revenue.period') }}>
        <FilterField id="rv-from" label={t('revenue.from')}>
          <input id="rv-from" name="from" type="date" defaultValue={report.from} className={adminInputClass} />
        </FilterField>
        <FilterField id="rv-to" label={t('revenue.to')}>
          <input id="rv-to" name="to" type="date" defaultValue={report.to} className={adminInputClass} />
        </FilterField>
        <input type="hidden" name="touch" value={report.touch} />
      </FilterBar>
      <Facts
        items={[
          { label: t('revenue.received'), value: formatTiyn(report.receivedTiyn, locale) },
          { label: t('revenue.paid'), value: formatTiyn(report.total.paidTiyn, locale) },
          { label: t('revenue.companies', { count: report.companies.invoices }), value: formatTiyn(report.companies.paidTiyn, locale) },
          { label: t('revenue.refunded'), value: formatTiyn(report.total.refundedTiyn, locale) },
          { label: t('revenue.net'), value: formatTiyn(report.receivedTiyn - report.total.refundedTiyn, locale) },
          { label: t('revenue.school'), value: formatTiyn(report.schoolRevenueTiyn, locale) },
        ]}
      />
      <p className="mt-2 text-xs text-muted">{t('revenue.schoolHint')}</p>
      <Section id="rv-kind" title={t('revenue.byKind')}>
        <DataTable caption={t('revenue.byKind')} head={[t('revenue.kind'), t('revenue.orders'), t('revenue.paid'), t('revenue.refunded'), t('revenue.invoices'), t('revenue.net'), t('revenue.school')]}>
          {report.byKind.map((r) => (
            <tr key={r.key} data-testid={`revenue-${r.key}`}>
              <th scope="row" className={`${cellClass} font-normal`}>
                {t(`revenue.kinds.${r.key}`)}
              </th>
              <td className={`${cellClass} text-right tabular-nums`}>{r.orders}</td>
              <td className={`${cellClass} whitespace-nowrap text-right tabular-nums`}>{formatTiyn(r.paidTiyn, locale)}</td>
              <td className={`${cellClass} whitespace-nowrap text-right tabular-nums`}>{formatTiyn(r.refundedTiyn, locale)}</td>
              <td className={`${cellClass} whitespace-nowrap text-right tabular-nums`}>{`${formatTiyn(r.invoicesTiyn, locale)} (${r.invoices})`}</td>
              <td className={`${cellClass} whitespace-nowrap text-right tabular-nums font-medium`}>{formatTiyn(r.netTiyn, locale)}</td>
              <td className={`${cellClass} whitespace-nowrap text-right tabular-nums`}>{formatTiyn(r.schoolTiyn, locale)}</td>
            </tr>
          ))}
        </DataTable>
        <p className="mt-2 text-xs text-muted">{t('revenue.byKindHint')}</p>
      </Section>
      {empty ? (
        <div className="mt-5 rounded-xl border border-line bg-white">
          <EmptyState>{t('revenue.empty')}</EmptyState>
        </div>
      ) : (
        <>
          <Section id="rv-plan" title={t('revenue.byPlan')}>
            <DataTable caption={t('revenue.byPlan')} head={head(t('revenue.plan'))}>
              {report.byPlan.map((r) => (
                <tr key={r.key ?? ''}>
                  <th scope="row" className={`${cellClass} font-normal`}>
                    {t(`finance.plans.${r.key as 'basic'}`)}
                  </th>
                  {cells(r)}
                </tr>
              ))}
            </DataTable>
          </Section>
          <Section
            id="rv-source"
            title={t('revenue.bySource')}
            actions={
              <p className="flex gap-3 text-sm">
                {(['first', 'last'] as const).map((v) => (
                  <Link key={v} href={touchHref(v)} aria-current={report.touch === v ? 'true' : undefined} className="text-brand-dark underline-offset-2 hover:underline aria-[current=true]:font-semibold aria-[current=true]:no-underline">
                    {t(v === 'first' ? 'attribution.touchFirst' : 'attribution.touchLast')}
                  </Link>
                ))}
              </p>
            }
          >
            <DataTable caption={t('revenue.bySource')} head={head('utm_source')}>
              {report.bySource.map((r) => (
                <tr key={r.key ?? ''}>
                  <th scope="row" className={`${cellClass} font-normal break-all ${r.key === null ? 'text-muted italic' : ''}`}>
                    {r.key ?? t('attribution.none')}
                  </th>
                  {cells(r)}
                </tr>
              ))}
            </DataTable>
          </Section>
        </>
      )}
    </>
  );
}
