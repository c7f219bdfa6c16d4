import { expect, test } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { chooseRosterFile, companyWithHr, hrSignsIn, rosterXlsx } from './company';
import { expectNoSidewaysScroll, messages, uniquePhone } from './helpers';
import { signUp } from './sessions';
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

  // A closed group (issue 33): sales opens it for Alpha; HR issues its invoice for a seat, finance
  // marks it paid, HR adds an employee (a student account with the roster's phone), sees the
  // attendance table, and removes them after the confirmation. Money: lib/groups/corporate.db.test.ts.
  const g = en.Company.groups;
  const { tutors } = (await (await page.request.get('/api/admin/groups')).json()) as { tutors: { id: number }[] };
  const when = { startDate: `20${33 + Math.floor(Math.random() * 6)}-0${1 + Math.floor(Math.random() * 9)}-1${Math.floor(Math.random() * 9)}`, startTime: `${String(6 + Math.floor(Math.random() * 14)).padStart(2, '0')}:${['00', '15', '30', '45'][Math.floor(Math.random() * 4)]}` };
  const created = await page.request.post('/api/admin/groups', { data: { subject: 'kazakh', level: 'A2', ageBand: 'adults', tutorId: tutors[0]!.id, weekdays: [2, 4], durationMinutes: 60, lessons: 2, minSeats: 1, maxSeats: 6, pricePerLesson: 3500, companyId: alpha.id, ...when }, headers: origin });
  expect(created.status(), await created.text()).toBe(201);
  const groupId = ((await created.json()) as { group: { id: number } }).group.id;
  expect((await page.request.post(`/api/admin/groups/${groupId}/open`, { data: {}, headers: origin })).status()).toBe(200);
  const kim = listed.rows.find((r) => r.lastName === 'Kim')!;
  const { phone: kimPhone } = await signUp('student', { name: 'Olga', lastname: 'Kim', subject: 'kazakh' });
  expect((await a.page.request.patch(`/api/company/employees/${kim.id}`, { data: { phone: kimPhone }, headers: origin })).status()).toBe(200);
  await a.page.goto('/en/company/groups');
  const card = a.page.getByTestId('company-group');
  await expect(card.getByTestId('company-group-price')).toHaveText(/^A seat now: 7\s000\s₸, 2 lessons at 3\s500\s₸\.$/);
  await card.getByLabel(g.invoiceSeats.replace('{max}', '6')).fill('1');
  await card.getByRole('button', { name: g.invoiceOrder }).click();
  await expect(card.getByText(/^Invoice TLM-\d{4}-\d{6} is issued/)).toBeVisible();
  const groupInvoice = ((await (await a.page.request.get('/api/company/invoices')).json()) as { rows: { id: number; groupId: number | null }[] }).rows.find((r) => r.groupId === groupId)!;
  expect((await page.request.post(`/api/admin/finance/invoices/${groupInvoice.id}/paid`, { data: { paidOn: '2026-03-16', paymentOrder: '16' }, headers: origin })).status()).toBe(200);
  await a.page.reload();
  await expect(a.page.getByTestId('company-group-money')).toContainText(/Free balance for new seats: 7\s000\s₸/);
  await card.getByRole('combobox', { name: new RegExp(g.enrolTitle) }).selectOption({ label: 'Kim Olga' });
  await card.getByRole('button', { name: g.enrol }).click();
  await expect(card.getByText(g.enrolled)).toBeVisible();
  const kimRow = card.getByTestId('company-group-attendance').getByRole('row', { name: /Kim Olga/ });
  await expect(kimRow.getByRole('cell')).toHaveText(['0', '0', '0', g.inGroup, /Remove/]);
  await kimRow.getByRole('button', { name: g.unenrolLabel.replace('{name}', 'Kim Olga') }).click();
  await expect(kimRow.getByText(g.unenrolText.replace('{name}', 'Kim Olga'))).toBeVisible();
  await kimRow.getByRole('button', { name: g.unenrolConfirm }).click();
  await expect(kimRow.getByText(g.unenrolled)).toBeVisible();
  await expect(kimRow.getByRole('cell').nth(3)).toHaveText(g.removed);
  await expect(a.page.getByTestId('company-group-money')).toContainText(/Free balance for new seats: 7\s000\s₸/);
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
  // Nor A's group: B's portal lists none, and B can neither remove A's employee from it nor invoice it.
  await b.page.goto('/en/company/groups');
  await expect(b.page.getByTestId('company-groups-empty')).toBeVisible();
  expect((await b.page.request.post(`/api/company/groups/${groupId}/unenrol`, { data: { employeeId: kim.id }, headers })).status()).toBe(404);
  expect((await b.page.request.post(`/api/company/groups/${groupId}/invoice`, { data: { seats: 1 }, headers })).status()).toBe(404);
  // The HR cookie opens nothing in the back office.
  expect((await b.page.request.get('/api/admin/companies')).status()).toBe(401);
  await a.context.close();
  await b.context.close();
});
