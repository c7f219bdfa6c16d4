import 'server-only';
import { pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { ExportLead } from './export-rows';

/**
 * Excel with a Russian or Kazakh locale splits a double-clicked .csv on the list separator of
 * Windows' regional settings, which is `;` there (`,` is their decimal separator). The BOM tells it
 * the file is UTF-8 (without one it reads Windows-1251 and Kazakh letters break). No `sep=;` line:
 * with it Excel ignores the BOM.
 */
export const CSV_DELIMITER = ';';

const FORMULA_START = /^[=+\-@\t\r]/;
/** A plus sign and digits only (the stored phone, +77011234567) is a number to a spreadsheet, never a formula. */
const PLAIN_NUMBER = /^\+\d{1,15}$/;

/**
 * CSV injection (OWASP): a cell that starts with = + - @ (or a tab or CR) is a formula to Excel,
 * LibreOffice and Google Sheets, and names and utm values come from strangers. Such a cell gets a
 * leading apostrophe, the spreadsheets' "this is text" mark. A phone is left whole: `+` and digits
 * cannot call a function, open a link or run DDE.
 */
export function csvCell(v: string | number): string | number {
  if (typeof v !== 'string') return v;
  return FORMULA_START.test(v) && !PLAIN_NUMBER.test(v) ? `'${v}` : v;
}

async function* records(header: string[], batches: AsyncIterable<ExportLead[]>) {
  yield header.map(csvCell);
  for await (const batch of batches) {
    for (const lead of batch) yield lead.values.map(csvCell);
  }
}

/**
 * The CSV file as a Node stream: UTF-8 with BOM, `;`, CRLF, fields quoted when they hold `;`, `"`
 * or a line break. Pull-driven end to end: the next batch is read only when the download has taken
 * the previous one, and destroying the stream (a cancelled download) ends the reads.
 */
export function leadsCsv(header: string[], batches: AsyncIterable<ExportLead[]>): Readable {
  const source = Readable.from(records(header, batches));
  const stringifier = stringify({ bom: true, delimiter: CSV_DELIMITER, record_delimiter: 'windows', quote: '"', escape: '"' });
  return pipeline(source, stringifier, () => {}) as unknown as Readable;
}
