import { Link } from '@/i18n/navigation';

/** Header cells of a portal table, one per label. */
export function HeadCells({ labels }: { labels: string[] }) {
  return labels.map((h) => (
    <th key={h} role="columnheader" scope="col" className="px-3 py-2.5 font-medium">
      {h}
    </th>
  ));
}

/** Previous / "page N of M" / next links under a portal list (nothing for a single page). */
export function Pager({ label, page, pages, shown = page, href, prev, next, pageOf }: {
  label: string;
  page: number;
  pages: number;
  /** The page number the "N of M" text says (a page past the end may say the last one). */
  shown?: number;
  href: (page: number) => string;
  prev: string;
  next: string;
  pageOf: (page: number, pages: number) => string;
}) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="flex items-center gap-3 text-sm">
      {page > 1 && <Link href={href(page - 1)}>{prev}</Link>}
      <span>{pageOf(shown, pages)}</span>
      {page < pages && <Link href={href(page + 1)}>{next}</Link>}
    </nav>
  );
}
