'use client';

import { useEffect } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

/** One colour per lead kind, the site's palette. */
const COLOURS = ['#0090f9', '#ff6b5b', '#2ec4a6', '#ffc83d', '#7c5cff', '#5b5a66'];

export interface LeadsChartProps {
  data: ({ date: string } & Record<string, number | string>)[];
  kinds: { key: string; label: string }[];
  locale: string;
  onReady: () => void;
}

/** Leads per day, stacked by kind (recharts). */
export function LeadsChart({ data, kinds, locale, onReady }: LeadsChartProps) {
  useEffect(onReady, [onReady]);
  const day = new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', timeZone: 'UTC' });
  const label = (d: unknown) => (typeof d === 'string' ? day.format(new Date(`${d}T00:00:00Z`)) : String(d));
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }} accessibilityLayer={false}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e3e6ee" />
        <XAxis dataKey="date" tickFormatter={label} tick={{ fontSize: 11 }} minTickGap={12} />
        <YAxis allowDecimals={false} tick={{ fontSize: 11 }} />
        <Tooltip labelFormatter={label} />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        {kinds.map((k, i) => (
          <Bar key={k.key} dataKey={k.key} name={k.label} stackId="leads" fill={COLOURS[i % COLOURS.length]} isAnimationActive={false} />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}
