import { and, eq } from 'drizzle-orm';
import JSZip from 'jszip';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, companyEmployees, testAttempts } from '@/lib/db/schema';
import type { OpenDb } from '@/lib/db/open';
import { addEmployee } from '@/lib/company-portal/roster';
import { startPlacement } from '@/lib/quiz/attempts';
import { createTestDb, dbLabel, setAppDb } from '@/test/db';
import { companyRequest, hrUser, insertCompany, takeKazakhTest, validIin } from '@/test/company';
import { call } from '@/test/staff';

const SYSTEM = { kind: 'system' as const, id: null, label: 'test', ipHash: null };

type ResultsBody = {
  rows: { lastName: string; iin: string; status: string; level: string | null; certificate: { number: string } | null; department: string | null }[];
  total: number;
  summary: { roster: number; notStarted: number; started: number; finished: number; levels: { level: string; count: number }[]; departments: { key: string | null; total: number; finished: number }[]; positions: { key: string; total: number }[] };
};

async function sheetRows(res: Response): Promise<string[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer);
  const rows: string[][] = [];
  book.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => (v instanceof Date ? v.toISOString() : String(v ?? '')))));
  return rows;
}

describe(`company portal results: roster joined to the Kazakh test, summary, exports, ZIP (${dbLabel()})`, () => {
  let t: OpenDb;
  let results: unknown, exportGet: unknown, exportPost: unknown, zip: unknown, pdf: unknown, placement: unknown;
  let a: { cookie: string }, b: { cookie: string };
  const iins = { done: validIin(1), started: validIin(2), none: validIin(3), stranger: validIin(4), elsewhere: validIin(5) };
  let certificateNumber = '';

  beforeAll(async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    t = await createTestDb();
    setAppDb(t);
    results = (await import('./results/route')).GET;
    ({ GET: exportGet, POST: exportPost } = await import('./results/export/route'));
    zip = (await import('./results/certificates/route')).GET;
    pdf = (await import('./results/certificates/[number]/route')).GET;
    placement = (await import('./results/placement/route')).GET;
    const alpha = await insertCompany(t.db, 'alpha', 'ТОО «Альфа»');
    const beta = await insertCompany(t.db, 'beta', 'ТОО «Бета»');
    a = await hrUser(t.db, { companyId: alpha, email: 'hr@alpha.kz', phone: '+77011110001' });
    b = await hrUser(t.db, { companyId: beta, email: 'hr@beta.kz', phone: '+77011110002' });
    const add = (iin: string, lastName: string, department: string, positionCode: string) =>
      addEmployee(t.db, SYSTEM, alpha, { lastName, firstName: 'Алия', iin, positionCode, department, locale: 'ru' });
    await add(iins.done, "Әлиева O'Brien/..", 'Бухгалтерия', 'P-1');
    await add(iins.started, 'Бекова', 'Бухгалтерия', 'P-2');
    await add(iins.none, 'Ғалиева', 'Склад', 'P-2');
    await add(iins.elsewhere, 'Жанова', 'Склад', 'P-1');
    const done = await takeKazakhTest(t.db, { company: 'alpha', iin: iins.done, lastName: 'Әлиева', firstName: 'Алия' });
    certificateNumber = done.view.certificate!.number;
    await takeKazakhTest(t.db, { company: 'alpha', iin: iins.started, lastName: 'Бекова', firstName: 'Алия', finish: false });
    // Not on the roster: not listed. On the roster, but taken through the public link: private.
    await takeKazakhTest(t.db, { company: 'alpha', iin: iins.stranger, lastName: 'Чужая', firstName: 'Алия' });
    await takeKazakhTest(t.db, { company: undefined as unknown as string, iin: iins.elsewhere, lastName: 'Жанова', firstName: 'Алия' });
    // An English placement test through the company's link.
    const { token } = await startPlacement(t.db, { company: 'alpha', locale: 'ru' });
    await t.db.update(testAttempts).set({ status: 'finished', finishedAt: new Date(), result: { correct: 20, wrong: 10, unanswered: 0, total: 30, level: 'B1', levelName: 'Intermediate', cefr: 'B1', levelReached: true, perSkill: {} } }).where(eq(testAttempts.kind, 'placement'));
    expect(token).toBeTruthy();
  });
  afterAll(() => t.close());

  it('lists every employee with status, level and certificate, IINs masked; filters; the view is audited', async () => {
    const res = await call(results, companyRequest('/api/company/results', { cookie: a.cookie }));
    expect(res.status).toBe(200);
    const text = JSON.stringify(await res.clone().json());
    for (const iin of Object.values(iins)) expect(text).not.toContain(iin);
    const body = (await res.json()) as ResultsBody;
    expect(body.total).toBe(4);
    const by = Object.fromEntries(body.rows.map((r) => [r.lastName.slice(0, 4), r]));
    expect(by['Әлие']).toMatchObject({ status: 'finished', certificate: { number: certificateNumber }, iin: `•••• •••• ${iins.done.slice(-4)}` });
    expect(by['Әлие']!.level).toMatch(/^(A0|A1|A2|B1|B2|C1)$/);
    expect(by['Беко']).toMatchObject({ status: 'started', level: null, certificate: null });
    expect(by['Ғали']).toMatchObject({ status: 'not_started' });
    expect(by['Жано']).toMatchObject({ status: 'not_started' }); // the public-link sitting stays the person's own
    expect(text).not.toContain('Чужая');
    expect(body.summary).toMatchObject({ roster: 4, notStarted: 2, started: 1, finished: 1 });
    expect(body.summary.levels.reduce((n, l) => n + l.count, 0)).toBe(1);
    expect(body.summary.departments).toEqual([
      { key: 'Бухгалтерия', total: 2, started: 1, finished: 1 },
      { key: 'Склад', total: 2, started: 0, finished: 0 },
    ]);

    const finished = (await (await call(results, companyRequest('/api/company/results?status=finished', { cookie: a.cookie }))).json()) as ResultsBody;
    expect(finished.rows.map((r) => r.status)).toEqual(['finished']);
    const search = (await (await call(results, companyRequest(`/api/company/results?q=${encodeURIComponent('Ғали')}`, { cookie: a.cookie }))).json()) as ResultsBody;
    expect(search.rows.map((r) => r.lastName)).toEqual(['Ғалиева']);
    const dept = (await (await call(results, companyRequest(`/api/company/results?department=${encodeURIComponent('Склад')}&position=P-2`, { cookie: a.cookie }))).json()) as ResultsBody;
    expect(dept.rows.map((r) => r.lastName)).toEqual(['Ғалиева']);
    const future = (await (await call(results, companyRequest('/api/company/results?from=2099-01-01', { cookie: a.cookie }))).json()) as ResultsBody;
    expect(future.total).toBe(0);
    const bad = await call(results, companyRequest('/api/company/results?status=lost', { cookie: a.cookie, locale: 'en' }));
    expect(bad.status).toBe(422);

    const views = await t.db.select().from(auditLog).where(eq(auditLog.action, 'results.view'));
    expect(views.length).toBeGreaterThanOrEqual(5);
    expect(views[0]).toMatchObject({ actorKind: 'company', actorLabel: 'hr@alpha.kz' });
  });

  it('another company sees none of it: its own empty results, 404 for the certificate, an empty ZIP', async () => {
    const body = (await (await call(results, companyRequest('/api/company/results', { cookie: b.cookie }))).json()) as ResultsBody;
    expect(body.total).toBe(0);
    expect((await call(pdf, companyRequest(`/api/company/results/certificates/${certificateNumber}`, { cookie: b.cookie }), { number: certificateNumber })).status).toBe(404);
    const archive = await JSZip.loadAsync(Buffer.from(await (await call(zip, companyRequest('/api/company/results/certificates', { cookie: b.cookie }))).arrayBuffer()));
    expect(Object.keys(archive.files)).toEqual([]);
    const xlsx = await sheetRows(await call(exportGet, companyRequest('/api/company/results/export?format=xlsx', { cookie: b.cookie })));
    expect(xlsx).toHaveLength(1); // the header only
    const placed = (await (await call(placement, companyRequest('/api/company/results/placement', { cookie: b.cookie }))).json()) as { total: number };
    expect(placed.total).toBe(0);
  });

  it('XLSX and CSV mask the IIN; full IINs only through the confirmed POST, audited as such', async () => {
    const res = await call(exportGet, companyRequest('/api/company/results/export?format=xlsx&lang=en', { cookie: a.cookie }));
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    const rows = await sheetRows(res);
    expect(rows[0]).toEqual(['Last name', 'First name', 'IIN', 'Position code', 'Department', 'Status', 'Level', 'Date', 'Certificate', 'Verification link']);
    expect(rows).toHaveLength(5);
    const done = rows.find((r) => r[0]!.startsWith('Әлиева'))!;
    expect(done[2]).toBe(`•••• •••• ${iins.done.slice(-4)}`);
    expect(done[5]).toBe('Finished');
    expect(done[8]).toBe(certificateNumber);
    expect(done[9]).toMatch(new RegExp(`/certificate/${certificateNumber}$`));
    expect(JSON.stringify(rows)).not.toContain(iins.done);

    const csv = await (await call(exportGet, companyRequest('/api/company/results/export?format=csv', { cookie: a.cookie }))).text();
    expect(csv).toContain('Фамилия;Имя;ИИН');
    for (const iin of Object.values(iins)) expect(csv).not.toContain(iin);

    const unconfirmed = await call(exportPost, companyRequest('/api/company/results/export', { cookie: a.cookie, body: { format: 'xlsx' } }));
    expect(unconfirmed.status).toBe(422);
    const full = await call(exportPost, companyRequest('/api/company/results/export', { cookie: a.cookie, body: { format: 'xlsx', confirm: true, filter: { status: 'finished' } } }));
    expect(full.status).toBe(200);
    const fullRows = await sheetRows(full);
    expect(fullRows.slice(1).map((r) => r[2])).toEqual([iins.done]);
    const fullCsv = await (await call(exportPost, companyRequest('/api/company/results/export', { cookie: a.cookie, body: { format: 'csv', confirm: true } }))).text();
    expect(fullCsv).toContain(iins.none);

    const audited = await t.db.select().from(auditLog).where(eq(auditLog.entity, 'company'));
    const actions = audited.map((r) => r.action);
    expect(actions.filter((x) => x === 'results.export_full_iin')).toHaveLength(2);
    expect(actions).toContain('results.export');
    const fullRow = audited.find((r) => r.action === 'results.export_full_iin')!;
    expect(fullRow.after).toMatchObject({ iin: 'full', format: 'xlsx', rows: 1, filter: { status: 'finished' } });
    expect(audited.find((r) => r.action === 'results.export')!.after).toMatchObject({ iin: 'masked' });
  });

  it('one ZIP holds every certificate as "<LastName>_<number>.pdf" with safe names; one PDF by number', async () => {
    const res = await call(zip, companyRequest('/api/company/results/certificates', { cookie: a.cookie }));
    expect(res.headers.get('content-type')).toBe('application/zip');
    const archive = await JSZip.loadAsync(Buffer.from(await res.arrayBuffer()));
    const names = Object.keys(archive.files);
    expect(names).toEqual([`Әлиева_O_Brien_${certificateNumber}.pdf`]);
    const bytes = await archive.file(names[0]!)!.async('uint8array');
    expect(Buffer.from(bytes.slice(0, 5)).toString()).toBe('%PDF-');
    const one = await call(pdf, companyRequest(`/api/company/results/certificates/${certificateNumber}`, { cookie: a.cookie }), { number: certificateNumber });
    expect(one.status).toBe(200);
    expect(one.headers.get('content-disposition')).toContain("filename*=UTF-8''");
    expect(Buffer.from(await one.arrayBuffer())).toEqual(Buffer.from(bytes));
    const audited = await t.db.select().from(auditLog).where(and(eq(auditLog.actorLabel, 'hr@alpha.kz')));
    expect(audited.map((r) => r.action)).toEqual(expect.arrayContaining(['results.certificates_zip', 'results.certificate']));
  });

  it('English placement results through the company link are listed', async () => {
    const body = (await (await call(placement, companyRequest('/api/company/results/placement', { cookie: a.cookie }))).json()) as { total: number; rows: { level: string; correct: number }[] };
    expect(body.total).toBe(1);
    expect(body.rows[0]).toMatchObject({ level: 'B1', correct: 20 });
    expect((await t.db.select().from(companyEmployees)).length).toBe(4);
  });
});
