import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { localePath, messages, type Locale } from './helpers';

const run = promisify(execFile);
export const STAFF_PASSWORD = 'Office-Passw0rd';

/** `npm run admin:create` against the e2e server's data folder (the command talks to the running server). */
export async function adminCreate(email: string, name: string): Promise<string> {
  const { stdout } = await run('node', ['--conditions=react-server', '--import', 'tsx', 'scripts/admin/create.ts', '--email', email, '--name', name], {
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR!, NODE_ENV: 'production' },
  });
  const link = /https?:\/\/\S+#[\w-]+/.exec(stdout)?.[0];
  if (!link) throw new Error(`admin:create printed no link: ${stdout}`);
  return link;
}

/** The TOTP code an authenticator app shows now (or at `at`). */
export const totp = (secret: string, at = Date.now()) => generate({ secret, epoch: Math.floor(at / 1000) });

/**
 * Opens an enrolment link (its path only: the printed host may differ from the test server), reads
 * the key shown under the QR code, sets the password and the first code. Returns the secret, the
 * recovery codes and the time step used (a sign-in in the same 30 s step would be a replay).
 */
export async function enrolStaff(page: Page, link: string, locale: Locale = 'ru') {
  const url = new URL(link);
  await page.goto(`${url.pathname}${url.hash}`);
  const secret = (await page.getByTestId('totp-secret').innerText()).trim();
  const m = messages[locale].Admin.enrol;
  await page.getByLabel(m.password, { exact: true }).fill(STAFF_PASSWORD);
  await page.getByLabel(m.confirm, { exact: true }).fill(STAFF_PASSWORD);
  await page.getByLabel(m.step3, { exact: true }).fill(await totp(secret));
  await page.getByRole('button', { name: m.submit }).click();
  // The codes come with the server's answer: wait for them before reading.
  await expect(page.getByTestId('recovery-codes').locator('li')).toHaveCount(10);
  const codes = await page.getByTestId('recovery-codes').locator('li').allInnerTexts();
  return { secret, recoveryCodes: codes, usedStep: Math.floor(Date.now() / 30_000) };
}

/** Waits for a TOTP step later than `afterStep` (a code is accepted once per step) and returns its code. */
export async function freshCode(secret: string, afterStep: number): Promise<{ code: string; step: number }> {
  for (;;) {
    const step = Math.floor(Date.now() / 30_000);
    if (step > afterStep) return { code: await totp(secret), step };
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** Signs in on /admin/sign-in with password and TOTP; returns the step used. */
export async function staffSignIn(page: Page, opts: { email: string; secret: string; afterStep?: number; locale?: Locale; next?: string }) {
  const locale = opts.locale ?? 'ru';
  const m = messages[locale].Admin.signIn;
  await page.goto(localePath(locale, '/admin/sign-in') + (opts.next ? `?next=${encodeURIComponent(opts.next)}` : ''));
  await page.getByLabel(m.email).fill(opts.email);
  await page.getByLabel(m.password).fill(STAFF_PASSWORD);
  const { code, step } = await freshCode(opts.secret, opts.afterStep ?? 0);
  await page.getByLabel(m.code).fill(code);
  await page.getByRole('button', { name: m.submit }).click();
  await page.waitForURL((u) => !u.pathname.endsWith('/sign-in'));
  return step;
}

/** Invites a member from /admin/staff as a signed-in admin and returns the link read from the e-mail. */
export async function inviteStaff(page: Page, readLink: (email: string) => Promise<string>, opts: { email: string; name: string; scopes: ('admin' | 'sales' | 'reviewer' | 'export' | 'finance' | 'methodologist')[] }) {
  const m = messages.ru.Admin.staff;
  const scopeNames = messages.ru.Admin.scopes;
  await page.goto('/admin/staff');
  // The invitation form (named by its heading): the list below has rights of its own.
  const form = page.getByRole('form', { name: m.invite });
  await form.getByLabel(m.name, { exact: true }).fill(opts.name);
  await form.getByLabel(m.email, { exact: true }).fill(opts.email);
  for (const s of opts.scopes) await form.getByRole('checkbox', { name: scopeNames[s], exact: true }).check();
  await form.getByRole('button', { name: m.send }).click();
  await expect(page.getByRole('status').filter({ hasText: opts.email })).toBeVisible();
  await expect(page.getByTestId(`staff-${opts.email}`)).toBeVisible();
  return readLink(opts.email);
}
