import 'server-only';
// The payout register's bank-upload file (docs/payments.md, "Payouts"): one row per tutor paid,
// as CSV (UTF-8 with BOM, `;`, the leads' exports' dialect, cells guarded against formulas) or
// XLSX (exceljs, the lead exports' library). Amounts in tenge with two decimals, as banks' payroll
// uploads take them. A register holds at most a few thousand rows: built in memory.
import ExcelJS from 'exceljs';
import { stringify } from 'csv-stringify/sync';
import { CSV_DELIMITER, csvCell } from '@/lib/leads/csv';
import type { PayoutLine } from './payouts';

export const BANK_FILE_COLUMNS = ['no', 'tutorId', 'name', 'iin', 'phone', 'email', 'iban', 'amount', 'currency', 'purpose'] as const;
/** Each tutor's IBAN and IIN from the cabinet (lib/payments/payout-details.ts); empty cells for a tutor who has not given them. */
export type PayoutAccounts = Map<number, { iban: string; iin: string }>;
const AMOUNT = BANK_FILE_COLUMNS.indexOf('amount');
export type BankFileColumn = (typeof BANK_FILE_COLUMNS)[number];

/** Tenge with two decimals and a dot ("12345.00"): what payroll uploads read whatever the locale. */
export const amountText = (tiyn: number) => `${Math.trunc(tiyn / 100)}.${String(Math.abs(tiyn) % 100).padStart(2, '0')}`;

function rows(month: string, lines: PayoutLine[], accounts: PayoutAccounts, purpose: (month: string) => string): (string | number)[][] {
  return lines
    .filter((l) => l.earningTiyn > 0)
    .map((l, i) => {
      const account = accounts.get(l.tutorId);
      return [i + 1, l.tutorId, l.name, account?.iin ?? '', l.phone, l.email ?? '', account?.iban ?? '', amountText(l.earningTiyn), 'KZT', purpose(month)];
    });
}

export function bankCsv(month: string, lines: PayoutLine[], accounts: PayoutAccounts, header: Record<BankFileColumn, string>, purpose: (month: string) => string): Buffer {
  const data = [BANK_FILE_COLUMNS.map((c) => header[c]), ...rows(month, lines, accounts, purpose)].map((r) => r.map(csvCell));
  return Buffer.from(stringify(data, { bom: true, delimiter: CSV_DELIMITER, record_delimiter: 'windows', quote: '"', escape: '"' }), 'utf8');
}

export async function bankXlsx(month: string, lines: PayoutLine[], accounts: PayoutAccounts, header: Record<BankFileColumn, string>, purpose: (month: string) => string): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(month, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = BANK_FILE_COLUMNS.map((c) => ({ header: header[c], key: c, width: c === 'name' || c === 'purpose' ? 36 : c === 'email' || c === 'iban' ? 28 : c === 'iin' ? 16 : 14 }));
  sheet.getRow(1).font = { bold: true };
  for (const r of rows(month, lines, accounts, purpose)) {
    const row = [...r];
    row[AMOUNT] = Number(r[AMOUNT]); // a number cell, two decimals
    sheet.addRow(row);
  }
  sheet.getColumn('amount').numFmt = '0.00';
  return Buffer.from(await book.xlsx.writeBuffer());
}

export const BANK_CONTENT_TYPES = { csv: 'text/csv; charset=utf-8', xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } as const;

export function bankFileResponse(body: Buffer, format: 'csv' | 'xlsx', month: string): Response {
  return new Response(new Uint8Array(body), {
    headers: {
      'Content-Type': BANK_CONTENT_TYPES[format],
      'Content-Disposition': `attachment; filename="tilmen-payouts-${month}.${format}"`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
