import 'server-only';
import ExcelJS from 'exceljs';
import yauzl from 'yauzl';

/** A cell as the file holds it: its text, and whether a spreadsheet stored it as a number. */
export interface RawCell {
  text: string;
  numeric: boolean;
}
export type RosterField = 'lastName' | 'firstName' | 'iin' | 'positionCode' | 'department' | 'phone' | 'email' | 'locale';
export interface RawRow {
  /** The row's number in the file as the HR person sees it (the header is row 1). */
  line: number;
  cells: Partial<Record<RosterField, RawCell>>;
}
export type ParsedFile = { ok: true; rows: RawRow[] } | { ok: false; reason: 'unreadable' | 'no_header' | 'empty' | 'too_many' };

export const ROSTER_MAX_ROWS = 10_000;
export const ROSTER_MAX_BYTES = 5 * 1024 * 1024;

/** Column titles in the three languages (and the template's), compared lowercased without punctuation. */
const ALIASES: Record<RosterField, string[]> = {
  lastName: ['фамилия', 'тегі', 'тегi', 'last name', 'lastname', 'surname', 'family name'],
  firstName: ['имя', 'аты', 'first name', 'firstname', 'given name'],
  iin: ['иин', 'жсн', 'iin', 'иин жсн', 'жсн иин'],
  positionCode: ['код должности', 'лауазым коды', 'лауазым коды', 'position code', 'position', 'должность'],
  department: ['подразделение', 'отдел', 'бөлім', 'бөлімше', 'department', 'division'],
  phone: ['телефон', 'мобильный телефон', 'ұялы телефон', 'phone', 'mobile', 'mobile phone'],
  email: ['email', 'e mail', 'почта', 'эл почта', 'электронная почта', 'электрондық пошта'],
  locale: ['язык', 'тіл', 'language', 'lang'],
};
const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
const FIELD_OF = new Map<string, RosterField>(Object.entries(ALIASES).flatMap(([f, names]) => names.map((n) => [norm(n), f as RosterField])));

function mapHeader(titles: string[]): Map<number, RosterField> | null {
  const map = new Map<number, RosterField>();
  titles.forEach((title, i) => {
    const field = FIELD_OF.get(norm(title));
    if (field && ![...map.values()].includes(field)) map.set(i, field);
  });
  const found = new Set(map.values());
  return found.has('lastName') && found.has('firstName') && found.has('iin') ? map : null;
}

function toRows(table: RawCell[][]): ParsedFile {
  const headerAt = table.findIndex((r) => r.some((c) => c.text.trim() !== ''));
  if (headerAt < 0) return { ok: false, reason: 'empty' };
  const header = mapHeader(table[headerAt]!.map((c) => c.text));
  if (!header) return { ok: false, reason: 'no_header' };
  const rows: RawRow[] = [];
  for (let i = headerAt + 1; i < table.length; i++) {
    const line = table[i]!;
    if (!line.some((c) => c.text.trim() !== '')) continue;
    const cells: RawRow['cells'] = {};
    for (const [col, field] of header) {
      const cell = line[col];
      if (cell) cells[field] = cell;
    }
    rows.push({ line: i + 1, cells });
    if (rows.length > ROSTER_MAX_ROWS) return { ok: false, reason: 'too_many' };
  }
  if (rows.length === 0) return { ok: false, reason: 'empty' };
  return { ok: true, rows };
}

/** An exceljs cell value as text; numbers are kept as digits (never "9E+11"). */
function cellOf(value: ExcelJS.CellValue): RawCell {
  if (value == null) return { text: '', numeric: false };
  if (typeof value === 'number') return { text: Number.isInteger(value) ? value.toFixed(0) : String(value), numeric: true };
  if (typeof value === 'string') return { text: value, numeric: false };
  if (typeof value === 'boolean') return { text: String(value), numeric: false };
  if (value instanceof Date) return { text: value.toISOString().slice(0, 10), numeric: false };
  if (typeof value === 'object') {
    if ('richText' in value) return { text: value.richText.map((r) => r.text).join(''), numeric: false };
    if ('text' in value && typeof value.text === 'string') return { text: value.text, numeric: false };
    if ('result' in value) return cellOf(value.result as ExcelJS.CellValue);
    // A formula without a cached value (a file never opened in Excel), an error cell, or any other
    // shape: nothing to read, never "[object Object]".
    return { text: '', numeric: false };
  }
  return { text: String(value), numeric: false };
}

