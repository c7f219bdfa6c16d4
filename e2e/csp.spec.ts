import http from 'node:http';
import { expect, test, type Page } from '@playwright/test';
import { CONSENT_VERSION } from '../lib/consent';
import { MARKETING_PATHS, TEST_PATHS } from '../lib/site-map';
import { watchCsp } from './csp-watch';
import { LOCALES, localePath, type Locale } from './helpers';
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

/** A call from its own loopback address, so per-IP limits are not shared with other tests. */
function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; body: string; setCookies: string[] }> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: PORT,
        path,
        method,
        localAddress: `127.0.${rand(0, 255)}.${rand(2, 254)}`,
        headers: { host: `localhost:${PORT}`, ...(payload ? { 'content-type': 'application/json' } : {}) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, setCookies: res.headers['set-cookie'] ?? [] }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** Registers a student through the API and returns the session cookies for the browser. */
async function studentCookies() {
  const digits = String(rand(0, 9_999_999)).padStart(7, '0');
  const phone = `+7 707 ${digits.slice(0, 3)} ${digits.slice(3, 5)} ${digits.slice(5)}`;
  expect((await call('POST', '/api/sms/send', { phone, purpose: 'register' })).status).toBe(202);
  const outbox = await call('GET', `/api/dev/outbox?phone=${encodeURIComponent(phone)}`);
  const code = (JSON.parse(outbox.body) as { messages: { code: string | null }[] }).messages[0]?.code;
  const password = 'Qazaq2024sky';
  const res = await call('POST', '/api/auth/register/student', {
    name: 'Айгерим',
    lastname: 'Csp',
    subject: 'english',
    phone,
    code,
    password,
    confirm: password,
    consent: CONSENT_VERSION,
  });
  expect(res.status, res.body).toBe(201);
  return res.setCookies
    .map((line) => {
      const [pair, ...attrs] = line.split(';').map((x) => x.trim());
      const [name, ...rest] = pair!.split('=');
      const path = attrs.find((a) => a.toLowerCase().startsWith('path='))?.split('=')[1] ?? '/';
      return { name: name!, value: rest.join('='), domain: 'localhost', path, httpOnly: /httponly/i.test(line), secure: false, sameSite: 'Lax' as const };
    })
    .filter((c) => c.value);
}

test('a signed-in student: the cabinet and the public pages in three locales, no CSP violation', async ({ page, context }) => {
  test.setTimeout(120_000);
  await context.addCookies(await studentCookies());
  const violations = await watchCsp(page);
  for (const locale of LOCALES as readonly Locale[]) {
    await visit(page, localePath(locale, '/cabinet'));
    await expect(page.getByTestId('cabinet-name')).toHaveText('Айгерим Csp');
    for (const path of ['/', '/student', '/stud-test']) await visit(page, localePath(locale, path));
  }
  expect(violations).toEqual([]);
});

test('a signed-in admin: back-office pages (rendered per request, with a nonce) in three locales, no CSP violation', async ({ page }) => {
  test.setTimeout(120_000);
  const violations = await watchCsp(page);
  const email = `csp-${Date.now()}${rand(0, 999)}@school.kz`;
  await enrolStaff(page, await adminCreate(email, 'Csp Admin'));
  for (const locale of LOCALES as readonly Locale[]) {
    for (const path of ['/admin', '/admin/leads', '/admin/staff', '/admin/audit']) {
      await visit(page, localePath(locale, path));
      const html = await page.content();
      expect(html, `${path}: Next's scripts carry the nonce`).toMatch(/<script[^>]+nonce=/);
    }
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
