import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { expect, request as playwrightRequest, test } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { CONSENT_VERSION } from '../lib/consent';
import { bytes, companyWithHr, hrSignsIn } from './company';
import { messages, uniquePhone } from './helpers';
import { confirmedTestPhone } from './sessions';
import { adminCreate, enrolStaff } from './staff';

// Issue 13, Results: an employee on company A's roster takes the Kazakh test through the company's
// link (the real calls of the test page); A's HR person sees the employee finished with the level
// and the certificate, downloads the XLSX and the certificates' ZIP (both parsed here); B's HR person
// sees none of it.

const en = messages.en;
const r = en.Company.results;

let serial = Math.floor(Math.random() * 90_000) + 10_000;
function freshIin(): string {
  for (;;) {
    const first11 = `950505${String(serial++).padStart(5, '0').slice(-5)}`;
    const d = [...first11].map(Number);
    let s = d.reduce((sum, x, i) => sum + (i + 1) * x, 0) % 11;
    if (s === 10) s = d.reduce((sum, x, i) => sum + [3, 4, 5, 6, 7, 8, 9, 10, 11, 1, 2][i]! * x, 0) % 11;
    if (s !== 10) return first11 + s;
  }
}

test('an employee takes the Kazakh test through the company link; HR sees the level and certificate, downloads the XLSX and the ZIP; another company sees nothing', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const stamp = Date.now();
  await enrolStaff(page, await adminCreate(`admin-results-${stamp}@school.kz`, 'Айгерим Садыкова'));
  const hrA = { name: 'Dinara Akhmetova', email: `hr-ra-${stamp}@alpha.kz`, phone: uniquePhone() };
  const hrB = { name: 'Bolat Serikov', email: `hr-rb-${stamp}@beta.kz`, phone: uniquePhone() };
  const { slug: slugA } = await companyWithHr(page, 'Results Alpha LLP', hrA, 'res');
  await companyWithHr(page, 'Results Beta LLP', hrB, 'res');

  const a = await hrSignsIn(browser, hrA);
  const headers = { origin: baseURL };
  const done = { lastName: 'Сәрсенова', firstName: 'Әйгерім', iin: freshIin() };
  const waiting = { lastName: 'Ivanov', firstName: 'Petr', iin: freshIin() };
  for (const [p, dept] of [[done, 'Accounting'], [waiting, 'IT']] as const) {
    const res = await a.page.request.post('/api/company/employees', { data: { ...p, positionCode: 'HR-01', department: dept }, headers });
    expect(res.status()).toBe(201);
  }

  // The employee, on another device: the Kazakh test through the company's link, answered and finished.
  const employee = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL!, 'accept-language': 'kk' } });
  const started = await employee.post('/api/tests/kazakh', { data: { ...done, workerCode: 'HR-01', consent: CONSENT_VERSION, company: slugA, ...(await confirmedTestPhone()) } });
  expect(started.status()).toBe(201);
  const { token, test: sitting } = (await started.json()) as { token: string; test: { items: { id: string }[] } };
  const finished = await employee.post('/api/tests/attempt/finish', { data: { answers: Object.fromEntries(sitting.items.map((i) => [i.id, 0])) }, headers: { 'x-test-token': token } });
  expect(finished.status()).toBe(200);
  const { test: result } = (await finished.json()) as { test: { result: { level: string }; certificate: { number: string } } };
  const number = result.certificate.number;
  const level = result.result.level === 'A0' ? r.belowA1 : result.result.level;
  await employee.dispose();

  // HR: the results page, from the portal's menu.
  await a.page.goto('/en/company');
  await a.page.getByRole('link', { name: en.Company.nav.results, exact: true }).click();
  await expect(a.page).toHaveURL(/\/en\/company\/results$/);
  await expect(a.page.getByRole('heading', { level: 1 })).toHaveText(r.title);
  const row = a.page.getByRole('row').filter({ has: a.page.getByRole('rowheader', { name: 'Сәрсенова Әйгерім' }) });
  await expect(row).toContainText(r.status.finished);
  await expect(row).toContainText(level);
  await expect(row).toContainText(number);
  await expect(row.getByRole('link', { name: r.pdf })).toHaveAttribute('href', `/api/company/results/certificates/${number}`);
  await expect(row.getByRole('link', { name: r.verifyLink })).toHaveAttribute('href', `/certificate/${number}`);
  await expect(a.page.getByRole('row').filter({ has: a.page.getByRole('rowheader', { name: 'Ivanov Petr' }) })).toContainText(r.status.not_started);
  await expect(a.page.locator('main')).not.toContainText(done.iin);
  await expect(a.page.getByTestId('results-counts')).toContainText(`${r.summary.finished}1`);
  await expect(a.page.getByTestId('level-chart')).toBeVisible();

  // At 360 px the page does not scroll sideways: the wide table scrolls inside its own region.
  await a.page.setViewportSize({ width: 360, height: 740 });
  await expect(a.page.getByRole('heading', { level: 1 })).toBeVisible();
  // The chart (recharts' ResponsiveContainer) takes its new width when its ResizeObserver fires, a
  // frame or two after the resize: wait for the layout to settle, not for a fixed time.
  await expect.poll(() => a.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await a.page.setViewportSize({ width: 1280, height: 800 });

  // The certificate's PDF from the row.
  const pdf = await a.page.request.get(`/api/company/results/certificates/${number}`);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

  // XLSX: masked IINs, the level and the certificate.
  const [xlsxDownload] = await Promise.all([a.page.waitForEvent('download'), a.page.getByRole('link', { name: r.exports.xlsx }).click()]);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await bytes(xlsxDownload)) as unknown as ArrayBuffer);
  const sheetRows: string[][] = [];
  book.worksheets[0]!.eachRow((x) => sheetRows.push((x.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
  expect(sheetRows[0]!.slice(0, 3)).toEqual(['Last name', 'First name', 'IIN']);
  const mine = sheetRows.find((x) => x[0] === done.lastName)!;
  expect(mine[2]).toBe(`•••• •••• ${done.iin.slice(-4)}`);
  expect(mine[5]).toBe(r.status.finished);
  expect(mine[6]).toBe(level);
  expect(mine[8]).toBe(number);
  expect(JSON.stringify(sheetRows)).not.toContain(done.iin);

  // ZIP: one PDF named by the last name and the certificate number.
  const [zipDownload] = await Promise.all([a.page.waitForEvent('download'), a.page.getByRole('link', { name: r.exports.zip }).click()]);
  const zip = await JSZip.loadAsync(await bytes(zipDownload));
  expect(Object.keys(zip.files)).toEqual([`Сәрсенова_${number}.pdf`]);

  // Company B: an empty roster, and A's certificate is not found.
  const b = await hrSignsIn(browser, hrB);
  await b.page.goto('/en/company/results');
  await expect(b.page.getByText(r.emptyRoster)).toBeVisible();
  await expect(b.page.getByRole('link', { name: r.importLink })).toBeVisible();
  await expect(b.page.locator('body')).not.toContainText('Сәрсенова');
  expect((await b.page.request.get(`/api/company/results/certificates/${number}`)).status()).toBe(404);
  const bZip = await JSZip.loadAsync(await (await b.page.request.get('/api/company/results/certificates')).body());
  expect(Object.keys(bZip.files)).toEqual([]);
  await a.context.close();
  await b.context.close();
});
