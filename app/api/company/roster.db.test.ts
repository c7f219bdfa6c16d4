import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, companyEmployees } from '@/lib/db/schema';
import type { OpenDb } from '@/lib/db/open';
import { openIin } from '@/lib/company-portal/roster';
import { createTestDb, dbLabel, setAppDb } from '@/test/db';
import { companyRequest, hrUser, insertCompany, rosterXlsx, uploadRequest, validIin } from '@/test/company';
import { call } from '@/test/staff';

type Preview = {
  summary: { total: number; withProblems: number; added: number; updated: number; restored: number };
  problems: { line: number; field: string; code: string; column: string; message: string }[];
  notes: { line: number; code: string; message: string }[];
};

describe(`company roster: import with a preview, all or nothing; single employees (${dbLabel()})`, () => {
  let t: OpenDb;
  let preview: unknown, importer: unknown, template: unknown, list: unknown, add: unknown, patch: unknown, remove: unknown;
  let hr: { cookie: string }, other: { cookie: string };
  let companyId: number;

  beforeAll(async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    t = await createTestDb();
    setAppDb(t);
    preview = (await import('./roster/preview/route')).POST;
    importer = (await import('./roster/import/route')).POST;
    template = (await import('./roster/template/route')).GET;
    ({ GET: list, POST: add } = await import('./employees/route'));
    ({ PATCH: patch, DELETE: remove } = await import('./employees/[id]/route'));
    companyId = await insertCompany(t.db, 'roster-co');
    hr = await hrUser(t.db, { companyId, email: 'hr@roster.kz', phone: '+77015550001' });
    other = await hrUser(t.db, { companyId: await insertCompany(t.db, 'other-co'), email: 'hr@other.kz', phone: '+77015550002' });
  });
  afterAll(() => t.close());

  const rows = (badIin = '900101300018') => [
    ['Сәрсенова', 'Әйгерім', 61211600012, 'HR-01', 'Бухгалтерия', '8 701 123 45 67', 'a@x.kz'],
    ['Иванов', 'Пётр', '900101300017', 'IT-02', null, null, null],
    ['Ким', 'Ольга', badIin, 'IT-03', 'IT', null, null],
    ['', 'Без фамилии', '', '', null, '+7 916 000 00 00', 'bad'],
    ['Дубль', 'Иванова', '900101300017', 'IT-04', null, null, null],
  ];

  it('the preview lists every row problem in the HR person language, restores the zero an 11-digit number lost, and saves nothing', async () => {
    const file = await rosterXlsx(rows());
    const res = await call(preview, uploadRequest('/api/company/roster/preview', { data: file, name: 'staff.xlsx' }, { cookie: hr.cookie, locale: 'kk' }));
    expect(res.status).toBe(200);
    const body = (await res.json()) as Preview;
    expect(body.summary).toMatchObject({ total: 5, withProblems: 3, restored: 1 });
    const at = (line: number) => body.problems.filter((p) => p.line === line).map((p) => p.code).sort();
    expect(at(2)).toEqual([]);
    expect(at(4)).toEqual(['iin_checksum']);
    expect(at(5)).toEqual(['email_invalid', 'iin_missing', 'last_name_missing', 'phone_not_kz', 'position_missing']);
    expect(at(6)).toEqual(['iin_duplicate']);
    expect(body.problems.find((p) => p.line === 6)!.message).toBe('Бұл ЖСН 3-жолда да бар');
    expect(body.problems.find((p) => p.line === 4)!.column).toBe('ЖСН');
    expect(body.notes).toEqual([{ line: 2, code: 'iin_zero_restored', message: expect.stringContaining('нөлді қайтардық') }]);
    expect(await t.db.select().from(companyEmployees)).toHaveLength(0);
  });

  it('L1: names break the same rule as the manual form (letters only): markup, a link, CJK, a formula are row problems in each language, and nothing is imported', async () => {
    const data = await rosterXlsx([
      ['<img src=x onerror=alert(1)>', 'Pay at http://evil.example/kaspi', validIin(901), 'HR-01', null, null, null],
      ['Ivan 123', '李小龍', validIin(902), 'HR-02', null, null, null],
      ['=HYPERLINK("http://evil.example","Open")', 'Ольга', validIin(903), 'HR-03', null, null, null],
      ['Сәрсенова-Ким', "D'Artagnan", validIin(904), 'HR-04', null, null, null],
    ]);
    for (const [locale, words] of [['en', /Latin or Cyrillic/], ['ru', /латинские или кириллические/], ['kk', /латын не кирилл/]] as const) {
      const res = await call(preview, uploadRequest('/api/company/roster/preview', { data, name: 'staff.xlsx' }, { cookie: hr.cookie, locale }));
      expect(res.status).toBe(200);
      const body = (await res.json()) as Preview;
      expect(body.problems.map((p) => `${p.line}:${p.field}:${p.code}`).sort()).toEqual(['2:firstName:name_letters', '2:lastName:name_letters', '3:firstName:name_letters', '3:lastName:name_letters', '4:lastName:name_letters']);
      for (const p of body.problems) expect(p.message).toMatch(words);
    }
    const refused = await call(importer, uploadRequest('/api/company/roster/import', { data, name: 'staff.xlsx' }, { cookie: hr.cookie, fields: { basis: 'yes' } }));
    expect(refused.status).toBe(422);
    expect(await t.db.select().from(companyEmployees)).toHaveLength(0);
  });

  it('an import with one problem saves nothing (422 with the preview); the fixed file imports every row', async () => {
    const bad = await rosterXlsx(rows().slice(0, 3));
    const refused = await call(importer, uploadRequest('/api/company/roster/import', { data: bad, name: 'staff.xlsx' }, { cookie: hr.cookie, locale: 'en', fields: { basis: 'yes' } }));
    expect(refused.status).toBe(422);
    const refusedBody = (await refused.json()) as { error: { code: string }; preview: Preview };
    expect(refusedBody.error.code).toBe('roster_has_problems');
    expect(refusedBody.preview.problems).toMatchObject([{ line: 4, code: 'iin_checksum' }]);
    expect(await t.db.select().from(companyEmployees)).toHaveLength(0);

    const fixed = await rosterXlsx(rows('061211600012').slice(0, 3).map((r, i) => (i === 2 ? ['Ким', 'Ольга', '000101500011', 'IT-03', 'IT', null, null] : r)));
    const noBasis = await call(importer, uploadRequest('/api/company/roster/import', { data: fixed, name: 'staff.xlsx' }, { cookie: hr.cookie }));
    expect(noBasis.status).toBe(422);
    const ok = await call(importer, uploadRequest('/api/company/roster/import', { data: fixed, name: 'staff.xlsx' }, { cookie: hr.cookie, fields: { basis: 'yes' } }));
    expect(ok.status).toBe(200);
    const saved = await t.db.select().from(companyEmployees).where(eq(companyEmployees.companyId, companyId));
    expect(saved).toHaveLength(3);
    const aigerim = saved.find((e) => e.lastName === 'Сәрсенова')!;
    expect(aigerim).toMatchObject({ iinLast4: '0012', phone: '+77011234567', department: 'Бухгалтерия' });
    expect(openIin(aigerim.iinSealed)).toBe('061211600012');
    expect(aigerim.iinSealed).not.toContain('0612');
    expect((await t.db.select().from(auditLog).where(eq(auditLog.action, 'roster.import'))).length).toBe(1);
  });

  it('a CSV saved by a Russian Excel (semicolons, BOM) imports too; a row whose IIN is on the roster updates it', async () => {
    const csv = '\uFEFFФамилия;Имя;ИИН;Код должности;Подразделение\r\n"Иванов";"Пётр Петрович";900101300017;IT-99;"Отдел; ИТ"\r\n';
    const res = await call(importer, uploadRequest('/api/company/roster/import', { data: csv, name: 'staff.csv' }, { cookie: hr.cookie, fields: { basis: 'yes' } }));
    expect(res.status).toBe(200);
    expect(((await res.json()) as { summary: Preview['summary'] }).summary).toMatchObject({ total: 1, added: 0, updated: 1 });
    const [ivanov] = await t.db.select().from(companyEmployees).where(eq(companyEmployees.positionCode, 'IT-99'));
    expect(ivanov).toMatchObject({ firstName: 'Пётр Петрович', department: 'Отдел; ИТ' });
  });

  it('a file without the needed columns, or not a spreadsheet, is a clear 4xx', async () => {
    const res = await call(preview, uploadRequest('/api/company/roster/preview', { data: 'a,b\n1,2\n', name: 'x.csv' }, { cookie: hr.cookie, locale: 'en' }));
    expect(res.status).toBe(422);
    expect(((await res.json()) as { error: { fields: { file: string } } }).error.fields.file).toContain('No header row');
    const json = await call(preview, companyRequest('/api/company/roster/preview', { body: { file: 'x' }, cookie: hr.cookie }));
    expect(json.status).toBe(415);
  });

  it('the template has the IIN column formatted as text, headers in the HR person language', async () => {
    const res = await call(template, companyRequest('/api/company/roster/template', { cookie: hr.cookie, locale: 'kk' }));
    expect(res.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await res.arrayBuffer()) as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    expect(sheet.getRow(1).getCell(3).value).toBe('ЖСН');
    expect(sheet.getColumn(3).numFmt).toBe('@');
    expect(sheet.getRow(2).getCell(3).value).toBe('061211600012');
  });

  it('single employees: add (IIN checked, a duplicate refused), edit, remove; the list masks IINs; another company gets 404', async () => {
    const created = await call(add, companyRequest('/api/company/employees', { body: { lastName: 'Ахметов', firstName: 'Нұрлан', iin: '900101300018', positionCode: 'S-1' }, cookie: hr.cookie, locale: 'en' }));
    expect(created.status).toBe(422);
    const ok = await call(add, companyRequest('/api/company/employees', { body: { lastName: 'Ахметов', firstName: 'Нұрлан', iin: '9001 0130 0017', positionCode: 'S-1' }, cookie: hr.cookie }));
    expect(ok.status).toBe(409); // Иванов has this IIN already
    const fresh = await call(add, companyRequest('/api/company/employees', { body: { lastName: 'Ахметов', firstName: 'Нұрлан', iin: '880415300018', positionCode: 'S-1', phone: '87015550009' }, cookie: hr.cookie }));
    expect(fresh.status).toBe(201);
    const { id } = (await fresh.json()) as { id: number };
    const listed = (await (await call(list, companyRequest('/api/company/employees?q=Ахмет', { cookie: hr.cookie }))).json()) as { rows: Record<string, unknown>[]; total: number };
    expect(listed.total).toBe(1);
    expect(JSON.stringify(listed)).not.toContain('880415300018');
    expect(listed.rows[0]).toMatchObject({ iinLast4: '0018', phone: '+77015550009' });

    const params = { id: String(id) };
    expect((await call(patch, companyRequest(`/api/company/employees/${id}`, { method: 'PATCH', body: { positionCode: 'X' }, cookie: other.cookie }), params)).status).toBe(404);
    expect((await call(remove, companyRequest(`/api/company/employees/${id}`, { method: 'DELETE', cookie: other.cookie }), params)).status).toBe(404);
    expect(((await (await call(list, companyRequest('/api/company/employees', { cookie: other.cookie }))).json()) as { total: number }).total).toBe(0);

    const edited = await call(patch, companyRequest(`/api/company/employees/${id}`, { method: 'PATCH', body: { positionCode: 'S-2', department: 'Склад' }, cookie: hr.cookie }), params);
    expect(await edited.json()).toMatchObject({ positionCode: 'S-2', department: 'Склад' });
    expect((await call(remove, companyRequest(`/api/company/employees/${id}`, { method: 'DELETE', cookie: hr.cookie }), params)).status).toBe(200);
    expect((await call(remove, companyRequest(`/api/company/employees/${id}`, { method: 'DELETE', cookie: hr.cookie }), params)).status).toBe(404);
  });

  it('a control character (NUL and the like) in a department or position is a 422 with a clear message, never a 500, on add, edit and import', async () => {
    const base = { lastName: 'Жұмабаев', firstName: 'Ерлан', iin: '000101500011', positionCode: 'C-1' };
    for (const [body, field] of [
      [{ ...base, department: 'Бухгал\u0000терия' }, 'department'],
      [{ ...base, positionCode: 'C-\u00001' }, 'positionCode'],
      [{ ...base, department: 'Склад\u0007' }, 'department'],
    ] as const) {
      const res = await call(add, companyRequest('/api/company/employees', { body, cookie: hr.cookie, locale: 'en' }));
      expect(res.status).toBe(422);
      expect(((await res.json()) as { error: { fields: Record<string, string> } }).error.fields[field]).toContain('invisible control characters');
    }
    const [someone] = await t.db.select().from(companyEmployees).where(eq(companyEmployees.companyId, companyId)).limit(1);
    const edit = await call(
      patch,
      companyRequest(`/api/company/employees/${someone!.id}`, { method: 'PATCH', body: { department: '\u0000' }, cookie: hr.cookie, locale: 'kk' }),
      { id: String(someone!.id) },
    );
    expect(edit.status).toBe(422);
    expect(((await edit.json()) as { error: { fields: Record<string, string> } }).error.fields.department).toContain('басқару таңбалары');

    const before = (await t.db.select().from(companyEmployees)).length;
    // A spreadsheet cannot carry NUL (XML has no such character; the writer drops it); a CSV can.
    const csv = (department: string) => `Фамилия;Имя;ИИН;Код должности;Подразделение\r\nЖұмабаев;Ерлан;000101500011;C-1;${department}\r\n`;
    const nul = await call(importer, uploadRequest('/api/company/roster/import', { data: csv('Бухгал\u0000терия'), name: 'nul.csv' }, { cookie: hr.cookie, locale: 'en', fields: { basis: 'yes' } }));
    expect(nul.status).toBe(422);
    for (const [department, name] of [['Склад\u0007', 'bell.csv'], ['Отдел\u001b[31m', 'escape.csv']] as const) {
      const res = await call(importer, uploadRequest('/api/company/roster/import', { data: csv(department), name }, { cookie: hr.cookie, locale: 'ru', fields: { basis: 'yes' } }));
      expect(res.status, name).toBe(422);
      const body = (await res.json()) as { preview: Preview; error: { code: string } };
      expect(body.error.code, name).toBe('roster_has_problems');
      expect(body.preview.problems, name).toMatchObject([{ line: 2, field: 'department', code: 'control_chars', message: expect.stringContaining('управляющие символы') }]);
    }
    expect(await t.db.select().from(companyEmployees)).toHaveLength(before);
  });

  // Imports all 5 000 rows. How long it takes is a bench line (npm run bench, BENCH_ONLY=portal), not a test.
  it('5 000 rows import', async () => {
    const big: (string | number)[][] = [];
    for (let i = 0; i < 5000; i++) {
      const first11 = `9${String(i).padStart(5, '0')}30001`.split('').map(Number);
      let s = first11.reduce((sum, d, k) => sum + (k + 1) * d, 0) % 11;
      if (s === 10) s = first11.reduce((sum, d, k) => sum + [3, 4, 5, 6, 7, 8, 9, 10, 11, 1, 2][k]! * d, 0) % 11;
      if (s === 10) continue;
      // Names are letters only (the name rule, L1): the row number spelled in letters.
      const tag = [...String(i)].map((d) => 'абвгдежзик'[Number(d)]).join('');
      big.push([`Фамилия${tag}`, `Имя${tag}`, `${first11.join('')}${s}`, `P-${i % 40}`, `Отдел ${i % 12}`]);
    }
    const file = await rosterXlsx(big, ['Фамилия', 'Имя', 'ИИН', 'Код должности', 'Подразделение']);
    const res = await call(importer, uploadRequest('/api/company/roster/import', { data: file, name: 'big.xlsx' }, { cookie: other.cookie, fields: { basis: 'yes' } }));
    expect(res.status).toBe(200);
    expect(((await res.json()) as { summary: Preview['summary'] }).summary.total).toBe(big.length);
  }, 60_000);
});
