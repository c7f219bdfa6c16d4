'use client';

import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export interface ChartDatum {
  label: string;
  leads: number;
  registrations: number;
  won: number;
}

const COLORS = { leads: '#0090f9', registrations: '#2ec4a6', won: '#c77800' } as const;

/** Horizontal bars per utm value (recharts). The figures are in the table too: the chart is for the eye. */
export default function AttributionChart({ data, labels }: { data: ChartDatum[]; labels: { leads: string; registrations: string; won: string } }) {
  const tick = (v: string) => (v.length > 22 ? `${v.slice(0, 21)}…` : v);
  return (
    <ResponsiveContainer width="100%" height={Math.max(200, data.length * 44 + 70)}>
      <BarChart data={data} layout="vertical" accessibilityLayer={false} margin={{ top: 8, right: 16, bottom: 8, left: 8 }} barGap={2}>
        <CartesianGrid horizontal={false} stroke="#e3e6ee" />
        <XAxis type="number" allowDecimals={false} tick={{ fontSize: 12, fill: '#5b5a66' }} />
        <YAxis type="category" dataKey="label" width={130} tick={{ fontSize: 12, fill: '#1d1c26' }} tickFormatter={tick} interval={0} />
        <Tooltip cursor={{ fill: '#e6f4ff' }} />
        <Legend wrapperStyle={{ fontSize: 12 }} itemSorter={null} />
        {(['leads', 'registrations', 'won'] as const).map((k) => (
          <Bar key={k} dataKey={k} name={labels[k]} fill={COLORS[k]} radius={[0, 3, 3, 0]} isAnimationActive={false} />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}
