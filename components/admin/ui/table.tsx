import Link from 'next/link';
import { Children, type ReactNode } from 'react';
import { labelRow } from '@/components/ui/stack-rows';
import stack from '@/components/ui/stack-table.module.css';

/**
 * A back-office table: server-rendered rows, a caption for screen readers, a sticky header. On a
 * phone each row is a card whose cells name their column (components/ui/stack-table.module.css):
 * the rows' cells get the column's name as data-label here, and explicit roles so that the card
 * layout keeps the table's meaning for screen readers.
 */
export function DataTable({ caption, head, children, empty }: { caption: string; head: ReactNode[]; children: ReactNode; empty?: ReactNode }) {
  const labels = head.map((h) => (typeof h === 'string' ? h : undefined));
  return (
    <div className="overflow-x-auto rounded-xl border border-line bg-white" role="region" aria-label={caption} tabIndex={0}>
      <table role="table" className={`w-full min-w-[40rem] border-collapse text-left text-sm ${stack.stack}`}>
        <caption className="sr-only">{caption}</caption>
        <thead role="rowgroup" className="sticky top-0 bg-slate-50 text-xs uppercase tracking-wide text-muted">
          <tr role="row">
            {head.map((h, i) => (
              <th key={i} role="columnheader" scope="col" className="px-3 py-2.5 font-medium whitespace-nowrap">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup" className="divide-y divide-line">
          {Children.map(children, (row) => labelRow(row, labels))}
        </tbody>
      </table>
      {empty}
    </div>
  );
}

export const cellClass = 'px-3 py-2.5 align-top';

export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="px-4 py-10 text-center text-muted">{children}</p>;
}

/** The way back to a room's list, above a detail or a form page. */
export function BackLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <p className="mb-3 text-sm">
      <Link href={href} className="text-brand-dark hover:underline">
        {children}
      </Link>
    </p>
  );
}

export function PageHeader({ title, lead, actions }: { title: string; lead?: string; actions?: ReactNode }) {
  return (
    <div className="mb-5 flex flex-wrap items-end justify-between gap-3">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        {lead && <p className="mt-1 max-w-3xl text-sm text-muted">{lead}</p>}
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </div>
  );
}

export function Badge({ tone = 'neutral', children }: { tone?: 'neutral' | 'good' | 'warn' | 'bad' | 'info'; children: ReactNode }) {
  const tones = {
    neutral: 'bg-slate-100 text-slate-700',
    good: 'bg-emerald-50 text-emerald-800',
    warn: 'bg-amber-50 text-amber-900',
    bad: 'bg-red-50 text-red-800',
    info: 'bg-brand-tint text-brand-dark',
  };
  return <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ${tones[tone]}`}>{children}</span>;
}
