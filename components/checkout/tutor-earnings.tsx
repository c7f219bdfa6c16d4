'use client';

import { useEffect, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { useAuthState } from '@/components/auth/auth-store';
import type { TutorEarningsView } from '@/lib/payments/cabinet';
import { formatTenge } from '@/lib/tariffs';

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
        {t('month', { month: monthName(data.month.month, locale), lessons: data.month.lessons, earning: formatTenge(Math.round(data.month.earningTiyn / 100), locale) })}
      </p>
      <p className="mt-1 text-sm text-muted">{t('monthNote')}</p>
    </section>
  );
}
