// After `next build` (npm run build runs it): every page prerendered for good (every locale's marketing
// pages, tests, sign-in…) as files nginx sends itself, with the headers the app would send, and the
// nginx maps that say which request gets which file (lib/server/static-pages.mjs has the rules).
// Writes <distDir>/nginx/pages.conf, pages.json and pages/<BUILD_ID>/… (.html, .br, .gz); files of
// earlier builds are removed. deploy/nginx/tilmen.conf includes pages.conf: reload nginx after a build.
// Usage: node scripts/static-pages.mjs [distDir] (default: $NEXT_DIST_DIR or .next).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import zlib from 'node:zlib';
import { cabinetOrigin, createCsp, loadManifest } from '../lib/server/csp.mjs';
import { NGINX_DIR, PAGES_CONF, PAGES_JSON, pageHeaders, publicPath, renderNginxConf } from '../lib/server/static-pages.mjs';

const LOCALES = ['ru', 'kk', 'en']; // i18n/routing.ts
const DEFAULT_LOCALE = 'ru';
const require = createRequire(import.meta.url);
const { generateETag } = require('next/dist/server/lib/etag');
const { getCacheControlHeader } = require('next/dist/server/lib/cache-control');

const started = Date.now();
const dist = path.resolve(process.argv[2] || process.env.NEXT_DIST_DIR || '.next');
const buildId = fs.readFileSync(path.join(dist, 'BUILD_ID'), 'utf8').trim();
const prerender = JSON.parse(fs.readFileSync(path.join(dist, 'prerender-manifest.json'), 'utf8'));
const rules = JSON.parse(fs.readFileSync(path.join(dist, 'routes-manifest.json'), 'utf8')).headers ?? [];
// As server.mjs makes it (NEXT_PUBLIC_CABINET_URL is a build-time setting anyway).
const csp = createCsp({
  manifest: loadManifest(dist),
  cabinet: cabinetOrigin(process.env.NEXT_PUBLIC_CABINET_URL),
  payment: cabinetOrigin(process.env.EPAY_PAGE_URL || 'https://epay.homebank.kz'),
});

const out = path.join(dist, NGINX_DIR);
const pagesDir = path.join(out, 'pages');
fs.rmSync(pagesDir, { recursive: true, force: true });
const pages = [];
const skipped = [];
let raw = 0;
let br = 0;
for (const [route, info] of Object.entries(prerender.routes).sort(([a], [b]) => a.localeCompare(b))) {
  // Locale pages only (/ru/…, /kk, …), prerendered for good with a 200: nothing else is the same for every request.
  if (!info.srcRoute?.startsWith('/[locale]') || !LOCALES.includes(route.split('/')[1])) continue;
  if (info.initialRevalidateSeconds !== false || (info.initialStatus ?? 200) !== 200) {
    skipped.push(`${route} (revalidated or not 200)`);
    continue;
  }
  const htmlFile = path.join(dist, 'server', 'app', `${route.slice(1)}.html`);
  if (!fs.existsSync(htmlFile)) {
    skipped.push(`${route} (no HTML)`);
    continue;
  }
  const html = fs.readFileSync(htmlFile);
  const pathname = publicPath(route, DEFAULT_LOCALE);
  const headers = pageHeaders({
    pathname,
    rules,
    csp,
    cacheControl: getCacheControlHeader({ revalidate: false, expire: info.initialExpireSeconds }),
    etag: generateETag(html.toString('utf8')),
  });
  if (!headers) {
    skipped.push(`${route} (headers a file cannot carry)`);
    continue;
  }
  const file = `${buildId}/${route.slice(1)}.html`;
  const target = path.join(pagesDir, file);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, html);
  fs.writeFileSync(`${target}.gz`, zlib.gzipSync(html, { level: 9 }));
  const packed = zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: html.length } });
  fs.writeFileSync(`${target}.br`, packed);
  raw += html.length;
  br += packed.length;
  pages.push({ path: pathname, file, headers });
}
fs.writeFileSync(path.join(out, PAGES_CONF), renderNginxConf(pages, { locales: LOCALES, defaultLocale: DEFAULT_LOCALE, buildId }));
fs.writeFileSync(path.join(out, PAGES_JSON), JSON.stringify({ buildId, pages }, null, 1) + '\n');
const kib = (n) => `${(n / 1024).toFixed(0)} KiB`;
console.log(`static-pages: ${pages.length} pages for nginx in ${path.relative(process.cwd(), out) || out} (${kib(raw)}, brotli ${kib(br)}; ${Date.now() - started} ms)`);
if (skipped.length) console.log(`static-pages: left to the app: ${skipped.join(', ')}`);
