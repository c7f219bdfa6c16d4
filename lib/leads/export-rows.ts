import 'server-only';
import { and, gt, lte, sql } from 'drizzle-orm';
import type { Locale } from '@/i18n/routing';
import { leads, staff } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { translatorFor } from '@/lib/i18n/translate';
import { LEAD_LIST_KINDS, type leadWhere } from './filters';
import { LEAD_STATUSES, LOST_REASONS } from '@/lib/validations/lead-pipeline';
import { schoolClock } from '@/lib/time/wall-clock';

/** Rows read per query: the export holds about one batch in memory, whatever the list's size. */
export const EXPORT_BATCH = 1000;
export type ExportFormat = 'csv' | 'xlsx';

const UTM_PARTS = ['source', 'medium', 'campaign', 'term', 'content'] as const;

/** One lead as the export writes it: strings and numbers only, in the column order of `exportColumns`. */
export interface ExportLead {
  id: number;
  /** The school's wall-clock time (Asia/Almaty) as a Date whose UTC fields show it (a spreadsheet has no zones). */
  created: Date;
  values: (string | number)[];
}

/** The header row, in the staff member's language. */
export function exportColumns(locale: Locale): { key: string; label: string; width: number }[] {
  const t = translatorFor(locale, 'Admin');
  const utm = (touch: 'first' | 'last') =>
    UTM_PARTS.map((p) => ({ key: `utm_${p}_${touch}`, label: t(`exports.columns.${touch}`, { param: `utm_${p}` }), width: 18 }));
  return [
    { key: 'id', label: t('exports.columns.id'), width: 8 },
    { key: 'created', label: t('exports.columns.created'), width: 17 },
    { key: 'kind', label: t('exports.columns.kind'), width: 16 },
    { key: 'status', label: t('exports.columns.status'), width: 16 },
    { key: 'name', label: t('exports.columns.name'), width: 28 },
    { key: 'phone', label: t('exports.columns.phone'), width: 15 },
    { key: 'locale', label: t('exports.columns.locale'), width: 6 },
    { key: 'page', label: t('exports.columns.page'), width: 20 },
    { key: 'plan', label: t('exports.columns.plan'), width: 11 },
    { key: 'promo', label: t('exports.columns.promo'), width: 12 },
    { key: 'assignee', label: t('exports.columns.assignee'), width: 22 },
    ...utm('first'),
    ...utm('last'),
    { key: 'lostReason', label: t('exports.columns.lostReason'), width: 20 },
  ];
}

type BatchRow = {
  id: number;
  created_at: Date | string;
  kind: string;
  status: string;
  name: string;
  phone: string;
  locale: string;
  page: string;
  plan: string | null;
  promo_code: string | null;
  utm_first: Record<string, string> | null;
  utm_last: Record<string, string> | null;
  lost_reason: string | null;
  assignee: string | null;
};

/** Labels of kinds, statuses and lost reasons, looked up once per export rather than once per row. */
function labels(locale: Locale, group: 'exports.kinds' | 'exports.statuses' | 'leads.lostReasons', values: readonly string[]): Map<string, string> {
  const t = translatorFor(locale, 'Admin');
  return new Map(values.map((v) => [v, t.has(`${group}.${v}` as never) ? t(`${group}.${v}` as never) : v]));
}

/** The Almaty wall clock of a moment; the zone's offset is looked up once per hour of the range. */
function clock() {
  const offsets = new Map<number, number>();
  return (d: Date) => {
    const hour = Math.floor(d.getTime() / 3_600_000);
    let offset = offsets.get(hour);
    if (offset === undefined) offsets.set(hour, (offset = schoolClock(d).getTime() - d.getTime()));
    return new Date(d.getTime() + offset);
  };
}

/**
 * The matching leads in batches, read lazily by keyset pagination on the id (never OFFSET, never
 * the whole table): a batch is read only when the consumer asks for it, and stopping the consumer
 * (a closed download) stops the reads. Plain rows through `execute`: the ORM's row mapping cost
 * more than the query itself.
 */
export async function* leadBatches(db: Db, where: ReturnType<typeof leadWhere>, maxId: number, locale: Locale, opts: { batchSize?: number; onBatch?: (rows: number) => void } = {}): AsyncGenerator<ExportLead[]> {
  const size = opts.batchSize ?? EXPORT_BATCH;
  const kinds = labels(locale, 'exports.kinds', LEAD_LIST_KINDS);
  const statuses = labels(locale, 'exports.statuses', LEAD_STATUSES);
  const lostReasons = labels(locale, 'leads.lostReasons', LOST_REASONS);
  const almaty = clock();
  const utm = (u: Record<string, string> | null) => UTM_PARTS.map((p) => u?.[`utm_${p}`] ?? '');
  let after = 0;
  while (after < maxId) {
    const result = await db.execute<BatchRow>(sql`
      select ${leads.id} as id, ${leads.createdAt} as created_at, ${leads.kind} as kind, ${leads.status} as status,
        ${leads.name} as name, ${leads.phone} as phone, ${leads.locale} as locale, ${leads.page} as page,
        ${leads.plan} as plan, ${leads.promoCode} as promo_code, ${leads.utmFirst} as utm_first,
        ${leads.utmLast} as utm_last, ${leads.lostReason} as lost_reason, ${staff.name} as assignee
      from ${leads} left join ${staff} on ${staff.id} = ${leads.assigneeId}
      where ${and(where, gt(leads.id, after), lte(leads.id, maxId))}
      order by ${leads.id} limit ${size}`);
    const rows = (result as unknown as { rows: BatchRow[] }).rows;
    opts.onBatch?.(rows.length);
    if (rows.length === 0) return;
    yield rows.map((r) => {
      const created = almaty(new Date(r.created_at));
      return {
        id: r.id,
        created,
        values: [
          r.id,
          created.toISOString().slice(0, 16).replace('T', ' '),
          kinds.get(r.kind) ?? r.kind,
          statuses.get(r.status) ?? r.status,
          r.name,
          r.phone,
          r.locale,
          r.page,
          r.plan ?? '',
          r.promo_code ?? '',
          r.assignee ?? '',
          ...utm(r.utm_first),
          ...utm(r.utm_last),
          r.lost_reason ? (lostReasons.get(r.lost_reason) ?? r.lost_reason) : '',
        ],
      };
    });
    if (rows.length < size) return;
    after = rows[rows.length - 1]!.id;
  }
}
