'use client';

import { useEffect, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { useAuthState } from '@/components/auth/auth-store';
import type { TutorEarningsView } from '@/lib/payments/cabinet';
import { formatTenge, formatTiyn } from '@/lib/tariffs';
import { schoolLongDate, schoolNoon } from '@/lib/time/school-clock';
import { PayoutDetailsForm } from './payout-details-form';
import { StatementLessons } from './statement-lessons';

/** "ноябрь 2026 г." / "2026 ж. қараша" / "November 2026", with a capital to open the sentence. */
function monthName(month: string, locale: string): string {
  const name = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-15T00:00:00Z`));
  return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
}

/** The tutor's cabinet: the plan's platform fee and the earning per held lesson at their price (before the first paid lesson), and this month so far. */
export function TutorEarnings({ plans }: { plans: Record<string, string> }) {
  const t = useTranslations('Cabinet.earnings');
  const locale = useLocale();
  const { token } = useAuthState();
  const [data, setData] = useState<TutorEarningsView | null>(null);

  useEffect(() => {
    if (!token) return;
    let live = true;
    import('@/lib/browser/api/client')
      .then(({ api }) => api.get<TutorEarningsView>('/api/cabinet/earnings'))
      .then(
        (res) => live && setData(res.data),
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, [token]);

  if (!data) return null;
  const paid = data.statements.filter((s) => s.status === 'paid' && s.paidAt);
  const current = data.statements.find((s) => s.month === data.month.month);
  return (
    <section aria-labelledby="cabinet-earnings-title" className="mt-10 rounded-2xl border border-line p-5" data-testid="tutor-earnings">
      <h2 id="cabinet-earnings-title" className="text-xl font-bold">
        {t('title')}
      </h2>
      <p className="mt-2">
        {data.price === null || data.earningTiyn === null
          ? t('noPrice', { plan: plans[data.plan] ?? data.plan, fee: data.feePercent })
          : t('line', { plan: plans[data.plan] ?? data.plan, fee: data.feePercent, price: formatTenge(data.price, locale), earning: formatTenge(Math.round(data.earningTiyn / 100), locale) })}
      </p>
      <p className="mt-1 text-sm text-muted">{t('payouts')}</p>
      <h3 className="mt-4 font-bold">{t('monthTitle')}</h3>
      <p className="mt-1" data-testid="tutor-month">
        {t('month', { month: monthName(data.month.month, locale), lessons: data.month.lessons, earning: formatTiyn(current?.earningTiyn ?? data.month.earningTiyn, locale) })}
      </p>
      <p className="mt-1 text-sm text-muted">{t('monthNote')}</p>
      <p className="mt-1 text-sm text-muted">{t('planByLoad')}</p>
      <h3 className="mt-5 font-bold">{t('statementsTitle')}</h3>
      {data.statements.length === 0 ? (
        <p className="mt-1 text-sm text-muted">{t('statementsEmpty')}</p>
      ) : (
        <div className="mt-2 overflow-x-auto" role="region" aria-label={t('statementsCaption')} tabIndex={0}>
          <table className="w-full min-w-[30rem] text-left text-sm" data-testid="tutor-statements">
            <caption className="sr-only">{t('statementsCaption')}</caption>
            <thead className="text-xs text-muted">
              <tr>
                <th scope="col" className="py-1 pr-3 font-medium">{t('stMonth')}</th>
                <th scope="col" className="py-1 pr-3 text-right font-medium">{t('stLessons')}</th>
                <th scope="col" className="py-1 pr-3 font-medium">{t('stPlan')}</th>
                <th scope="col" className="py-1 pr-3 text-right font-medium">{t('stEarning')}</th>
                <th scope="col" className="py-1 font-medium">{t('stStatus')}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {data.statements.map((s) => (
                <tr key={s.month}>
                  <th scope="row" className="py-1.5 pr-3 font-normal">{monthName(s.month, locale)}</th>
                  <td className="py-1.5 pr-3 text-right tabular-nums">{s.lessons}</td>
                  <td className="py-1.5 pr-3">{plans[s.plan] ?? s.plan} · {s.feePercent}%</td>
                  <td className="py-1.5 pr-3 text-right tabular-nums whitespace-nowrap">
                    {formatTiyn(s.earningTiyn, locale)}
                    {s.chatTiyn > 0 && <span className="block text-xs text-muted">{t('stChat', { amount: formatTiyn(s.chatTiyn, locale) })}</span>}
                  </td>
                  <td className="py-1.5">{t(`st_${s.status}`, { date: schoolLongDate(s.status === 'paid' && s.paidAt ? s.paidAt : schoolNoon(s.status === 'preparing' ? s.readyBy : s.payBy), locale) })}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data.statements.map((s) => (
        <StatementLessons key={s.month} month={s.month} title={monthName(s.month, locale)} count={s.lessons} />
      ))}
      <h3 className="mt-5 font-bold">{t('payoutsTitle')}</h3>
      {paid.length === 0 ? (
        <p className="mt-1 text-sm text-muted">{t('payoutsEmpty')}</p>
      ) : (
        <ul className="mt-1 space-y-1 text-sm" data-testid="tutor-payouts">
          {paid.map((s) => (
            <li key={s.month}>
              {monthName(s.month, locale)}: {formatTiyn(s.earningTiyn, locale)} — {t('st_paid', { date: schoolLongDate(s.paidAt!, locale) })}
            </li>
          ))}
        </ul>
      )}
      <PayoutDetailsForm />
    </section>
  );
}
