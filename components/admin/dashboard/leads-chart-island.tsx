'use client';

import dynamic from 'next/dynamic';
import { useState, type ReactNode } from 'react';
import type { LeadsChartProps } from './leads-chart';

// recharts is loaded only here, in its own chunk, after the page is shown.
const LeadsChart = dynamic(() => import('./leads-chart').then((m) => m.LeadsChart), { ssr: false });

/**
 * The leads-per-day chart over the server-rendered table (`children`). Without JavaScript, or until
 * the chart has drawn, the table is what everyone sees; then the table stays for screen readers only
 * and the chart, a picture of the same numbers, is hidden from them.
 */
export function LeadsChartIsland({ children, ...chart }: Omit<LeadsChartProps, 'onReady'> & { children: ReactNode }) {
  const [ready, setReady] = useState(false);
  return (
    <>
      <div aria-hidden="true" data-testid="leads-chart" className={ready ? 'h-72 w-full' : 'h-0 overflow-hidden'}>
        <LeadsChart {...chart} onReady={() => setReady(true)} />
      </div>
      <div className={ready ? 'sr-only' : undefined}>{children}</div>
    </>
  );
}
