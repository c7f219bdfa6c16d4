import type { ReactNode } from 'react';
import { PortalCard } from './card';

/** The cells' classes of a portal card's table (the lessons and invoices pages). */
export const cellClass = { th: 'px-3 py-2 font-medium', td: 'px-3 py-2' };

/**
 * A portal table in its scrolling region, which the heading `labelledBy` points at names: the
 * header row's cells in `head`, the body's rows as children.
 */
export function PortalTable({ labelledBy, className, testId, head, children }: {
  labelledBy: string;
  /** Classes before the region's own (a margin). */
  className?: string;
  testId?: string;
  head: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={`${className ? `${className} ` : ''}overflow-x-auto rounded-xl border border-line`} role="region" aria-labelledby={labelledBy} tabIndex={0}>
      <table className="w-full border-collapse text-left text-sm" data-testid={testId}>
        <thead className="bg-slate-50 text-xs text-muted">
          <tr>{head}</tr>
        </thead>
        <tbody className="divide-y divide-line">{children}</tbody>
      </table>
    </div>
  );
}

/** A portal page's card of a titled table, or the sentence that says it is empty (the lessons and invoices pages). */
export function PortalTableSection({ id, title, testId, hasRows, empty, head, children }: {
  /** The heading's id, which names the section and the table's region. */
  id: string;
  title: ReactNode;
  testId: string;
  hasRows: boolean;
  /** The sentence shown instead of the table when there is no row. */
  empty: ReactNode;
  head: ReactNode;
  children: ReactNode;
}) {
  return (
    <PortalCard id={id} title={title}>
      {hasRows ? (
        <PortalTable labelledBy={id} className="mt-3" testId={testId} head={head}>
          {children}
        </PortalTable>
      ) : (
        <p className="mt-2 text-sm text-muted">{empty}</p>
      )}
    </PortalCard>
  );
}
