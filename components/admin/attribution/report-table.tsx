import Link from 'next/link';
import { cellClass } from '@/components/admin/ui/table';
import { intlLocale } from '@/lib/time/school-clock';

export type FigureKey = 'leads' | 'registrations' | 'won' | 'conversion';
export type SortKey = 'key' | FigureKey;

export interface ReportRow {
  key: string | null;
  leads: number;
  registrations: number;
  won: number;
  conversion: number | null;
}

const FIGURES: FigureKey[] = ['leads', 'registrations', 'won', 'conversion'];

/**
 * The report as a table: each heading is a link that sorts by its column (again: the other way),
 * `aria-sort` tells screen readers the order, the totals close it. On a phone it scrolls sideways.
 */
export function AttributionTable({
  rows,
  totals,
  sort,
  dir,
  sortHref,
  labels,
  locale,
}: {
  rows: ReportRow[];
  totals: Omit<ReportRow, 'key'>;
  sort: SortKey;
  dir: 'asc' | 'desc';
  sortHref: (sort: SortKey, dir: 'asc' | 'desc') => string;
  labels: { caption: string; key: string; none: string; total: string } & Record<FigureKey, string>;
  locale: string;
}) {
  const tag = intlLocale(locale);
  const int = new Intl.NumberFormat(tag);
  const pct = new Intl.NumberFormat(tag, { style: 'percent', maximumFractionDigits: 1 });
  const figure = (k: FigureKey, r: Omit<ReportRow, 'key'>) => (k === 'conversion' ? (r.conversion === null ? '—' : pct.format(r.conversion)) : int.format(r[k]));
  const heading = (k: SortKey, text: string, numeric: boolean) => {
    const current = sort === k;
    const next = current ? (dir === 'asc' ? 'desc' : 'asc') : k === 'key' ? 'asc' : 'desc';
    return (
      <th key={k} scope="col" aria-sort={current ? (dir === 'asc' ? 'ascending' : 'descending') : undefined} className={`px-3 py-2.5 font-medium whitespace-nowrap ${numeric ? 'text-right' : ''}`}>
        <Link href={sortHref(k, next)} className="inline-flex items-center gap-1 hover:text-brand-dark">
          {text}
          <span aria-hidden="true">{current ? (dir === 'asc' ? '↑' : '↓') : '↕'}</span>
        </Link>
      </th>
    );
  };
  return (
    <div className="overflow-x-auto rounded-xl border border-line bg-white" role="region" aria-label={labels.caption} tabIndex={0}>
      <table className="w-full min-w-[36rem] border-collapse text-left text-sm">
        <caption className="sr-only">{labels.caption}</caption>
        <thead className="bg-slate-50 text-xs uppercase tracking-wide text-muted">
          <tr>
            {heading('key', labels.key, false)}
            {FIGURES.map((k) => heading(k, labels[k], true))}
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {rows.map((r) => (
            <tr key={r.key ?? ''}>
              <th scope="row" className={`${cellClass} font-normal break-all ${r.key === null ? 'text-muted italic' : ''}`}>
                {r.key ?? labels.none}
              </th>
              {FIGURES.map((k) => (
                <td key={k} className={`${cellClass} text-right tabular-nums`}>
                  {figure(k, r)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t-2 border-line font-semibold">
          <tr>
            <th scope="row" className={cellClass}>
              {labels.total}
            </th>
            {FIGURES.map((k) => (
              <td key={k} className={`${cellClass} text-right tabular-nums`}>
                {figure(k, totals)}
              </td>
            ))}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
