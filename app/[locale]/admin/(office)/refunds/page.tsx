import Link from 'next/link';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { RefundDecision } from '@/components/admin/finance/refund-decision';
import { formatDate } from '@/components/admin/ui/format';
import { FilterBar, FilterSelect } from '@/components/admin/ui/form';
import { PagedTable } from '@/components/admin/ui/paged-table';
import { PageHeader, cellClass } from '@/components/admin/ui/table';
import { getDb } from '@/lib/db/client';
import { viewRefunds } from '@/lib/payments/finance';
import { localePath } from '@/lib/seo';
import { requireStaffPage } from '@/lib/staff/page';
import { formatTiyn } from '@/lib/tariffs';
import { refundsQuery } from '@/lib/validations/finance';
import { pageParams } from '@/lib/validations/query';
import { FINANCE_SCOPES } from '@/lib/validations/staff-scopes';

type Props = { params: Promise<{ locale: Locale }>; searchParams: Promise<Record<string, string | string[] | undefined>> };
const STATUSES = ['review', 'requested', 'done', 'failed', 'rejected', 'all'] as const;

/** Refunds (scope finance): the ones the rules leave to people first, approve or reject with a reason. */
export default async function RefundsPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const { actor } = await requireStaffPage(locale, FINANCE_SCOPES, '/admin/refunds');
  const f = pageParams(refundsQuery, await searchParams);
  const t = await getTranslations('Admin');
  const { rows, total } = await viewRefunds(await getDb(), actor, f);
  const path = localePath(locale, '/admin/refunds');
  return (
    <>
      <PageHeader title={t('refunds.title')} lead={t('refunds.lead')} />
      <FilterBar action={path} labels={{ apply: t('common.apply'), reset: t('common.reset'), title: t('refunds.filters') }}>
        <FilterSelect id="r-status" name="status" label={t('refunds.status')} value={f.status} allLabel={t('refunds.statuses.review')} options={STATUSES.filter((s) => s !== 'review').map((s) => [s, t(`refunds.statuses.${s}`)])} />
      </FilterBar>
      <PagedTable
        caption={t('refunds.caption')}
        head={[t('refunds.payment'), t('refunds.student'), t('refunds.amount'), t('refunds.status'), t('refunds.due'), t('refunds.action')]}
        shown={rows.length}
        empty={f.status === 'review' ? t('refunds.emptyReview') : t('refunds.empty')}
        pages={{ path, params: { status: f.status === 'review' ? undefined : f.status }, at: f, total }}
      >
        {rows.map((r) => (
          <tr key={r.id}>
            <td className={`${cellClass} font-mono`}>
              <Link href={localePath(locale, `/admin/payments/${r.orderId}`)} prefetch={false} className="text-brand-dark underline-offset-2 hover:underline">
                {r.invoiceId}
              </Link>
            </td>
            <td className={cellClass}>{r.student}</td>
            <td className={`${cellClass} whitespace-nowrap text-right tabular-nums`}>
              {formatTiyn(r.amountTiyn, locale)} <span className="text-xs text-muted">({t('refunds.lessons', { count: r.lessons })})</span>
            </td>
            <td className={cellClass}>
              {t(`refunds.statuses.${r.status}`)}
              {r.decisionReason && <span className="block text-xs text-muted">{r.decisionReason}</span>}
            </td>
            <td className={`${cellClass} whitespace-nowrap`}>{formatDate(locale, r.dueBy)}</td>
            <td className={cellClass}>{r.status === 'review' ? <RefundDecision id={r.id} context={`${r.invoiceId}, ${r.student}`} /> : '—'}</td>
          </tr>
        ))}
      </PagedTable>
    </>
  );
}
