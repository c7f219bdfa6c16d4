import Link from 'next/link';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { formatDateTime } from '@/components/admin/ui/format';
import { FilterBar, FilterInput, FilterSelect } from '@/components/admin/ui/form';
import { PagedTable } from '@/components/admin/ui/paged-table';
import { Badge, PageHeader, cellClass } from '@/components/admin/ui/table';
import { getDb } from '@/lib/db/client';
import { viewPayments } from '@/lib/payments/finance';
import { localePath } from '@/lib/seo';
import { requireStaffPage } from '@/lib/staff/page';
import { formatTiyn } from '@/lib/tariffs';
import { paymentsQuery } from '@/lib/validations/finance';
import { pageParams, rawParam } from '@/lib/validations/query';
import { FINANCE_SCOPES } from '@/lib/validations/staff-scopes';

type Props = { params: Promise<{ locale: Locale }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

const TONE = { paid: 'good', pending: 'info', declined: 'bad', expired: 'neutral', refunded: 'warn' } as const;
const STATUSES = ['pending', 'paid', 'declined', 'expired', 'refunded'] as const;
const PLANS = ['basic', 'advanced', 'intensive'] as const;

/** Payments (scope finance): orders with our status and the provider's last word, filtered in the URL; each view audited. */
export default async function PaymentsPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const { actor } = await requireStaffPage(locale, FINANCE_SCOPES, '/admin/payments');
  const raw = await searchParams;
  const f = pageParams(paymentsQuery, raw);
  const t = await getTranslations('Admin');
  const { rows, total } = await viewPayments(await getDb(), actor, f);
  const path = localePath(locale, '/admin/payments');
  const keep = { q: f.q, status: f.status, plan: f.plan, from: f.from ? rawParam(raw, 'from') : undefined, to: f.to ? rawParam(raw, 'to') : undefined };
  const filtered = Object.values(keep).some(Boolean);
  return (
    <>
      <PageHeader title={t('payments.title')} lead={t('payments.lead')} />
      <FilterBar action={path} labels={{ apply: t('common.apply'), reset: t('common.reset'), title: t('payments.filters') }}>
        <FilterInput id="p-q" name="q" type="search" label={t('payments.search')} value={f.q} wide />
        <FilterSelect id="p-status" name="status" label={t('payments.status')} value={f.status} allLabel={t('common.all')} options={[...STATUSES.map((s): [string, string] => [s, t(`payments.statuses.${s}`)]), ['attention', t('payments.attention')]]} />
        <FilterSelect id="p-plan" name="plan" label={t('payments.plan')} value={f.plan} allLabel={t('common.all')} options={PLANS.map((p) => [p, t(`finance.plans.${p}`)])} />
        <FilterInput id="p-from" name="from" type="date" label={t('payments.from')} value={keep.from} />
        <FilterInput id="p-to" name="to" type="date" label={t('payments.to')} value={keep.to} />
      </FilterBar>
      <PagedTable
        caption={t('payments.caption')}
        head={[t('payments.invoice'), t('payments.student'), t('payments.tutor'), t('payments.plan'), t('payments.amount'), t('payments.status'), t('payments.provider'), t('payments.created')]}
        shown={rows.length}
        empty={filtered ? t('payments.emptyFiltered') : t('payments.empty')}
        pages={{ path, params: keep, at: f, total }}
      >
        {rows.map((r) => (
          <tr key={r.id}>
            <td className={`${cellClass} font-mono`}>
              <Link href={localePath(locale, `/admin/payments/${r.id}`)} prefetch={false} className="font-medium text-brand-dark underline-offset-2 hover:underline">
                {r.invoiceId}
              </Link>
              {r.test && <span className="ml-1 text-xs text-muted">({t('payments.test')})</span>}
            </td>
            <td className={cellClass}>{r.student}</td>
            <td className={cellClass}>{r.tutor}</td>
            <td className={cellClass}>{t(`finance.plans.${r.plan}`)}</td>
            <td className={`${cellClass} whitespace-nowrap text-right tabular-nums`}>{formatTiyn(r.amountTiyn, locale)}</td>
            <td className={cellClass}>
              <Badge tone={TONE[r.status]}>{t(`payments.statuses.${r.status}`)}</Badge>
              {r.anomaly && (
                <p className="mt-1 text-xs font-medium text-red-800">
                  <Badge tone="bad">{t('payments.attention')}</Badge> {t(`payments.anomalies.${r.anomaly}`)}
                </p>
              )}
            </td>
            <td className={`${cellClass} font-mono text-xs`}>{r.providerEvent ?? t('payments.noProviderWord')}</td>
            <td className={`${cellClass} whitespace-nowrap`}>{formatDateTime(locale, r.createdAt)}</td>
          </tr>
        ))}
      </PagedTable>
    </>
  );
}
