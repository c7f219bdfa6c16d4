import 'server-only';
import { and, asc, eq, gt, lte } from 'drizzle-orm';
import type { Locale } from '@/i18n/routing';
import { leads, staff } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { translatorFor } from '@/lib/i18n/translate';
import type { leadWhere } from './filters';
import { schoolClock } from './school-time';

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

/**
 * The matching leads in batches, read lazily by keyset pagination on the id (never OFFSET, never
 * the whole table): a batch is read only when the consumer asks for it, and stopping the consumer
 * (a closed download) stops the reads.
 */
export async function* leadBatches(db: Db, where: ReturnType<typeof leadWhere>, maxId: number, locale: Locale, opts: { batchSize?: number; onBatch?: (rows: number) => void } = {}): AsyncGenerator<ExportLead[]> {
  const size = opts.batchSize ?? EXPORT_BATCH;
  const t = translatorFor(locale, 'Admin');
  const label = (group: 'kinds' | 'statuses', v: string) => (t.has(`exports.${group}.${v}` as never) ? t(`exports.${group}.${v}` as never) : v);
  let after = 0;
  while (after < maxId) {
    const rows = await db
      .select({
        id: leads.id,
        createdAt: leads.createdAt,
        kind: leads.kind,
        status: leads.status,
        name: leads.name,
        phone: leads.phone,
        locale: leads.locale,
        page: leads.page,
        plan: leads.plan,
        promoCode: leads.promoCode,
        utmFirst: leads.utmFirst,
        utmLast: leads.utmLast,
        lostReason: leads.lostReason,
        assignee: staff.name,
      })
      .from(leads)
      .leftJoin(staff, eq(staff.id, leads.assigneeId))
      .where(and(where, gt(leads.id, after), lte(leads.id, maxId)))
      .orderBy(asc(leads.id))
      .limit(size);
    opts.onBatch?.(rows.length);
    if (rows.length === 0) return;
    yield rows.map((r) => {
      const created = schoolClock(r.createdAt);
      const utm = (u: Record<string, string> | null) => UTM_PARTS.map((p) => u?.[`utm_${p}`] ?? '');
      return {
        id: r.id,
        created,
        values: [
          r.id,
          created.toISOString().slice(0, 16).replace('T', ' '),
          label('kinds', r.kind),
          label('statuses', r.status),
          r.name,
          r.phone,
          r.locale,
          r.page,
          r.plan ?? '',
          r.promoCode ?? '',
          r.assignee ?? '',
          ...utm(r.utmFirst),
          ...utm(r.utmLast),
          r.lostReason ?? '',
        ],
      };
    });
    if (rows.length < size) return;
    after = rows[rows.length - 1]!.id;
  }
}

