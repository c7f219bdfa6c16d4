import type { ComponentProps, ReactNode } from 'react';
import { Pagination } from './pagination';
import { DataTable, EmptyState } from './table';

/**
 * A back-office list: its table (the empty sentence when this page shows no row) and the page links
 * under it, which keep the list's filters. The caption names both unless `nav` names the links.
 */
export function PagedTable({ caption, head, shown, empty, pages, nav = caption, between, children }: {
  caption: string;
  head: ReactNode[];
  /** How many rows this page shows: with none, the table says `empty`. */
  shown: number;
  empty: ReactNode;
  /** Where the page links go and what they keep (Pagination's props). */
  pages: Omit<ComponentProps<typeof Pagination>, 'nav'>;
  nav?: string;
  /** Between the table and the page links (a note). */
  between?: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      <DataTable caption={caption} head={head} empty={shown === 0 ? <EmptyState>{empty}</EmptyState> : undefined}>
        {children}
      </DataTable>
      {between}
      <Pagination {...pages} nav={nav} />
    </>
  );
}
