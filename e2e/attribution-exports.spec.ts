import AxeBuilder from '@axe-core/playwright';
import ExcelJS from 'exceljs';
import { expect, test, type Page } from '@playwright/test';
import { asVisitor, messages, uniquePhone } from './helpers';
import { adminCreate, enrolStaff } from './staff';

const NAME = 'Әйгерім Құрманғалиқызы';

/** A visitor who first came from Google and returned through Instagram leaves a lead on /student. */
async function leadWithUtm(page: Page, campaign: string) {
  await asVisitor(page, ['**/api/leads']); // leads are limited per address
  await page.goto(`/student?utm_source=google&utm_medium=cpc&utm_campaign=${campaign}_first`);
  await page.goto(`/student?utm_source=instagram&utm_medium=social&utm_campaign=${campaign}`);
  const m = messages.ru.LeadForm;
  await page.locator('#feedback').scrollIntoViewIfNeeded();
  const form = page.locator('#feedback form');
  await form.getByLabel(m.name).fill(NAME);
  await form.getByLabel(m.phone).fill(uniquePhone());
  await form.getByRole('button', { name: m.submit }).click();
  await expect(form.getByRole('status')).toContainText(m.success);
}

test('attribution by first and last touch, sortable, in three languages; the filtered exports parse back', async ({ page }) => {
  test.setTimeout(120_000);
  const campaign = `e2e_${Date.now().toString(36)}`;
  await leadWithUtm(page, campaign);
  await enrolStaff(page, await adminCreate(`attr-${campaign}@school.kz`, 'Асқар Әкімов'));

  const m = messages.ru.Admin.attribution;
  await page.goto('/admin/attribution?touch=last&by=campaign');
  await expect(page.getByRole('heading', { level: 1, name: m.title })).toBeVisible();
  const table = page.getByRole('table');
  await expect(table.getByRole('rowheader', { name: campaign, exact: true })).toBeVisible();
  await expect(table.getByRole('rowheader', { name: `${campaign}_first` })).toHaveCount(0);
  await expect(page.getByRole('group', { name: m.touch }).getByRole('link', { name: m.touchLast })).toHaveAttribute('aria-current', 'true');
  // The chart arrives in its own chunk, after the table.
  await expect(page.locator('figure svg.recharts-surface').first()).toBeVisible();

  await page.getByRole('group', { name: m.touch }).getByRole('link', { name: m.touchFirst }).click();
  await expect(page).toHaveURL(/touch=first/);
  await expect(table.getByRole('rowheader', { name: `${campaign}_first` })).toBeVisible();
  await expect(table.getByRole('rowheader', { name: campaign, exact: true })).toHaveCount(0);

  await table.getByRole('link', { name: m.columns.won }).click();
  await expect(page).toHaveURL(/sort=won&dir=desc/);
  await expect(table.getByRole('columnheader', { name: m.columns.won })).toHaveAttribute('aria-sort', 'descending');
  await table.getByRole('link', { name: m.columns.won }).click();
  await expect(table.getByRole('columnheader', { name: m.columns.won })).toHaveAttribute('aria-sort', 'ascending');

  // A fresh load (the client navigations above leave the site's progress bar in the DOM).
  await page.reload();
  await expect(page.locator('figure svg.recharts-surface').first()).toBeVisible();
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const bad = axe.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`.replace(/\s+/g, ' ')).slice(0, 3).join(' | ')}`);
  expect(bad).toEqual([]);

  // A phone: the page does not widen, the table scrolls inside its own box.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.reload();
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.setViewportSize({ width: 1280, height: 800 });

  for (const locale of ['kk', 'en'] as const) {
    await page.goto(`/${locale}/admin/attribution?by=campaign`);
    await expect(page.getByRole('heading', { level: 1, name: messages[locale].Admin.attribution.title })).toBeVisible();
    await expect(page.getByRole('table').getByRole('rowheader', { name: campaign, exact: true })).toBeVisible();
  }

  // The exports of the list filtered to this campaign, with the signed-in staff member's cookie.
  const csv = await page.request.get(`/api/admin/leads/export.csv?touch=last&utm_campaign=${campaign}&lang=kk`);
  expect(csv.status()).toBe(200);
  expect(csv.headers()['content-disposition']).toMatch(/filename="leads-\d{4}-\d{2}-\d{2}\.csv"/);
  const bytes = await csv.body();
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const [header, row] = bytes.subarray(3).toString('utf8').split('\r\n').map((l) => l.split(';'));
  const col = (label: string) => header!.indexOf(label);
  expect(row![col(messages.kk.Admin.exports.columns.name)]).toBe(NAME);
  expect(row![col('utm_campaign (соңғы келу)')]).toBe(campaign);
  expect(row![col('utm_campaign (алғашқы келу)')]).toBe(`${campaign}_first`);
  expect(row![col('utm_source (алғашқы келу)')]).toBe('google');

  const xlsx = await page.request.get(`/api/admin/leads/export.xlsx?touch=first&utm_source=google&utm_campaign=${campaign}_first`);
  expect(xlsx.status()).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await xlsx.body()) as unknown as ExcelJS.Buffer);
  const sheet = book.worksheets[0]!;
  const labels = (sheet.getRow(1).values as unknown[]).slice(1);
  expect(sheet.rowCount).toBe(2);
  expect(sheet.getRow(2).getCell(labels.indexOf(messages.ru.Admin.exports.columns.name) + 1).value).toBe(NAME);
  expect(sheet.getRow(2).getCell(labels.indexOf('utm_source (последнее касание)') + 1).value).toBe('instagram');

  const audit = await page.request.get('/api/admin/audit?action=lead.export');
  expect(((await audit.json()) as { total: number }).total).toBeGreaterThanOrEqual(2);
});
