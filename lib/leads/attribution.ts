import 'server-only';
import { and, gte, lt, sql } from 'drizzle-orm';
import { leads, users } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import type { AttributionQuery, AttributionSort } from '@/lib/validations/attribution';
import { addDays } from '@/lib/time/calendar';
import { dayStart, schoolDay } from '@/lib/time/wall-clock';

/** The report shows the default range, the last 30 days, when none is given. */
export const DEFAULT_RANGE_DAYS = 30;
/** More groups than this are summed into the totals but not listed. */
export const MAX_ROWS = 500;

export interface AttributionRow {
  /** The utm value; null for leads and accounts that came without one ("(none)"). */
  key: string | null;
  leads: number;
  registrations: number;
  won: number;
  /** won ÷ leads, null without leads. */
  conversion: number | null;
}

export interface AttributionReport {
  from: string;
  to: string;
  touch: 'first' | 'last';
  by: AttributionQuery['by'];
  sort: AttributionSort;
  dir: 'asc' | 'desc';
  rows: AttributionRow[];
  totals: Omit<AttributionRow, 'key'>;
  /** Groups left out of `rows` (beyond MAX_ROWS). */
  more: number;
}

/** The range of a query: both ends given, one of them, or the last 30 days up to today (Almaty). */
export function reportRange(q: Pick<AttributionQuery, 'from' | 'to'>, now = new Date()): { from: string; to: string } {
  const to = q.to ?? schoolDay(now);
  const from = q.from ?? addDays(to, -(DEFAULT_RANGE_DAYS - 1));
  return from <= to ? { from, to } : { from, to: from };
}

const ratio = (won: number, n: number) => (n > 0 ? won / n : null);

function compare(sort: AttributionSort, dir: 'asc' | 'desc') {
  const sign = dir === 'asc' ? 1 : -1;
  return (a: AttributionRow, b: AttributionRow) => {
    if (sort === 'key') {
      // "(none)" sorts first ascending, last descending; names by the Russian/Kazakh collation.
      if (a.key === null || b.key === null) return a.key === b.key ? 0 : (a.key === null ? -1 : 1) * sign;
      return a.key.localeCompare(b.key, 'ru') * sign;
    }
    const va = a[sort] ?? -1;
    const vb = b[sort] ?? -1;
    return (va - vb) * sign || b.leads - a.leads || (a.key ?? '').localeCompare(b.key ?? '', 'ru');
  };
}

/**
 * Leads, registrations and won leads by a utm parameter of the first or last touch, over Almaty
 * days. Leads and accounts are counted by when they were created; "won" are the leads of the range
 * whose status is won now (a cohort: the conversion of the range's leads). A missing or empty utm
 * value is its own group, "(none)".
 */
export async function attributionReport(db: Db, q: AttributionQuery, now = new Date()): Promise<AttributionReport> {
  const { from, to } = reportRange(q, now);
  const start = dayStart(from);
  const end = dayStart(addDays(to, 1));
  const key = `utm_${q.by}`;
  const leadUtm = q.touch === 'first' ? leads.utmFirst : leads.utmLast;
  const userUtm = q.touch === 'first' ? users.utmFirst : users.utmLast;
  const rows = await db.execute<{ key: string; leads: number; registrations: number; won: number }>(sql`
    select k as key, sum(l)::int as leads, sum(r)::int as registrations, sum(w)::int as won from (
      select coalesce(btrim(${leadUtm} ->> ${key}), '') as k, 1 as l, 0 as r, (${leads.status} = 'won')::int as w
        from ${leads} where ${and(gte(leads.createdAt, start), lt(leads.createdAt, end))}
      union all
      select coalesce(btrim(${userUtm} ->> ${key}), '') as k, 0, 1, 0
        from ${users} where ${and(gte(users.createdAt, start), lt(users.createdAt, end))}
    ) t group by k`);
  const all: AttributionRow[] = (rows as unknown as { rows: { key: string; leads: number; registrations: number; won: number }[] }).rows.map((r) => ({
    key: r.key === '' ? null : r.key,
    leads: Number(r.leads),
    registrations: Number(r.registrations),
    won: Number(r.won),
    conversion: ratio(Number(r.won), Number(r.leads)),
  }));
  all.sort(compare(q.sort, q.dir));
  const totals = all.reduce((s, r) => ({ leads: s.leads + r.leads, registrations: s.registrations + r.registrations, won: s.won + r.won }), { leads: 0, registrations: 0, won: 0 });
  return {
    from,
    to,
    touch: q.touch,
    by: q.by,
    sort: q.sort,
    dir: q.dir,
    rows: all.slice(0, MAX_ROWS),
    totals: { ...totals, conversion: ratio(totals.won, totals.leads) },
    more: Math.max(0, all.length - MAX_ROWS),
  };
}
