import { PassThrough, Readable } from 'node:stream';
import archiver from 'archiver';
import { NextRequest } from 'next/server';
import yauzl from 'yauzl';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OpenDb } from '@/lib/db/open';
import { createTestDb, dbLabel, setAppDb } from '@/test/db';
import { hrUser, insertCompany, rosterXlsx, uploadRequest, validIin } from '@/test/company';
import { clockStandsStill, nextIp } from '@/test/http';
import { call } from '@/test/staff';

/** The entries of a real workbook (exceljs writes it), to rebuild it with another first sheet. */
async function entriesOf(zip: Buffer): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  const file = await new Promise<yauzl.ZipFile>((resolve, reject) => yauzl.fromBuffer(zip, { lazyEntries: true }, (e, z) => (e || !z ? reject(e) : resolve(z))));
  await new Promise<void>((resolve, reject) => {
    file.on('entry', (entry: yauzl.Entry) =>
      file.openReadStream(entry, (err, s) => {
        if (err || !s) return reject(err);
        const parts: Buffer[] = [];
        s.on('data', (c: Buffer) => parts.push(c));
        s.on('end', () => {
          out.set(entry.fileName, Buffer.concat(parts));
          file.readEntry();
        });
      }),
    );
    file.on('end', resolve);
    file.readEntry();
  });
  return out;
}

/** A workbook whose first sheet is a header row and then `rows` empty rows, deflated at level 9. */
async function bombXlsx(rows: number): Promise<Buffer> {
  const entries = await entriesOf(await rosterXlsx([['Иванов', 'Иван', validIin(1)]]));
  const zip = archiver('zip', { zlib: { level: 9 } });
  const sink = new PassThrough();
  const parts: Buffer[] = [];
  sink.on('data', (c: Buffer) => parts.push(c));
  const finished = new Promise((resolve) => sink.on('end', resolve));
  zip.pipe(sink);
  for (const [name, data] of entries) if (!name.startsWith('xl/worksheets/sheet1')) zip.append(data, { name });
  const head = '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Фамилия</t></is></c><c r="B1" t="inlineStr"><is><t>Имя</t></is></c><c r="C1" t="inlineStr"><is><t>ИИН</t></is></c></row>';
  const chunk = '<row/>'.repeat(100_000);
  let left = rows;
  const sheet = Readable.from(
    (function* () {
      yield head;
      while (left > 0) {
        const n = Math.min(left, 100_000);
        left -= n;
        yield n === 100_000 ? chunk : '<row/>'.repeat(n);
      }
      yield '</sheetData></worksheet>';
    })(),
  );
  zip.append(sheet, { name: 'xl/worksheets/sheet1.xml' });
  await zip.finalize();
  await finished;
  return Buffer.concat(parts);
}

/** The longest the event loop was blocked while `work` ran (a timer that should tick every 20 ms). */
async function longestStall<T>(work: () => Promise<T>): Promise<{ result: T; stall: number }> {
  let last = performance.now();
  let stall = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    stall = Math.max(stall, now - last);
    last = now;
  }, 20);
  try {
    const result = await work();
    return { result, stall: Math.max(stall, performance.now() - last) };
  } finally {
    clearInterval(timer);
  }
}

/**
 * H1 (penetration test): a 264 KB XLSX of 30 000 000 empty rows took the heap to 5 GiB and the
 * process down; 28 KB froze every request for 5 s; a chunked body without a length was read whole.
 */
describe(`roster uploads cannot take the server down (${dbLabel()})`, () => {
  let t: OpenDb;
  let preview: unknown;
  let cookie: string;

  beforeAll(async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    t = await createTestDb();
    setAppDb(t);
    preview = (await import('./roster/preview/route')).POST;
    const companyId = await insertCompany(t.db, 'bombed', 'ТОО «Бомба»');
    ({ cookie } = await hrUser(t.db, { companyId, email: 'hr@bombed.kz', phone: '+77011110001' }));
  });
  afterAll(() => t.close());

  it('a zip bomb (30 000 000 rows in a few hundred KB) is refused at once, and the event loop never stalls a second', async () => {
    const file = await bombXlsx(30_000_000);
    expect(file.length).toBeLessThan(ROSTER_CAP);
    const { result, stall } = await longestStall(() => call(preview, uploadRequest('/api/company/roster/preview', { data: file, name: 'staff.xlsx' }, { cookie, locale: 'en' })));
    expect(result.status).toBe(422);
    expect(stall).toBeLessThan(1000);
  }, 120_000);

  it('1 500 000 empty rows (under the inflated-size cap) stop at the row cap: too many rows, no stall', async () => {
    const file = await bombXlsx(1_500_000);
    const { result, stall } = await longestStall(() => call(preview, uploadRequest('/api/company/roster/preview', { data: file, name: 'staff.xlsx' }, { cookie, locale: 'en' })));
    expect(result.status).toBe(422);
    expect(await result.json()).toMatchObject({ error: { fields: { file: 'Too many rows: at most 10,000 at a time.' } } });
    expect(stall).toBeLessThan(1000);
  }, 120_000);

  it('a chunked multipart body without a length is cut at the cap (413), not read whole', async () => {
    let pulled = 0;
    const boundary = 'xBOUNDARYx';
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(new TextEncoder().encode(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\n`));
      },
      pull(c) {
        if (pulled > 400 * 1024 * 1024) return c.close();
        pulled += 1024 * 1024;
        c.enqueue(new Uint8Array(1024 * 1024).fill(0x41));
      },
    });
    const req = new NextRequest('http://localhost/api/company/roster/preview', {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie, origin: 'http://localhost', 'x-forwarded-for': nextIp() },
      body,
      duplex: 'half',
    } as unknown as ConstructorParameters<typeof NextRequest>[1]);
    const res = await call(preview, req);
    expect(res.status).toBe(413);
    expect(pulled).toBeLessThan(16 * 1024 * 1024);
  });

  it('previews and imports are limited per HR person (429 after 20 in ten minutes)', async () => {
    clockStandsStill(); // one fixed rate-limit window for every call below
    const companyId = await insertCompany(t.db, 'busy', 'ТОО «Занятая»');
    const hr = await hrUser(t.db, { companyId, email: 'hr@busy.kz', phone: '+77011110002' });
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await call(preview, uploadRequest('/api/company/roster/preview', { data: 'a;b\n1;2\n', name: 'x.csv' }, { cookie: hr.cookie }))).status);
    expect(statuses.slice(0, 20).every((s) => s === 422)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});

const ROSTER_CAP = 5 * 1024 * 1024;