/**
 * Zip-bomb guard (H1). An XLSX is a zip; a few hundred kilobytes can inflate to gigabytes. Before
 * the workbook is read, every entry is checked against the central directory: declared sizes within
 * the caps, no entry hidden between the listed ones, and each entry inflated once (streamed, off the
 * event loop's back) with its size enforced (yauzl's validateEntrySizes stops an entry that inflates
 * past what it declares). While inflating, the XML's rows, cells and shared strings are counted, so
 * a sheet of millions of empty rows is refused before exceljs would build an object for each.
 */
export const XLSX_MAX_ENTRY_BYTES = 12 * 1024 * 1024;
export const XLSX_MAX_TOTAL_BYTES = 24 * 1024 * 1024;
const XLSX_MAX_ENTRIES = 200;
/** Cells and shared strings of a real 10 000-row roster are a few hundred thousand at most. */
const XLSX_MAX_CELLS = 600_000;

type Scan = { ok: true } | { ok: false; reason: 'unreadable' | 'too_many' };

/** Counts `<tag` followed by a space, `>` or `/` in a stream of XML bytes, across chunk edges. */
function tagCounter(tag: string) {
  const needle = Buffer.from(`<${tag}`);
  let carry = Buffer.alloc(0);
  let count = 0;
  return {
    push(chunk: Buffer) {
      const buf = carry.length ? Buffer.concat([carry, chunk]) : chunk;
      let at = buf.indexOf(needle);
      let last = -1;
      while (at >= 0 && at + needle.length < buf.length) {
        const next = buf[at + needle.length];
        if (next === 0x20 || next === 0x3e || next === 0x2f || next === 0x09 || next === 0x0a || next === 0x0d) count++;
        last = at;
        at = buf.indexOf(needle, at + 1);
      }
      // Keep the tail that may hold the start of a tag cut by the chunk's edge.
      const keepFrom = Math.max(last + 1, buf.length - needle.length);
      carry = Buffer.from(buf.subarray(keepFrom));
      return count;
    },
  };
}

export async function scanXlsx(data: Buffer): Promise<Scan> {
  let zip: yauzl.ZipFile;
  try {
    zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
      yauzl.fromBuffer(data, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false }, (err, z) => (err || !z ? reject(err) : resolve(z))),
    );
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
  return new Promise<Scan>((resolve) => {
    let total = 0;
    let count = 0;
    let cells = 0;
    const spans: [number, number][] = [];
    let settled = false;
    const done = (result: Scan) => {
      if (settled) return;
      settled = true;
      zip.close();
      resolve(result);
    };
    zip.on('error', () => done({ ok: false, reason: 'unreadable' }));
    zip.on('end', () => {
      // Every byte before the central directory belongs to a listed entry (local header + data).
      spans.sort((x, y) => x[0] - y[0]);
      let at = 0;
      for (const [start, end] of spans) {
        if (start !== at) return done({ ok: false, reason: 'unreadable' });
        at = end;
      }
      done(at === centralDirectoryOffset(data) ? { ok: true } : { ok: false, reason: 'unreadable' });
    });
    zip.on('entry', (entry: yauzl.Entry) => {
      count += 1;
      total += entry.uncompressedSize;
      if (count > XLSX_MAX_ENTRIES || entry.uncompressedSize > XLSX_MAX_ENTRY_BYTES || total > XLSX_MAX_TOTAL_BYTES) return done({ ok: false, reason: 'unreadable' });
      const span: [number, number] = [entry.relativeOffsetOfLocalHeader, entry.relativeOffsetOfLocalHeader + localSize(data, entry)];
      if (/\/$/.test(entry.fileName)) {
        spans.push(span);
        return zip.readEntry();
      }
      zip.openReadStream(entry, (err, stream) => {
        if (err || !stream) return done({ ok: false, reason: 'unreadable' });
        const sheet = /^xl\/worksheets\/[^/]+\.xml$/.test(entry.fileName);
        const rowTags = tagCounter('row');
        const cellTags = tagCounter('c');
        const stringTags = tagCounter('si');
        let rows = 0;
        let entryCells = 0;
        stream.on('error', () => done({ ok: false, reason: 'unreadable' }));
        stream.on('data', (chunk: Buffer) => {
          if (settled) return;
          if (sheet) {
            rows = rowTags.push(chunk);
            entryCells = cellTags.push(chunk);
          } else if (entry.fileName === 'xl/sharedStrings.xml') entryCells = stringTags.push(chunk);
          if (rows > ROSTER_MAX_ROWS + 50) {
            stream.destroy();
            done({ ok: false, reason: 'too_many' });
          } else if (cells + entryCells > XLSX_MAX_CELLS) {
            stream.destroy();
            done({ ok: false, reason: 'unreadable' });
          }
        });
        stream.on('end', () => {
          cells += entryCells;
          spans.push(span);
          zip.readEntry();
        });
      });
    });
    zip.readEntry();
  });
}

