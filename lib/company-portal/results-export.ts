import 'server-only';
import { PassThrough } from 'node:stream';
import archiver from 'archiver';
import { stringify } from 'csv-stringify/sync';
import { inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { Locale } from '@/i18n/routing';
import { audit, type Actor } from '@/lib/audit/log';
import { certificatePdf } from '@/lib/certificates/store';
import { CSV_DELIMITER, csvCell } from '@/lib/leads/csv';
import { webStream } from '@/lib/leads/export';
import { schoolClock, schoolDay } from '@/lib/time/wall-clock';
import { certificatePdfs } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { translatorFor } from '@/lib/i18n/translate';
import { absoluteUrl } from '@/lib/seo';
import { companyCertificates, filterForAudit, resultRowsForExport, type ExportRow, type ResultsFilter } from './results';
import { openIin } from './roster';
import { fileResponse } from '@/lib/api/download';

export type ResultsFormat = 'xlsx' | 'csv';

export const resultsFileName = (ext: ResultsFormat | 'zip', full: boolean, now = new Date()) =>
  ext === 'zip' ? `certificates-${schoolDay(now)}.zip` : `results-${full ? 'full-iin-' : ''}${schoolDay(now)}.${ext}`;

/** The export's columns in the HR person's language, and each row's cells. */
function table(rows: ExportRow[], locale: Locale, full: boolean) {
  const t = translatorFor(locale, 'Company');
  const header = [
    t('results.column.lastName'),
    t('results.column.firstName'),
    t('roster.column.iin'),
    t('roster.column.positionCode'),
    t('roster.column.department'),
    t('results.column.status'),
    t('results.column.level'),
    t('results.column.date'),
    t('results.column.certificate'),
    t('results.column.verify'),
  ];
  const body = rows.map((r) => [
    r.lastName,
    r.firstName,
    full ? openIin(r.iinSealed) : r.iin,
    r.positionCode,
    r.department ?? '',
    t(`results.status.${r.status}`),
    r.level ? (r.level === 'A0' ? t('results.belowA1') : r.level) : '',
    r.date,
    r.certificate ? `${r.certificate.number}${r.certificate.revoked ? ` (${t('results.revoked')})` : ''}` : '',
    r.certificate ? absoluteUrl(`/certificate/${r.certificate.number}`) : '',
  ]);
  return { header, body, sheet: t('results.sheet') };
}

async function xlsx(header: string[], body: (string | Date | null)[][], sheetName: string): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(sheetName.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  const widths = [20, 16, 16, 14, 22, 14, 10, 18, 22, 44];
  sheet.columns = header.map((h, i) => ({ header: h, width: widths[i] ?? 16 }));
  sheet.getRow(1).font = { bold: true };
  // The IIN column is text: a number would lose the leading zero of everyone born 2000-2009.
  sheet.getColumn(3).numFmt = '@';
  sheet.getColumn(8).numFmt = 'dd.mm.yyyy hh:mm';
  for (const cells of body) sheet.addRow(cells.map((c, i) => (i === 7 ? (c ? schoolClock(c as Date) : null) : c)));
  return Buffer.from(await book.xlsx.writeBuffer());
}

function csv(header: string[], body: (string | Date | null)[][]): string {
  const fmt = (d: Date) => schoolClock(d).toISOString().slice(0, 16).replace('T', ' ');
  const records = [header, ...body.map((cells) => cells.map((c) => (c instanceof Date ? fmt(c) : (c ?? ''))))].map((r) => r.map((c) => csvCell(c as string)));
  return stringify(records, { bom: true, delimiter: CSV_DELIMITER, record_delimiter: 'windows', quote: '"', escape: '"' });
}

/** A table of text cells as XLSX (every cell text: an IIN or a time keeps its form) or CSV (Excel's, with its BOM), for the portal's other exports. */
export async function exportTable(header: string[], body: string[][], sheetName: string, format: ResultsFormat): Promise<BodyInit> {
  if (format === 'csv') return csv(header, body);
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(sheetName.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = header.map((h) => ({ header: h, width: Math.max(12, Math.min(28, h.length + 4)), style: { numFmt: '@' } }));
  sheet.getRow(1).font = { bold: true };
  for (const cells of body) sheet.addRow(cells);
  return new Uint8Array(await book.xlsx.writeBuffer()) as Uint8Array<ArrayBuffer>;
}

/**
 * The roster with results as XLSX or CSV: IINs masked, unless `full` (the separate, confirmed
 * action), which is audited as `results.export_full_iin`. The audit row is written before the file
 * is built, with the row count.
 */
export async function exportResults(db: Db, actor: Actor, companyId: number, f: ResultsFilter, format: ResultsFormat, locale: Locale, opts: { full?: boolean; now?: Date } = {}): Promise<Response> {
  const full = opts.full === true;
  const rows = await resultRowsForExport(db, companyId, f);
  await audit(db, actor, { action: full ? 'results.export_full_iin' : 'results.export', entity: 'company', entityId: companyId, after: { format, iin: full ? 'full' : 'masked', filter: filterForAudit(f), rows: rows.length } });
  const { header, body, sheet } = table(rows, locale, full);
  const name = resultsFileName(format, full, opts.now);
  if (format === 'csv') return fileResponse(csv(header, body), 'csv', name);
  return fileResponse(new Uint8Array(await xlsx(header, body, sheet)), 'xlsx', name);
}

/** "Әлиева" stays, "O'Brien / Jr." becomes "O_Brien_Jr": letters, digits and hyphens only, never a path. */
export function safeFilePart(s: string, fallback = 'certificate'): string {
  const cleaned = s
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}-]+/gu, '_')
    .replace(/_+/g, '_')
    .replace(/^[_-]+|[_-]+$/g, '')
    .slice(0, 60);
  return cleaned || fallback;
}

