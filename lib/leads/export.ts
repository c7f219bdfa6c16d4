import 'server-only';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Locale } from '@/i18n/routing';
import { audit, type Actor } from '@/lib/audit/log';
import { leads } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { ApiError } from '@/lib/api/errors';
import { translatorFor } from '@/lib/i18n/translate';
import type { StaffContext } from '@/lib/staff/http';
import { leadsCsv } from './csv';
import { exportColumns, leadBatches, type ExportFormat } from './export-rows';
import { leadFilterSchema, leadWhere, type LeadFilter } from './filters';
import { schoolDay } from '@/lib/time/wall-clock';
import { leadsXlsx } from './xlsx';

export type { ExportFormat } from './export-rows';

/** `leads-2026-11-23.csv`: the school's date of the export. */
export function exportFileName(format: ExportFormat, now = new Date()): string {
  return `leads-${schoolDay(now)}.${format}`;
}

/** The filter as the staff member set it (query keys of the list, empty ones left out), for the audit row. */
export function filterForAudit(params: URLSearchParams): Record<string, string> {
  const keys = Object.keys(leadFilterSchema.shape).filter((k) => k !== 'page' && k !== 'pageSize');
  return Object.fromEntries(keys.map((k) => [k, params.get(k)?.trim() ?? '']).filter(([, v]) => v !== ''));
}

/**
 * Starts an export: counts what the filter matches and writes the `lead.export` audit row BEFORE
 * the first byte leaves, so the row exists even when the client goes away mid-download or the
 * process dies (the row count is known here, not at the end of a stream that may never end). The
 * rows are bounded by the highest matching id now: leads arriving during a long download are left
 * for the next export, so the file holds what the row counts (unless leads are edited meanwhile).
 */
export async function startLeadExport(db: Db, actor: Actor, filter: LeadFilter, format: ExportFormat, params: URLSearchParams) {
  const where = leadWhere(filter, actor.id ?? 0);
  const [found] = await db.select({ n: sql<number>`count(*)::int`, maxId: sql<number | null>`max(${leads.id})` }).from(leads).where(where);
  const rows = found?.n ?? 0;
  await audit(db, actor, { action: 'lead.export', entity: 'lead', after: { format, filter: filterForAudit(params), rows } });
  return { where, rows, maxId: found?.maxId ?? 0 };
}

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * A web stream over a Node stream, pull by pull: one chunk is taken from the Node stream each time
 * the consumer wants one (so the Node side's backpressure reaches the database reads), and
 * cancelling (a closed download) destroys the Node stream. Not `Readable.toWeb`: on Node 20 it can
 * still push a chunk after a cancel, which throws "Controller is already closed" out of an event
 * handler and would take the server down.
 */
export function webStream(node: Readable, onEnd?: () => void): ReadableStream<Uint8Array> {
  const chunks = node[Symbol.asyncIterator]() as AsyncIterator<Uint8Array>;
  let cancelled = false;
  let ended = false;
  const end = () => {
    if (!ended) onEnd?.();
    ended = true;
  };
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await chunks.next();
        if (cancelled) return;
        if (done) {
          end();
          controller.close();
        } else controller.enqueue(value);
      } catch (err) {
        end();
        if (!cancelled) controller.error(err);
      }
    },
    async cancel() {
      cancelled = true;
      end();
      node.destroy();
      await chunks.return?.().catch(() => {});
    },
  });
}

/** A download answer streamed from a Node stream; `onEnd` runs once when it ends, fails or is closed. */
export function downloadResponse(body: Readable, format: ExportFormat, now = new Date(), onEnd?: () => void): Response {
  return new Response(webStream(body, onEnd), {
    headers: {
      'Content-Type': CONTENT_TYPES[format],
      'Content-Disposition': `attachment; filename="${exportFileName(format, now)}"`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

/** The header row's language: `lang` (the page's locale, which the export buttons send), else Accept-Language. */
const exportLangQuery = z.object({ lang: z.enum(['ru', 'kk', 'en'], { error: 'invalid_value' }).optional() });

/**
 * Downloads streaming at once in this process. A 100 000-lead XLSX holds a database connection for
 * about half a minute and some 50 MiB; more than a few at once would starve the site's own requests,
 * so a further one is told to wait (429 with Retry-After) instead. EXPORTS_AT_ONCE sets it.
 */
const exportsAtOnce = () => Math.max(1, Number(process.env.EXPORTS_AT_ONCE) || 3);
let running = 0;

/**
 * GET /api/admin/leads/export.(csv|xlsx) with the list's query: the audit row first, then the file
 * streamed from batches of 1000 read as the download goes.
 */
export async function exportLeads(ctx: StaffContext, format: ExportFormat): Promise<Response> {
  const filter = ctx.query(leadFilterSchema);
  const locale: Locale = ctx.query(exportLangQuery).lang ?? ctx.locale;
  if (running >= exportsAtOnce()) throw new ApiError(429, 'export_busy', undefined, 30);
  running += 1;
  let released = false;
  const release = () => {
    if (!released) running -= 1;
    released = true;
  };
  try {
    const start = await startLeadExport(ctx.db, ctx.actor, filter, format, ctx.req.nextUrl.searchParams);
    const batches = leadBatches(ctx.db, start.where, start.maxId, locale);
    const columns = exportColumns(locale);
    const body = format === 'csv' ? leadsCsv(columns.map((c) => c.label), batches) : leadsXlsx(columns, batches, translatorFor(locale, 'Admin')('exports.sheet'));
    return downloadResponse(body, format, new Date(), release);
  } catch (err) {
    release();
    throw err;
  }
}
