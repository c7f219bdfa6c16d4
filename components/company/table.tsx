import { Children, type ReactNode } from 'react';
import stack from '@/components/ui/stack-table.module.css';
import { labelRow } from '@/components/ui/stack-rows';
import { PortalCard } from './card';

/** The cells' classes of a portal card's table (the lessons and invoices pages). */
export const cellClass = { th: 'px-3 py-2 font-medium', td: 'px-3 py-2' };

/**
 * A portal table in its region, which the heading `labelledBy` points at names: the header row's
 * cells in `head`, the body's rows as children. On a phone each row is a card whose cells name
 * their column (`labels`, one per column: components/ui/stack-table.module.css), so nothing scrolls
 * sideways at 360 px.
 */
export function PortalTable({ labelledBy, className, testId, head, labels, children }: {
  labelledBy: string;
  /** Classes before the region's own (a margin). */
  className?: string;
  testId?: string;
  head: ReactNode;
  /** Each column's name, shown before a cell's value on a phone (undefined: none, e.g. a link). */
  labels: (string | undefined)[];
  children: ReactNode;
}) {
  return (
    <div className={`${className ? `${className} ` : ''}overflow-x-auto rounded-xl border border-line`} role="region" aria-labelledby={labelledBy} tabIndex={0}>
      <table role="table" className={`w-full border-collapse text-left text-sm ${stack.stack}`} data-testid={testId}>
        <thead role="rowgroup" className="bg-slate-50 text-xs text-muted">
          <tr role="row">{head}</tr>
        </thead>
        <tbody role="rowgroup" className="divide-y divide-line">
          {Children.map(children, (row) => labelRow(row, labels))}
        </tbody>
      </table>
    </div>
  );
}

/** A portal page's card of a titled table, or the sentence that says it is empty (the lessons and invoices pages). */
export function PortalTableSection({ id, title, testId, hasRows, empty, head, labels, children }: {
  /** The heading's id, which names the section and the table's region. */
  id: string;
  title: ReactNode;
  testId: string;
  hasRows: boolean;
  /** The sentence shown instead of the table when there is no row. */
  empty: ReactNode;
  head: ReactNode;
  labels: (string | undefined)[];
  children: ReactNode;
}) {
  return (
    <PortalCard id={id} title={title}>
      {hasRows ? (
        <PortalTable labelledBy={id} className="mt-3" testId={testId} head={head} labels={labels}>
          {children}
        </PortalTable>
      ) : (
        <p className="mt-2 text-sm text-muted">{empty}</p>
      )}
    </PortalCard>
  );
}