/** "<LastName>_<certificateNumber>.pdf", unique within one ZIP. */
export function certificateFileName(lastName: string, number: string, taken?: Set<string>): string {
  const base = `${safeFilePart(lastName)}_${safeFilePart(number)}`;
  let name = `${base}.pdf`;
  for (let i = 2; taken?.has(name); i++) name = `${base}_${i}.pdf`;
  taken?.add(name);
  return name;
}

/**
 * One ZIP of the company's certificates (not revoked), streamed: PDFs are read 50 at a time (a
 * missing one is rendered and kept), each added when the archive has written the previous one, so
 * memory holds about one batch however many there are. Stored, not deflated: a PDF is compressed
 * already. Audited (`results.certificates_zip`) before the first byte.
 */
export async function certificatesZip(db: Db, actor: Actor, companyId: number, now = new Date()): Promise<Response> {
  const list = await companyCertificates(db, companyId);
  await audit(db, actor, { action: 'results.certificates_zip', entity: 'company', entityId: companyId, after: { certificates: list.length } });
  const out = new PassThrough();
  const zip = archiver('zip', { store: true });
  zip.on('warning', () => {});
  zip.on('error', (err) => out.destroy(err));
  zip.pipe(out);
  const taken = new Set<string>();
  void (async () => {
    try {
      for (let i = 0; i < list.length && !out.destroyed; i += 50) {
        const batch = list.slice(i, i + 50);
        const kept = await db
          .select()
          .from(certificatePdfs)
          .where(
            inArray(
              certificatePdfs.certificateId,
              batch.map((b) => b.certificate.id),
            ),
          );
        const pdfs = new Map(kept.map((k) => [k.certificateId, k.pdf]));
        for (const { certificate, lastName } of batch) {
          if (out.destroyed) break;
          const pdf = pdfs.get(certificate.id) ?? (await certificatePdf(db, certificate));
          const written = new Promise((resolve) => zip.once('entry', resolve));
          zip.append(pdf, { name: certificateFileName(lastName, certificate.number, taken), date: certificate.issuedAt });
          await written;
        }
      }
      await zip.finalize();
    } catch (err) {
      zip.abort();
      out.destroy(err as Error);
    }
  })();
  return fileResponse(webStream(out), 'zip', resultsFileName('zip', false, now));
}