/** Where the central directory starts, from the end-of-central-directory record (no zip64: a roster is small). */
function centralDirectoryOffset(data: Buffer): number {
  for (let at = data.length - 22; at >= Math.max(0, data.length - 22 - 0xffff); at--) {
    if (data.readUInt32LE(at) === 0x06054b50) {
      const offset = data.readUInt32LE(at + 16);
      return offset === 0xffffffff ? -1 : offset;
    }
  }
  return -1;
}

/** The bytes an entry takes before the central directory: local header, name, extra field, data, data descriptor. */
function localSize(data: Buffer, entry: yauzl.Entry): number {
  const at = entry.relativeOffsetOfLocalHeader;
  if (at + 30 > data.length) return -1;
  const nameLength = data.readUInt16LE(at + 26);
  const extraLength = data.readUInt16LE(at + 28);
  let size = 30 + nameLength + extraLength + entry.compressedSize;
  // General purpose bit 3: a data descriptor follows the data (12 or 16 bytes, with the optional signature).
  if (entry.generalPurposeBitFlag & 0x8) size += data.readUInt32LE(at + size) === 0x08074b50 ? 16 : 12;
  return size;
}

/** The columns read from a row: a roster has about eight; anything past this is ignored. */
const XLSX_MAX_COLUMNS = 64;

/**
 * The first sheet, read by exceljs once the scan has proved the file small when inflated and
 * within the row and cell caps. (exceljs's streaming reader was tried: it splits a multi-byte
 * letter cut by a chunk's edge in the shared strings, exceljs issues #2063 and #2084.)
 */
export async function readXlsx(data: Buffer): Promise<ParsedFile> {
  const scan = await scanXlsx(data);
  if (!scan.ok) return { ok: false, reason: scan.reason };
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return { ok: false, reason: 'empty' };
  if (sheet.rowCount > ROSTER_MAX_ROWS + 50) return { ok: false, reason: 'too_many' };
  const table: RawCell[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row, n) => {
    const cells: RawCell[] = [];
    row.eachCell({ includeEmpty: false }, (cell, col) => {
      if (col <= XLSX_MAX_COLUMNS) cells[col - 1] = cellOf(cell.value);
    });
    table[n - 1] = Array.from(cells, (c) => c ?? { text: '', numeric: false });
  });
  return toRows(Array.from(table, (r) => r ?? []));
}

/**
 * CSV as Excel writes it: `;` (a Russian or Kazakh Excel) or `,` separated, quoted fields with
 * doubled quotes, CRLF or LF, an optional BOM. The separator is the one the header line holds most
 * of outside quotes. Written here (30 lines) rather than adding a parser package for it.
 */
export function readCsv(text: string): ParsedFile {
  const src = text.replace(/^\uFEFF/, '');
  const firstLine = src.split(/\r?\n/, 1)[0] ?? '';
  const sep = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : firstLine.includes('\t') && !firstLine.includes(',') ? '\t' : ',';
  const table: RawCell[][] = [];
  let row: RawCell[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < src.length; i++) {
    const ch = src[i]!;
    if (quoted) {
      if (ch === '"' && src[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"' && field === '') quoted = true;
    else if (ch === sep) {
      row.push({ text: field, numeric: false });
      field = '';
    }    else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && src[i + 1] === '\n') i++;
      row.push({ text: field, numeric: false });
      table.push(row);
      if (table.length > ROSTER_MAX_ROWS + 50) return { ok: false, reason: 'too_many' };
      row = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || row.length > 0) table.push([...row, { text: field, numeric: false }]);
  return toRows(table);
}

/** By the file's first bytes: an XLSX is a ZIP ("PK"); anything else is read as UTF-8 CSV. */
export async function readRosterFile(data: Buffer): Promise<ParsedFile> {
  if (data.length >= 2 && data[0] === 0x50 && data[1] === 0x4b) return readXlsx(data);
  const text = new TextDecoder('utf-8', { fatal: false }).decode(data);
  if (text.includes('\u0000')) return { ok: false, reason: 'unreadable' };
  return readCsv(text);
}
