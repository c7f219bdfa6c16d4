import { expect, test, type Page } from '@playwright/test';
import { MARKETING_PATHS, TEST_PATHS } from '../lib/site-map';
import { watchCsp } from './csp-watch';
import { LOCALES, localePath, type Locale, localeTest } from './helpers';
import { studentCookies, tutorCookies } from './sessions';
import { adminCreate, enrolStaff } from './staff';

// Content-Security-Policy without 'unsafe-inline' (lib/server/csp.mjs): prerendered pages carry the
// hashes of their inline scripts, pages rendered per request a nonce. A browser is the judge: any
// `securitypolicyviolation` event or CSP console error on any page, signed out or in, fails.

const PORT = Number(process.env.E2E_PORT ?? 3100);
// The cookie calls (refresh) accept only the server's own origin as `next start` sees it.
test.use({ baseURL: `http://localhost:${PORT}` });

const PUBLIC_PATHS = [
  ...MARKETING_PATHS,
  ...TEST_PATHS,
  '/sign-in',
  '/sign-up',
  '/stud-sign-in',
  '/stud-sign-up',
  '/stud-simple-reg',
  '/teach-sign-up',
  '/reset-password',
  '/no-such-page/at-all',
];

/** Opens `path`, waits for the page to settle (lazy chunks, idle-time scripts) and checks it was protected. */
async function visit(page: Page, path: string) {
  const res = await page.goto(path, { waitUntil: 'networkidle' });
  const csp = res?.headers()['content-security-policy'] ?? '';
  expect(csp, `${path} has a policy`).toMatch(/script-src /);
  expect(csp, `${path}: no unsafe-inline for scripts`).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  // One more tick: violations are reported asynchronously.
  await page.waitForTimeout(100);
}

for (const locale of LOCALES) {
  const test = localeTest(locale);
  test(`${locale}: every public page, signed out, runs without a CSP violation`, async ({ page }) => {
    test.setTimeout(120_000);
    const violations = await watchCsp(page);
    for (const path of PUBLIC_PATHS) await visit(page, localePath(locale, path));
    // A client-side navigation too (RSC payloads, chunks loaded later): from the home page via a link.
    await page.goto(localePath(locale, '/'), { waitUntil: 'networkidle' });
    await page.locator(`a[href="${localePath(locale, '/stud-faq')}"]`).first().click();
    await page.waitForURL((u) => u.pathname === localePath(locale, '/stud-faq'));
    await page.waitForLoadState('networkidle');
    expect(violations).toEqual([]);
  });
}

const rand = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));

/** The tutor catalogue, a (seeded demo) tutor's profile and its booking page, in `locale`. */
async function visitMarketplace(page: Page, locale: Locale) {
  await visit(page, localePath(locale, '/tutors'));
  const href = await page.locator(`a[href^="${localePath(locale, '/tutors/')}"]`).first().getAttribute('href');
  expect(href, 'the catalogue lists a tutor').toBeTruthy();
  await visit(page, href!);
  const tutorId = /-(\d+)$/.exec(href!)?.[1];
  expect(tutorId, `a tutor id at the end of ${href}`).toBeTruthy();
  await visit(page, localePath(locale, `/book/${tutorId}`));
}

for (const locale of LOCALES) {
  const test = localeTest(locale);
  test(`${locale}: the tutor catalogue, a profile, its booking page and the company sign-in, signed out, without a CSP violation`, async ({ page }) => {
    test.setTimeout(120_000);
    const violations = await watchCsp(page);
    await visitMarketplace(page, locale);
    await visit(page, localePath(locale, '/company/sign-in'));
    expect(violations).toEqual([]);
  });
}

// Signed in, the cabinet in all three languages; the other pages (each seen signed out in all three
// above) once each, the language turning with the page, as for the back office below.
test('a signed-in student: the cabinet in three locales and the public pages, no CSP violation', async ({ page, context }) => {
  test.setTimeout(120_000);
  await context.addCookies(await studentCookies());
  const violations = await watchCsp(page);
  for (const locale of LOCALES as readonly Locale[]) {
    await visit(page, localePath(locale, '/cabinet'));
    await expect(page.getByTestId('cabinet-name')).toHaveText('Айгерим Csp');
  }
  const paths = ['/', '/student', '/stud-test', '/cabinet/profile'];
  for (const [i, path] of paths.entries()) await visit(page, localePath(LOCALES[i % LOCALES.length]!, path));
  await visitMarketplace(page, 'kk');
  expect(violations).toEqual([]);
});

test('a signed-in tutor: the cabinet (lessons, schedule) and the profile editor in three locales, no CSP violation', async ({ page, context }) => {
  test.setTimeout(120_000);
  await context.addCookies(await tutorCookies());
  const violations = await watchCsp(page);
  for (const locale of LOCALES as readonly Locale[]) {
    await visit(page, localePath(locale, '/cabinet'));
    await expect(page.getByTestId('cabinet-name')).toHaveText('Гүлнар Csp');
    await visit(page, localePath(locale, '/cabinet/profile'));
  }
  expect(violations).toEqual([]);
});

// Pages rendered per request carry a nonce, not hashes: the language changes no script's protection,
// so each back-office page is seen in one language (hashed from its path) and the dashboard in all three.
test('a signed-in admin: back-office pages (rendered per request, with a nonce), no CSP violation', async ({ page }) => {
  test.setTimeout(120_000);
  const violations = await watchCsp(page);
  const email = `csp-${Date.now()}${rand(0, 999)}@school.kz`;
  await enrolStaff(page, await adminCreate(email, 'Csp Admin'));
  const paths = ['/admin', '/admin/leads', '/admin/staff', '/admin/audit', '/admin/profiles', '/admin/trials', '/admin/tests', '/admin/accounts'];
  const visits = [...paths.map((path, i) => [LOCALES[i % LOCALES.length]!, path] as const), ...LOCALES.map((locale) => [locale, '/admin'] as const)];
  for (const [locale, path] of visits) {
    await visit(page, localePath(locale, path));
    const html = await page.content();
    expect(html, `${locale}${path}: Next's scripts carry the nonce`).toMatch(/<script[^>]+nonce=/);
  }
  expect(violations).toEqual([]);
});

test('a violation report is accepted (204) and a prerendered page is still served from the cache', async ({ request }) => {
  const report = await request.post('/api/csp-report', {
    headers: { 'content-type': 'application/csp-report' },
    data: JSON.stringify({ 'csp-report': { 'document-uri': 'http://x/', 'effective-directive': 'script-src-elem', 'blocked-uri': 'inline' } }),
  });
  expect(report.status()).toBe(204);
  const home = await request.get('/');
  expect(home.headers()['cache-control']).toMatch(/s-maxage/);
  expect(await home.text()).not.toMatch(/nonce=/);
  expect(home.headers()['content-security-policy']).toMatch(/'sha256-/);
});
