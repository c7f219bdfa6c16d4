'use client';

import dynamic from 'next/dynamic';
import type { ChartDatum } from './chart';

/**
 * The chart, loaded only on the attribution page and only in the browser: recharts (~100 KB) never
 * reaches another page's bundle, and the table is readable before it arrives.
 */
const Chart = dynamic(() => import('./chart'), {
  ssr: false,
  loading: () => <div className="h-48 animate-pulse rounded-lg bg-slate-100" />,
});

export function AttributionChartLazy({ data, labels }: { data: ChartDatum[]; labels: { title: string; leads: string; registrations: string; won: string } }) {
  return (
    <figure className="mb-5 rounded-xl border border-line bg-white p-3" aria-label={labels.title}>
      <figcaption className="sr-only">{labels.title}</figcaption>
      <div aria-hidden="true">
        <Chart data={data} labels={labels} />
      </div>
    </figure>
  );
}
