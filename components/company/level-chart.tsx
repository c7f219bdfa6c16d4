'use client';

import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

/**
 * The level distribution as a bar chart (recharts: only the portal's results route loads it). The
 * chart is decoration for sighted users: the same numbers are in the table beside it, so the chart
 * is hidden from screen readers.
 */
export function LevelChart({ data, label }: { data: { name: string; count: number }[]; label: string }) {
  return (
    <div className="h-56 w-full min-w-0" aria-hidden="true" data-testid="level-chart">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="name" tick={{ fontSize: 12 }} interval={0} />
          <YAxis allowDecimals={false} tick={{ fontSize: 12 }} />
          <Tooltip formatter={(v) => [v, label]} />
          <Bar dataKey="count" fill="#0069b4" radius={[4, 4, 0, 0]} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
