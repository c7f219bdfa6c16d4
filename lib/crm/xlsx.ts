import 'server-only';
import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { ExportLead } from './export-rows';

/** Resolves when the download has taken what was written (or is gone), so the zip never runs ahead by more than a batch. */
function drained(out: PassThrough): Promise<void> {
  return new Promise((resolve) => {
    const settle = () => {
      out.off('drain', settle);
      out.off('close', settle);
      resolve();
    };
    setImmediate(() => {
      if (!out.writableNeedDrain || out.destroyed) return settle();
      out.on('drain', settle);
      out.on('close', settle);
    });
  });
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
        await drained(out);
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
