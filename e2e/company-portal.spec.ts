import { expect, test } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { chooseRosterFile, companyWithHr, hrSignsIn, rosterXlsx } from './company';
import { expectNoSidewaysScroll, messages, uniquePhone } from './helpers';
import { adminCreate, enrolStaff } from './staff';

// Issue 13 (corporate portal), the parts built so far: staff give a company's HR person access;
// the HR person sets the password by the mailed link, signs in with the SMS code, imports a roster
// whose bad IIN the preview shows, then the fixed file; a second company's HR person sees none of it.
// Invitations, results and exports: company-invitations.spec.ts and company-results.spec.ts.

const en = messages.en;
const HEADER = ['Last name', 'First name', 'IIN', 'Position code', 'Department'];

test('staff give HR access; the HR person signs in with the SMS code, imports a roster after its preview; another company sees none of it', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const stamp = Date.now();
  await enrolStaff(page, await adminCreate(`admin-portal-${stamp}@school.kz`, 'Айгерим Садыкова'));
  const hrA = { name: 'Dinara Akhmetova', email: `hr-a-${stamp}@alpha.kz`, phone: uniquePhone() };
  const hrB = { name: 'Bolat Serikov', email: `hr-b-${stamp}@beta.kz`, phone: uniquePhone() };
  const alpha = await companyWithHr(page, 'Alpha Steppe LLP', hrA);
  await companyWithHr(page, 'Beta Steppe LLP', hrB);

  const a = await hrSignsIn(browser, hrA);
  await expect(a.page.getByRole('heading', { level: 1 })).toHaveText('Alpha Steppe LLP');
  await a.page.getByRole('link', { name: en.Company.nav.employees }).click();
  await a.page.getByRole('link', { name: en.Company.employees.importLink }).click();
  const im = en.Company.import;

  // One IIN with a wrong check digit, one IIN that Excel stored as an 11-digit number.
  const rows: (string | number | null)[][] = [
    ['Sarsenova', 'Aigerim', 61211600012, 'HR-01', 'Accounting'],
    ['Ivanov', 'Petr', '900101300017', 'IT-02', null],
    ['Kim', 'Olga', '900101300018', 'IT-03', 'IT'],
  ];
  await chooseRosterFile(a.page.getByLabel(im.file), await rosterXlsx(HEADER, rows));
  const problems = a.page.getByTestId('roster-problems');
  await expect(problems).toContainText('Row 4, “IIN”: The IIN has a mistake');
  await expect(a.page.getByText(en.Company.roster.note.iin_zero_restored)).toBeVisible();
  await expect(a.page.getByRole('button', { name: /Import/ })).toHaveCount(0);

  rows[2]![2] = '880415300018';
  await chooseRosterFile(a.page.getByLabel(im.file), await rosterXlsx(HEADER, rows));
  await expect(a.page.getByText(im.clean)).toBeVisible();
  await a.page.getByLabel(im.basisConfirm).check();
  await a.page.getByRole('button', { name: 'Import 3 employees' }).click();
  await expect(a.page.getByText('Done: 3 added, 0 updated.')).toBeVisible();
  await a.page.getByRole('link', { name: im.back }).click();
  await expect(a.page.getByText('3 employees')).toBeVisible();
  await expect(a.page.getByRole('rowheader', { name: 'Sarsenova Aigerim' })).toBeVisible();
  await expect(a.page.getByText('•••• •••• 0012')).toBeVisible();
  await expect(a.page.locator('body')).not.toContainText('061211600012');
  // On a phone the roster is a list of cards, each cell named: no sideways scroll.
  await expectNoSidewaysScroll(a.page);
  const listed = (await (await a.page.request.get('/api/company/employees')).json()) as { rows: { id: number; lastName: string }[] };

  // A lesson pool (issue 31): the BIN, an invoice paid, two lessons given; the invoices and lessons
  // pages show their tables as cards on a phone (no sideways scroll at 360 px), held counts by the
  // room's record only (none yet), and the closing documents.
  const origin = { origin: baseURL };
  expect((await page.request.patch(`/api/admin/companies/${alpha.id}`, { data: { bin: '990140000385' }, headers: origin })).status()).toBe(200);
  const ordered = await a.page.request.post('/api/company/invoices', { data: { lessons: 10 }, headers: origin });
  expect(ordered.status()).toBe(201);
  const { invoice } = (await ordered.json()) as { invoice: { id: number; number: string } };
  expect((await page.request.post(`/api/admin/finance/invoices/${invoice.id}/paid`, { data: { paidOn: '2026-03-15', paymentOrder: '15' }, headers: origin })).status()).toBe(200);
  const sarsenova = listed.rows.find((r) => r.lastName === 'Sarsenova')!;
  expect((await a.page.request.post('/api/company/pool/allocations', { data: { employeeId: sarsenova.id, lessons: 2 }, headers: origin })).status()).toBe(201);
  await a.page.goto('/en/company/invoices');
  await expect(a.page.getByRole('rowheader', { name: invoice.number })).toBeVisible();
  await expect(a.page.getByRole('heading', { name: en.Company.documents.title })).toBeVisible();
  await expectNoSidewaysScroll(a.page);
  await a.page.goto('/en/company/lessons');
  const poolRow = a.page.getByTestId('company-pool-employees').getByRole('row', { name: /Sarsenova Aigerim/ });
  await expect(poolRow.getByRole('cell')).toHaveText(['2', '0', '0', '0', '2', /Invite/]);
  await expectNoSidewaysScroll(a.page);

  // Company B's HR person: an empty roster, and A's employee is not found through any call.
  const b = await hrSignsIn(browser, hrB);
  await b.page.goto('/en/company/employees');
  await expect(b.page.getByText(en.Company.employees.empty)).toBeVisible();
  await expect(b.page.locator('body')).not.toContainText('Sarsenova');
  const id = listed.rows[0]!.id;
  const headers = { origin: baseURL };
  expect((await b.page.request.patch(`/api/company/employees/${id}`, { data: { positionCode: 'X' }, headers })).status()).toBe(404);
  expect((await b.page.request.delete(`/api/company/employees/${id}`, { headers })).status()).toBe(404);
  const bList = (await (await b.page.request.get('/api/company/employees?q=Sarsenova')).json()) as { total: number };
  expect(bList.total).toBe(0);
  // The HR cookie opens nothing in the back office.
  expect((await b.page.request.get('/api/admin/companies')).status()).toBe(401);
  await a.context.close();
  await b.context.close();
});
