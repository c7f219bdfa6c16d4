import 'server-only';
import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { ExportLead } from './export-rows';

/** Uncompressed sheet XML the zip may hold before the rows wait for it (and for the download). */
const MAX_PENDING = 1 << 20;

/**
 * What the zip has not yet taken of the sheet: exceljs writes the sheet's XML into the archiver's
 * input without backpressure (`stream.pipes`: its own stream's consumers, an internal detail of
 * exceljs 4), so rows added faster than deflate runs pile up there (~1.5 KB a row: 150 MB for
 * 100 000 leads, measured).
 */
function pendingXml(sheet: unknown): number {
  type Buffered = { _writableState?: { length?: number }; _readableState?: { length?: number } };
  const pipes = ((sheet as { stream?: { pipes?: Buffered[] } }).stream?.pipes ?? []) as Buffered[];
  // archiver's streams come from the readable-stream package: the lengths are in their states.
  return pipes.reduce((n, p) => n + (p._writableState?.length ?? 0) + (p._readableState?.length ?? 0), 0);
}

/**
 * Waits until the zip has compressed what was written and the download has taken the result, so
 * memory holds about one batch whatever the number of rows, and a slow client slows the reads.
 */
async function caughtUp(sheet: unknown, out: PassThrough): Promise<void> {
  while (!out.destroyed && (pendingXml(sheet) > MAX_PENDING || out.writableNeedDrain)) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/**
 * The XLSX file through exceljs's streaming writer: each row is committed (written to the zip and
 * dropped) as it comes, without the shared-strings table (which would keep every string until the
 * end). Strings are text cells, never formulas, so names need no guard here; dates are real dates.
 */
export function leadsXlsx(columns: { key: string; label: string; width: number }[], batches: AsyncIterable<ExportLead[]>, sheetName: string): Readable {
  const out = new PassThrough();
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = book.addWorksheet(sheetName.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c) => ({ header: c.label, key: c.key, width: c.width }));
  sheet.getColumn('created').numFmt = 'yyyy-mm-dd hh:mm';
  sheet.getRow(1).font = { bold: true };
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
  (async () => {
    try {
      for await (const batch of batches) {
        if (out.destroyed) break; // leaving the loop ends the reads
        for (const lead of batch) {
          const values = [...lead.values];
          values[1] = lead.created as unknown as string;
          sheet.addRow(values).commit();
        }
        await caughtUp(sheet, out);
      }
      if (out.destroyed) return;
      sheet.commit();
      await book.commit();
    } catch (err) {
      out.destroy(err as Error);
    }
  })();
  return out;
}
