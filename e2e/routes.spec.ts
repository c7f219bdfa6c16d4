import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import nextPkg from 'next/package.json';
import { MARKETING_PATHS } from '../lib/site-map';
import { catalogueStrings, h1Text, LOCALES, localePath, messages, localeTest } from './helpers';

for (const locale of LOCALES) {
  const test = localeTest(locale);
  test.describe(`routes in ${locale}`, () => {
    for (const path of MARKETING_PATHS) {
      test(`${localePath(locale, path)} answers with its translated h1`, async ({ page }) => {
        const res = await page.goto(localePath(locale, path));
        expect(res?.status()).toBe(200);
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
        expect(await page.locator('h1').count()).toBe(1);
        const h1 = await h1Text(page);
        // The heading comes from this locale's catalogue (ICU placeholders aside) and not another's.
        expect(catalogueStrings[locale].has(h1), `h1 "${h1}" is a ${locale} string`).toBe(true);
        for (const other of LOCALES.filter((l) => l !== locale)) expect(catalogueStrings[other].has(h1)).toBe(false);
        // Translated title and description, canonical and hreflang alternates.
        await expect(page).toHaveTitle(/Tilmen/);
        const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
        expect(new URL(canonical!).pathname).toBe(localePath(locale, path));
        for (const lang of [...LOCALES, 'x-default']) {
          await expect(page.locator(`link[rel="alternate"][hreflang="${lang}"]`)).toHaveCount(1);
        }
        expect(await page.locator('meta[name="description"]').getAttribute('content')).toBeTruthy();
      });
    }

    test('marketing pages hydrate without errors (server and browser render the same text)', async ({ page }) => {
      // e.g. prices formatted with Intl differed between Node and Chromium for kk (React error #418).
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`));
      for (const path of MARKETING_PATHS) {
        await page.goto(localePath(locale, path), { waitUntil: 'networkidle' });
      }
      expect(errors).toEqual([]);
    });

    test('an unknown path is the 404 page with the link home', async ({ page }) => {
      const res = await page.goto(localePath(locale, '/no-such-page/at-all'));
      expect(res?.status()).toBe(404);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(messages[locale].NotFound.title);
      await page.getByRole('link', { name: messages[locale].NotFound.home }).click();
      await expect(page).toHaveURL(new RegExp(`${localePath(locale, '/').replace(/\/$/, '')}/?$`));
      await expect(page.locator('h1')).toBeVisible();
    });

    test('an unknown path is the whole 404 page in the server HTML', async ({ request }) => {
      for (const path of ['/no-such-page', '/x/y']) {
        const res = await request.get(localePath(locale, path), { headers: { 'accept-language': 'ru-RU,ru;q=0.9' } });
        expect(res.status(), path).toBe(404);
        const html = await res.text();
        // The page itself, not Next's empty error shell that is filled in by the browser.
        expect(html).not.toContain('__next_error__');
        expect(html).toMatch(new RegExp(`<html[^>]*\\blang="${locale}"`));
        expect(html).toMatch(new RegExp(`<h1[^>]*>${escapeHtml(messages[locale].NotFound.title)}</h1>`));
        expect(html).toMatch(new RegExp(`<a[^>]*href="${locale === 'ru' ? '/' : `/${locale}`}"[^>]*>${escapeHtml(messages[locale].NotFound.home)}</a>`));
        expect(html).toContain('<meta name="robots" content="noindex"/>');
      }
    });
  });
}

/** A catalogue string as React escapes it in HTML, then escaped for a RegExp. */
function escapeHtml(s: string): string {
  return s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;')
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

test('/test3 redirects permanently to /stud-test', async ({ request }) => {
  const res = await request.get('/test3', { maxRedirects: 0 });
  expect(res.status()).toBe(308);
  expect(res.headers()['location']).toBe('/stud-test');
  const kk = await request.get('/kk/test3', { maxRedirects: 0 });
  expect(kk.headers()['location']).toBe('/kk/stud-test');
});

test('the first visit follows Accept-Language', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'kk-KZ', extraHTTPHeaders: { 'Accept-Language': 'kk-KZ,kk;q=0.9' } });
  const page = await context.newPage();
  await page.goto('/student');
  await expect(page).toHaveURL(/\/kk\/student$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'kk');
  await context.close();
});

test('sitemap, robots and security headers', async ({ request }) => {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  expect(sitemap).toContain('/kk/stud-faq');
  expect(sitemap).toContain('hreflang="en"');
  expect(await (await request.get('/robots.txt')).text()).toContain('Sitemap:');
  const res = await request.get('/');
  const h = res.headers();
  expect(h['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(h['content-security-policy']).toContain("object-src 'none'");
  expect(h['x-content-type-options']).toBe('nosniff');
  expect(h['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(h['strict-transport-security']).toContain('max-age=31536000');
});

test('every script a page loads is marked for eager background compilation', async ({ request }) => {
  // scripts/compile-hints.mjs (part of npm run build): without the mark, Chrome compiles React on
  // the main thread during hydration, the largest block of a cheap phone's work on every page.
  const html = await (await request.get('/student')).text();
  const scripts = [...html.matchAll(/<script src="(\/_next\/static\/chunks\/[^"]+\.js)"/g)].map((m) => m[1]!);
  expect(scripts.length).toBeGreaterThan(3);
  for (const src of scripts) {
    expect((await (await request.get(src)).text()).startsWith('//# allFunctionsCalledOnLoad\n'), src).toBe(true);
  }
});

test('no public page loads the lesson room\'s, the checkout\'s or self-study\'s code: every page of the sitemap, each of its scripts read once', async ({ request }) => {
  // The room (WebRTC, the board, pdf.js) and the bank page's loader come only with /lesson/* and
  // /checkout (issue 23: "public pages' JS does not grow by a byte"); self-study, its exercises and the
  // word trainer only with /cabinet/study and /cabinet/words, chat help only with /cabinet/chat (issue 34). A static import from a public
  // page would put them in its first scripts.
  const urls = [...(await (await request.get('/sitemap.xml')).text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  expect(urls.length).toBeGreaterThan(30);
  // The group pages' island asks /api/cabinet/groups/seats; the cabinet's "My groups" ("/api/cabinet/groups") stays the cabinet's.
  const markers = ['RTCPeerConnection', 'iceTransportPolicy', 'excalidraw', 'GlobalWorkerOptions', 'payment library failed to load', 'audio/webm;codecs=opus', '/api/cabinet/trainer/reviews', '/api/cabinet/study/recordings', '/api/chat-help/questions/', '"/api/cabinet/groups"'];
  const seen = new Map<string, string[]>();
  for (const path of urls) {
    const html = await (await request.get(path)).text();
    for (const [, src] of html.matchAll(/<script src="(\/_next\/static\/chunks\/[^"]+\.js)"/g)) {
      if (!seen.has(src!)) {
        const text = await (await request.get(src!)).text();
        seen.set(src!, markers.filter((m) => text.includes(m)));
      }
      expect(seen.get(src!), `${path}: ${src}`).toEqual([]);
    }
  }
  expect(seen.size).toBeGreaterThan(5);
  // The markers are real: each is in the build's own chunks (the room's, the checkout's and self-study's, loaded on their pages).
  const dir = path.join(process.env.NEXT_DIST_DIR || '.next', 'static/chunks');
  const built = fs.readdirSync(dir, { recursive: true }).filter((f) => String(f).endsWith('.js')).map((f) => fs.readFileSync(path.join(dir, String(f)), 'utf8'));
  for (const m of markers) expect(built.some((text) => text.includes(m)), m).toBe(true);
});

test('the framework does not announce itself: no x-powered-by, x-middleware-*, x-nextjs-* headers, no Next version in chunks', async ({ request }) => {
  // server.mjs (lib/server/http-server.mjs) strips the headers; scripts/compile-hints.mjs blanks the version.
  const { version } = nextPkg;
  for (const path of ['/', '/kk/stud-faq', '/en/student', '/sitemap.xml', '/no-such-page']) {
    const res = await request.get(path);
    const framework = Object.keys(res.headers()).filter((k) => /^x-(powered-by|middleware-|nextjs-)/.test(k));
    expect(framework, path).toEqual([]);
  }
  const api = await request.post('/api/leads', { data: {} });
  expect(Object.keys(api.headers()).filter((k) => /^x-(powered-by|middleware-|nextjs-)/.test(k))).toEqual([]);
  const html = await (await request.get('/student')).text();
  const scripts = [...html.matchAll(/<script src="(\/_next\/static\/chunks\/[^"]+\.js)"/g)].map((m) => m[1]!);
  expect(scripts.length).toBeGreaterThan(3);
  for (const src of scripts) {
    const text = await (await request.get(src)).text();
    expect(text.includes(`"${version}"`) || text.includes(`'${version}'`), src).toBe(false);
  }
});

test('unknown methods are 405 with Allow, never a 500', async ({ request }) => {
  for (const method of ['TRACE', 'PROPFIND']) {
    for (const path of ['/', '/kk/stud-faq', '/api/leads']) {
      const res = await request.fetch(path, { method, maxRedirects: 0 });
      expect(res.status(), `${method} ${path}`).toBe(405);
      expect(res.headers()['allow']).toBe('GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
    }
  }
});

test('/.well-known/security.txt follows RFC 9116 and is not sent to a locale', async ({ request }) => {
  const res = await request.get('/.well-known/security.txt', { maxRedirects: 0 });
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/^text\/plain; charset=utf-8/);
  const text = await res.text();
  expect(text).toMatch(/^Contact: (mailto:|https:\/\/)\S+$/m);
  expect(text).toMatch(/^Preferred-Languages: ru, kk, en$/m);
  const expires = Date.parse(/^Expires: (\S+)$/m.exec(text)?.[1] ?? '');
  expect(expires).toBeGreaterThan(Date.now() + 300 * 86_400_000);
  expect(expires).toBeLessThan(Date.now() + 366 * 86_400_000);
  if (process.env.NEXT_PUBLIC_SITE_URL) expect(text).toContain(`Canonical: ${new URL('/.well-known/security.txt', process.env.NEXT_PUBLIC_SITE_URL)}`);
});

test('odd paths are 404s, never server errors', async ({ request }) => {
  for (const path of ['/foo.png', '/xx/yy', '/kk/a/b/c', '/%E0%A4%A', '/en/..%2f..%2fetc/passwd', '/api/nope', '/.env']) {
    const res = await request.get(path, { maxRedirects: 0 });
    expect(res.status(), path).toBeGreaterThanOrEqual(400);
    expect(res.status(), path).toBeLessThan(500);
  }
});

test('the development page shows SMS codes (ENABLE_DEV_TOOLS is on in e2e)', async ({ page, request }) => {
  const phone = `+7 747 ${String(Date.now()).slice(-7, -4)} ${String(Date.now()).slice(-4, -2)} ${String(Date.now()).slice(-2)}`;
  const sent = await request.post('/api/sms/send', { data: { phone, purpose: 'register' }, headers: { 'accept-language': 'en' } });
  expect(sent.status()).toBe(202);
  await page.goto('/en/dev/outbox');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('SMS for development');
  await expect(page.getByTestId('dev-code').first()).toHaveText(/^\d{6}$/);
});
