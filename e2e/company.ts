import ExcelJS from 'exceljs';
import { expect, type Browser, type Download, type Locator, type Page } from '@playwright/test';
import { watchCsp } from './csp-watch';
import { asVisitor, messages, readMails } from './helpers';

// The corporate portal's e2e helpers (issue 13): a company and its HR person made in the back office,
// the HR person's first sign-in by the mailed link and the SMS code, roster files and downloads.

const en = messages.en;
export const HR_PASSWORD = 'Steppe-Hr-2026';

export interface Hr {
  name: string;
  email: string;
  phone: string;
}

/** An XLSX roster: a header row, then the rows. */
export async function rosterXlsx(header: string[], rows: (string | number | null)[][]) {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Staff');
  sheet.addRow(header);
  for (const r of rows) sheet.addRow(r);
  return { name: 'staff.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: Buffer.from(await wb.xlsx.writeBuffer()) };
}

/**
 * Chooses a roster file on the import page, once the page can take it. The file input is disabled
 * until React has hydrated (components/company/use-hydrated.ts), so a person cannot pick a file
 * before its change handler exists; Playwright's setInputFiles does not wait for that: it sets the
 * files and fires `change` on a disabled input too, and a change fired before hydration is lost —
 * the preview never comes (a CI run: `Row 4, "IIN"` not found in 10 s, passed on the retry; here with
 * the page's scripts held back 3 s it fails every time). The page is reached through a full load
 * whenever a link is clicked before the page before it hydrated (the sign-in ends with one).
 */
export async function chooseRosterFile(input: Locator, file: Awaited<ReturnType<typeof rosterXlsx>>) {
  await expect(input).toBeEnabled();
  await input.setInputFiles(file);
}

/** The admin pages make a company (slug `<slugPrefix>-<digits>`) and give an HR person access. */
export async function companyWithHr(page: Page, name: string, hr: Hr, slugPrefix = 'co') {
  const c = en.Admin.companies;
  const slug = `${slugPrefix}-${Date.now() % 1_000_000}${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}`;
  await page.goto('/en/admin/companies/new');
  await page.getByLabel(c.name, { exact: true }).fill(name);
  await page.getByLabel(c.slug).fill(slug);
  await page.getByRole('button', { name: c.create }).click();
  await expect(page).toHaveURL(/\/en\/admin\/companies\/\d+$/);
  const id = Number(/(\d+)$/.exec(page.url())![1]);
  await page.getByLabel(c.hr.name).fill(hr.name);
  await page.getByLabel(c.hr.email, { exact: true }).fill(hr.email);
  await page.getByLabel(c.hr.phone).fill(hr.phone);
  await page.getByRole('button', { name: c.hr.add }).click();
  await expect(page.getByText(c.hr.added)).toBeVisible();
  await expect(page.getByRole('cell', { name: hr.email })).toBeVisible();
  return { id, slug };
}

/**
 * The HR person in a fresh English browser: the mailed link, a password, then (first sign-in) the
 * SMS code sent to the phone on record. `csp` collects the pages' CSP violations (keep it empty).
 */
export async function hrSignsIn(browser: Browser, hr: Hr) {
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  const csp = await watchCsp(page);
  await asVisitor(page, ['**/api/company/auth/login']);
  const mails = await readMails(hr.email, { containing: 'set-password' });
  const link = /https?:\/\/\S+\/set-password#[\w-]+/.exec(mails.at(-1) ?? '')?.[0];
  expect(link, 'the set-password link was mailed').toBeTruthy();
  const url = new URL(link!);
  await page.goto(`/en${url.pathname.replace(/^\/(kk|en)/, '')}${url.hash}`);
  const s = en.Company.setPassword;
  await page.getByLabel(s.password).fill(HR_PASSWORD);
  await page.getByLabel(s.confirm).fill(HR_PASSWORD);
  await page.getByRole('button', { name: s.submit }).click();
  // The link alone opens no session: the first sign-in asks for the code sent to the phone on record.
  await expect(page.getByText(s.saved)).toBeVisible();
  const m = en.Company.signIn;
  await expect(page.getByLabel(m.code)).toBeFocused();
  const { messages: sms } = (await (await page.request.get(`/api/dev/outbox?phone=${encodeURIComponent(hr.phone)}`)).json()) as { messages: { code: string | null }[] };
  await page.getByLabel(m.code).fill(sms[0]!.code!);
  await page.getByRole('button', { name: m.submit }).click();
  await expect(page).toHaveURL(/\/en\/company$/);
  return { context, page, csp };
}

/** A download's bytes. */
export async function bytes(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of await download.createReadStream()) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}
