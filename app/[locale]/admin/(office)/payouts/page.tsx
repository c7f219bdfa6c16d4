import Link from 'next/link';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { PayoutActions } from '@/components/admin/finance/payout-actions';
import { formatDateTime } from '@/components/admin/ui/format';
import { FilterBar, FilterField, adminInputClass } from '@/components/admin/ui/form';
import { PagedTable } from '@/components/admin/ui/paged-table';
import { Facts } from '@/components/admin/ui/section';
import { Badge, PageHeader, cellClass } from '@/components/admin/ui/table';
import { audit } from '@/lib/audit/log';
import { getDb } from '@/lib/db/client';
import { PAYOUT_DAY, STATEMENT_DAY, defaultPayoutMonth, payoutRegister, previousMonth, schoolMonth } from '@/lib/payments/payouts';
import { localePath } from '@/lib/seo';
import { requireStaffPage } from '@/lib/staff/page';
import { formatTiyn } from '@/lib/tariffs';
import { payoutsQuery } from '@/lib/validations/finance';
import { pageParams } from '@/lib/validations/query';
import { FINANCE_SCOPES } from '@/lib/validations/staff-scopes';
import { intlLocale, schoolLongDate, schoolNoon } from '@/lib/time/school-clock';
import { schoolDate } from '@/lib/time/school-zone';

type Props = { params: Promise<{ locale: Locale }>; searchParams: Promise<Record<string, string | string[] | undefined>> };
const TONE = { open: 'neutral', draft: 'info', approved: 'warn', paid: 'good' } as const;

/** The monthly payout register (scope finance): per tutor lessons, plan by load, fee, earning; approve → bank file → paid. */
export default async function PayoutsPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const { actor } = await requireStaffPage(locale, FINANCE_SCOPES, '/admin/payouts');
  const f = pageParams(payoutsQuery, await searchParams);
  const t = await getTranslations('Admin');
  const db = await getDb();
  const month = f.month ?? (await defaultPayoutMonth(db));
  const view = await payoutRegister(db, month, f);
  await audit(db, actor, { action: 'payout.view', entity: 'payout', entityId: month, after: { tutors: view.total.tutors } });
  const path = localePath(locale, '/admin/payouts');
  const monthName = new Intl.DateTimeFormat(intlLocale(locale), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-15T00:00:00Z`));
  return (
    <>
      <PageHeader title={t('payouts.title')} lead={t('payouts.lead', { statementDay: STATEMENT_DAY, payoutDay: PAYOUT_DAY })} />
      <FilterBar action={path} labels={{ apply: t('common.apply'), reset: t('common.reset'), title: t('payouts.pickMonth') }}>
        <FilterField id="po-month" label={t('payouts.month')}>
          <input id="po-month" name="month" type="month" defaultValue={month} className={adminInputClass} />
        </FilterField>
      </FilterBar>
      <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {[
          { m: schoolMonth(), label: t('payouts.thisMonth') },
          { m: previousMonth(), label: t('payouts.lastMonth') },
        ].map(({ m, label }) => (
          <Link key={m} href={`${path}?month=${m}`} aria-current={m === month ? 'true' : undefined} className="text-brand-dark underline-offset-2 hover:underline aria-[current=true]:font-semibold aria-[current=true]:no-underline">
            {label}
          </Link>
        ))}
      </p>
      {(() => {
        // Flagged when late (the audit: "by the 5th" and "by the 10th" were nowhere): the last month only.
        const today = schoolDate(new Date());
        if (month !== previousMonth() || view.total.tutors === 0) return null;
        const day = Number(today.slice(8, 10));
        const on = (d: number) => schoolLongDate(schoolNoon(`${today.slice(0, 8)}${String(d).padStart(2, '0')}`), locale);
        const text =
          view.status === 'draft' && day > STATEMENT_DAY
            ? t('payouts.notices.overdueApprove', { month: monthName, readyBy: on(STATEMENT_DAY) })
            : view.status === 'approved' && day > PAYOUT_DAY
              ? t('payouts.notices.overduePay', { month: monthName, payBy: on(PAYOUT_DAY) })
              : null;
        return text ? (
          <p role="alert" className="mt-4 rounded-xl border border-danger/40 bg-red-50 p-3 font-medium text-red-900" data-testid="payout-overdue">
            {text}
          </p>
        ) : null;
      })()}
      <Facts
        items={[
          { label: t('payouts.month'), value: monthName },
          { label: t('payouts.status'), value: <Badge tone={TONE[view.status]}>{t(`payouts.statuses.${view.status}`)}</Badge> },
          { label: t('payouts.tutors'), value: view.total.tutors },
          { label: t('payouts.lessons'), value: view.total.lessons },
          { label: t('payouts.totalEarning'), value: formatTiyn(view.total.earningTiyn, locale) },
          { label: t('payouts.totalFee'), value: formatTiyn(view.total.feeTiyn, locale) },
          ...(view.register ? [{ label: t('payouts.approvedAt'), value: formatDateTime(locale, view.register.approvedAt) }, { label: t('payouts.paidAt'), value: formatDateTime(locale, view.register.paidAt) }] : []),
        ]}
      />
      <div className="mt-5">
        {view.status === 'open' ? <p className="mb-5 text-sm text-muted">{t('payouts.openNote')}</p> : view.total.tutors > 0 && <PayoutActions month={month} status={view.status} exported={!!view.register?.exportedAt} />}
      </div>
      <PagedTable
        caption={t('payouts.caption', { month: monthName })}
        head={[t('payouts.tutor'), t('payouts.lessons'), t('payouts.plan'), t('payouts.fee'), t('payouts.priceSum'), t('payouts.earning')]}
        shown={view.lines.length}
        empty={t('payouts.empty')}
        pages={{ path, params: { month }, at: view, total: view.total.tutors }}
      >
        {view.lines.map((l) => (
          <tr key={l.tutorId}>
            <td className={cellClass}>{l.name}</td>
            <td className={`${cellClass} text-right tabular-nums`}>{l.lessons}</td>
            <td className={cellClass}>{t(`finance.plans.${l.plan}`)}</td>
            <td className={`${cellClass} text-right tabular-nums`}>{l.feePercent}%</td>
            <td className={`${cellClass} whitespace-nowrap text-right tabular-nums`}>{formatTiyn(l.priceSumTiyn, locale)}</td>
            <td className={`${cellClass} whitespace-nowrap text-right tabular-nums font-medium`}>{formatTiyn(l.earningTiyn, locale)}</td>
          </tr>
        ))}
      </PagedTable>
    </>
  );
}
