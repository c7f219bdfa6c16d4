import Link from 'next/link';
import { useTranslations } from 'next-intl';

/**
 * Previous / next links that keep the list's filters (the URL is the list's state): `at` is the page
 * shown and its size (a list's parsed filters carry both), `nav` names the list for screen readers.
 */
export function Pagination({
  path,
  params,
  at: { page, pageSize },
  total,
  nav,
}: {
  path: string;
  params: Record<string, string | undefined>;
  at: { page: number; pageSize: number };
  total: number;
  nav: string;
}) {
  const t = useTranslations('Admin.common');
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const labels = { prev: t('prev'), next: t('next'), nav, total: t('total', { count: total }), pageOf: t('pageOf', { page, pages }) };
  const href = (p: number) => {
    const q = new URLSearchParams(Object.entries({ ...params, page: String(p) }).filter((e): e is [string, string] => !!e[1]));
    return `${path}?${q}`;
  };
  const linkClass = 'rounded-lg border border-line px-3 py-1.5 hover:border-brand aria-disabled:pointer-events-none aria-disabled:opacity-40';
  return (
    <nav aria-label={labels.nav} className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="text-muted">
        {labels.total} · {labels.pageOf}
      </p>
      <div className="flex gap-2">
        <Link href={href(page - 1)} className={linkClass} aria-disabled={page <= 1} tabIndex={page <= 1 ? -1 : undefined} rel="prev">
          {labels.prev}
        </Link>
        <Link href={href(page + 1)} className={linkClass} aria-disabled={page >= pages} tabIndex={page >= pages ? -1 : undefined} rel="next">
          {labels.next}
        </Link>
      </div>
    </nav>
  );
}
