'use client';

import { useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import type { StatementLesson } from '@/lib/payments/payouts';
import { formatTiyn } from '@/lib/tariffs';
import { SCHOOL_FIXED_ZONE } from '@/lib/time/school-clock';

/** "29.11.2026 18:30" on the school's clock: short enough for a phone's table, the same in every language. */
const when = (iso: string) => {
  const p = Object.fromEntries(new Intl.DateTimeFormat('en-GB', { timeZone: SCHOOL_FIXED_ZONE, day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(new Date(iso)).map((x) => [x.type, x.value]));
  return `${p.day}.${p.month}.${p.year} ${p.hour}:${p.minute}`;
};

type Loaded = { lessons: StatementLesson[]; feePercent: number } | 'loading' | 'failed' | null;

/** One month's statement, lesson by lesson (date, the student's initials, price, fee, earning), fetched when opened. */
export function StatementLessons({ month, title, count }: { month: string; title: string; count: number }) {
  const t = useTranslations('Cabinet.earnings');
  const locale = useLocale();
  const [data, setData] = useState<Loaded>(null);

  const load = () => {
    if (data && data !== 'failed') return;
    setData('loading');
    import('@/lib/browser/api/client')
      .then(({ api }) => api.get<{ lessons: StatementLesson[]; feePercent: number }>(`/api/cabinet/earnings/${month}`))
      .then(
        (res) => setData(res.data),
        () => setData('failed'),
      );
  };

  return (
    <details className="mt-2 rounded-lg border border-line px-3 py-2" onToggle={(e) => (e.currentTarget.open ? load() : undefined)} data-testid={`statement-lessons-${month}`}>
      <summary className="cursor-pointer text-sm font-medium">{t('lessonsOf', { month: title, count })}</summary>
      {data === 'loading' || data === null ? (
        <p className="mt-2 text-sm text-muted" role="status">
          {t('lessonsLoading')}
        </p>
      ) : data === 'failed' ? (
        <p className="mt-2 text-sm text-red-800" role="alert">
          {t('lessonsFailed')}{' '}
          <button type="button" className="underline" onClick={load}>
            {t('lessonsRetry')}
          </button>
        </p>
      ) : (
        <div className="mt-2 overflow-x-auto" role="region" aria-label={t('lessonsOf', { month: title, count })} tabIndex={0}>
          <table className="w-full min-w-[28rem] text-left text-sm">
            <caption className="sr-only">{t('lessonsOf', { month: title, count })}</caption>
            <thead className="text-xs text-muted">
              <tr>
                <th scope="col" className="py-1 pr-3 font-medium">{t('lsDate')}</th>
                <th scope="col" className="py-1 pr-3 font-medium">{t('lsStudent')}</th>
                <th scope="col" className="py-1 pr-3 text-right font-medium">{t('lsPrice')}</th>
                <th scope="col" className="py-1 pr-3 text-right font-medium">{t('lsFee', { fee: data.feePercent })}</th>
                <th scope="col" className="py-1 text-right font-medium">{t('lsEarning')}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {data.lessons.map((l) => {
                return (
                  <tr key={l.lessonId}>
                    <th scope="row" className="py-1.5 pr-3 font-normal whitespace-nowrap">
                      {when(l.startsAt)}
                    </th>
                    <td className="py-1.5 pr-3">
                      {l.student}
                      {l.pool && <span className="ml-1 text-xs text-muted">({t('lsPool')})</span>}
                    </td>
                    <td className="py-1.5 pr-3 text-right tabular-nums whitespace-nowrap">{formatTiyn(l.priceTiyn, locale)}</td>
                    <td className="py-1.5 pr-3 text-right tabular-nums whitespace-nowrap">{formatTiyn(l.feeTiyn, locale)}</td>
                    <td className="py-1.5 text-right tabular-nums whitespace-nowrap">{formatTiyn(l.earningTiyn, locale)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </details>
  );
}
