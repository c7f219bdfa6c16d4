'use client';

import { useEffect, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { useAuthState } from '@/components/auth/auth-store';
import type { TutorEarningsView } from '@/lib/payments/cabinet';
import { formatTenge } from '@/lib/tariffs';

/** The tutor's cabinet: the plan's platform fee and the earning per held lesson at their price (before the first paid lesson). */
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
    </section>
  );
}
