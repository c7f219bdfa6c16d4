// Content-Security-Policy for every response of server.mjs, without 'unsafe-inline' for scripts,
// while the marketing pages stay prerendered (static HTML served from Next's cache).
//
// Next's own answer to inline scripts is a nonce, which only a page rendered per request can carry.
// The build knows every inline script of every prerendered page, so:
//  - after `next build`, scripts/csp-manifest.mjs reads each prerendered HTML file and writes the
//    sha256 of each inline script to <distDir>/csp-manifest.json (page path → hashes);
//  - server.mjs gives every HTML document a policy with `'self'` (Next's own chunks, same origin),
//    the hashes of that page's inline scripts (from the manifest), and a fresh nonce, which it also
//    puts in the request's Content-Security-Policy header, where Next reads it when it renders a
//    page per request (cabinet, back office, portal): Next then stamps it on its scripts. Next reads
//    that header only when it renders, so a prerendered page is still served from the cache.
//  - error documents (404, 500: prerendered or rendered) also get the hashes of the prerendered
//    error pages; everything else (API answers, RSC payloads, files) gets the policy with no inline
//    script allowed at all.
// 'strict-dynamic' is not used: it makes the browser ignore 'self', and the prerendered HTML loads
// Next's chunks with parser-inserted <script src> tags that carry neither a nonce nor an integrity
// hash. Scripts added later by Next's runtime or by reCAPTCHA's loader are allowed by 'self' and by
// the listed hosts instead (Google's documented reCAPTCHA allowlist).
// Plain ESM for node: server.mjs, the post-build script and the tests import it.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const MANIFEST_FILE = 'csp-manifest.json';
export const REPORT_PATH = '/api/csp-report';

/** Script hosts: reCAPTCHA (api.js, then its release script), tag manager, pixel, chat. */
export const SCRIPT_HOSTS = [
  'https://www.google.com/recaptcha/',
  'https://www.gstatic.com/recaptcha/',
  'https://www.googletagmanager.com',
  'https://connect.facebook.net',
  'https://code.jivosite.com',
];

/** reCAPTCHA only: the back office, the company portal and the lesson room load no third party (L4). */
export const OFFICE_SCRIPT_HOSTS = ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'];
/** The checkout's pages: the only ones whose policy lets the payment provider's script in (lib/payments). */
export const CHECKOUT_PATH = /^\/(?:(?:kk|en|ru)\/)?checkout(?:\/|$)/;
/** The lesson room's page: the only one whose policy lets the browser reach the group lessons' Janus servers. */
/** A self-study unit's page and the homework page: they play a recorded answer and a unit's audio from memory (blob: media). */
export const STUDY_UNIT_PATH = /^\/(?:(?:kk|en|ru)\/)?cabinet\/(?:study\/[^/]+\/[^/]+|homework)\/?$/;

export const LESSON_PATH = /^\/(?:(?:kk|en|ru)\/)?lesson\/[^/]+\/?$/;
/** Pages that show whole phones, IINs or lessons: no tag manager, pixel or chat may run beside them. */
export const OFFICE_PATH = /^\/(?:(?:kk|en|ru)\/)?(?:admin|company|lesson)(?:\/|$)/;

const SCRIPT_TAG = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const TYPE_ATTR = /\stype\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i;
const SRC_ATTR = /\ssrc\s*=/i;
// MIME types a browser runs as a classic script (WHATWG HTML "JavaScript MIME type"), and module.
const JS_TYPES = new Set([
  '',
  'module',
  'application/ecmascript',
  'application/javascript',
  'application/x-ecmascript',
  'application/x-javascript',
  'text/ecmascript',
  'text/javascript',
  'text/javascript1.0',
  'text/javascript1.1',
  'text/javascript1.2',
  'text/javascript1.3',
  'text/javascript1.4',
  'text/javascript1.5',
  'text/jscript',
  'text/livescript',
  'text/x-ecmascript',
  'text/x-javascript',
]);

/** `'sha256-…'` of a script's text, as CSP compares it (the UTF-8 bytes of the element's text). */
export function scriptHash(text) {
  return `'sha256-${crypto.createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** The hashes of the inline scripts a browser would run in `html` (data blocks such as JSON-LD left out), sorted, unique. */
export function inlineScriptHashes(html) {
  const hashes = new Set();
  for (const [, attrs, body] of html.matchAll(SCRIPT_TAG)) {
    if (SRC_ATTR.test(` ${attrs}`)) continue;
    const type = TYPE_ATTR.exec(` ${attrs}`);
    const value = (type ? (type[1] ?? type[2] ?? type[3] ?? '') : '').trim().toLowerCase();
    if (!JS_TYPES.has(value)) continue;
    hashes.add(scriptHash(body));
  }
  return [...hashes].sort();
}

/**
 * The public path of a prerendered HTML file under `<distDir>/server/app`, with the default locale
 * unprefixed as the site serves it: `ru.html` → `/`, `ru/about.html` → `/about`, `kk.html` → `/kk`.
 * Files of Next's own (`_not-found.html`, `_global-error.html`) keep their name: `_not-found`.
 */
export function pagePathOf(relFile, { defaultLocale = 'ru' } = {}) {
  const parts = relFile.replace(/\.html$/, '').split(/[\\/]/);
  if (parts.length === 1 && parts[0].startsWith('_')) return parts[0];
  if (parts[0] === defaultLocale) parts.shift();
  if (parts.length === 1 && parts[0] === 'index') parts.shift();
  return `/${parts.join('/')}`;
}

/** Manifest of a build: { buildId, pages: { path: hashes }, errorPages: hashes }. */
export function buildManifest(distDir, { defaultLocale = 'ru' } = {}) {
  const appDir = path.join(distDir, 'server', 'app');
  if (!fs.existsSync(appDir)) throw new Error(`${appDir} does not exist: run next build first`);
  const pages = {};
  const errorPages = new Set();
  const files = fs
    .readdirSync(appDir, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.html'))
    .sort();
  for (const file of files) {
    const hashes = inlineScriptHashes(fs.readFileSync(path.join(appDir, file), 'utf8'));
    const key = pagePathOf(file, { defaultLocale });
    // Next's own error pages, and each locale's not-found page (served with 404 on any path).
    if (key.startsWith('_') || /(^|[\\/])_[\w-]+\.html$/.test(file)) {
      for (const h of hashes) errorPages.add(h);
      continue;
    }
    pages[key] = hashes;
  }
  return { buildId: readBuildId(distDir), pages, errorPages: [...errorPages].sort() };
}

function readBuildId(distDir) {
  try {
    return fs.readFileSync(path.join(distDir, 'BUILD_ID'), 'utf8').trim();
  } catch {
    return null;
  }
}

/** Writes `<distDir>/csp-manifest.json`; returns the manifest. */
export function writeManifest(distDir, options) {
  const manifest = buildManifest(distDir, options);
  fs.writeFileSync(path.join(distDir, MANIFEST_FILE), JSON.stringify(manifest, null, 1) + '\n');
  return manifest;
}

/**
 * The manifest of the build in `distDir`: the file the build step wrote, or, when it is missing or
 * belongs to another build (a `next build` run without the npm script), computed now from the HTML.
 */
export function loadManifest(distDir, options) {
  const buildId = readBuildId(distDir);
  try {
    const manifest = JSON.parse(fs.readFileSync(path.join(distDir, MANIFEST_FILE), 'utf8'));
    if (manifest && manifest.buildId === buildId && manifest.pages) return manifest;
  } catch {
    // missing or unreadable: computed below
  }
  return buildManifest(distDir, options);
}

/** The origin of an external cabinet (NEXT_PUBLIC_CABINET_URL), called from the headers and serving avatars. */
export function cabinetOrigin(url) {
  try {
    return url ? new URL(url).origin : '';
  } catch {
    return '';
  }
}

/**
 * The origins browsers reach the Janus servers at (JANUS_SERVERS: each one's publicUrl, else its
 * url; lib/validations/janus-servers.ts is the full parser, this one only reads the addresses), for
 * the lesson room's connect-src. Unparsable entries are left out (lib/env.ts refuses them at start).
 */
export function sfuOrigins(raw = '') {
  const text = String(raw).trim();
  if (!text) return [];
  const urls = [];
  if (text.startsWith('[')) {
    try {
      for (const s of JSON.parse(text)) urls.push(s?.publicUrl ?? s?.url);
    } catch {
      return [];
    }
  } else {
    for (const entry of text.split(/[\s,]+/).filter(Boolean)) urls.push(entry.slice(entry.lastIndexOf('@') + 1));
  }
  const origins = new Set();
  for (const u of urls) {
    try {
      const url = new URL(String(u));
      if (/^(https?|wss?):$/.test(url.protocol)) origins.add(url.origin);
    } catch {
      // left out
    }
  }
  return [...origins];
}

/**
 * The policy. `hashes`: inline scripts allowed; `nonce`: scripts carrying it allowed (Next's, on a
 * page rendered per request); neither: no inline script at all.
 */
export function cspHeader({ hashes = [], nonce, cabinet = '', reportUri = REPORT_PATH, office = false, payment = '', sfu = [], blobMedia = false } = {}) {
  const extra = cabinet ? ` ${cabinet}` : '';
  const media = sfu.length ? ` ${sfu.join(' ')}` : '';
  const scriptSrc = ["'self'", ...(nonce ? [`'nonce-${nonce}'`] : []), ...hashes, ...(office ? OFFICE_SCRIPT_HOSTS : SCRIPT_HOSTS), ...(payment ? [payment] : [])];
  return [
    "default-src 'self'",
    `script-src ${scriptSrc.join(' ')}`,
    // React and Next set style attributes and inject <style> tags; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    office ? `img-src 'self' data: blob:${extra}` : `img-src 'self' data: https://www.googletagmanager.com https://www.facebook.com https://*.jivosite.com${extra}`,
    "font-src 'self'",
    office
      ? `connect-src 'self' https://www.google.com${extra}${media}`
      : `connect-src 'self' https://www.google.com https://www.google-analytics.com https://*.jivosite.com wss://*.jivosite.com${extra}`,
    office
      ? 'frame-src https://www.google.com/recaptcha/ https://recaptcha.google.com/recaptcha/'
      : 'frame-src https://www.google.com/recaptcha/ https://recaptcha.google.com/recaptcha/ https://www.googletagmanager.com',
    ...(blobMedia ? ["media-src 'self' blob:"] : []),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(reportUri ? [`report-uri ${reportUri}`, 'report-to csp'] : []),
  ].join('; ');
}

/** `Reporting-Endpoints` naming the `csp` group of `report-to`. */
export const REPORTING_ENDPOINTS = `csp="${REPORT_PATH}"`;

/** A request path as the manifest keys it: no query, no trailing slash, default locale unprefixed. */
export function manifestKey(url, { defaultLocale = 'ru' } = {}) {
  let p = String(url ?? '/').split(/[?#]/)[0] || '/';
  if (p.length > 1) p = p.replace(/\/+$/, '');
  if (p === `/${defaultLocale}`) return '/';
  if (p.startsWith(`/${defaultLocale}/`)) return p.slice(defaultLocale.length + 1);
  return p || '/';
}

/** A fresh nonce: 128 random bits, base64. */
export function newNonce() {
  return crypto.randomBytes(16).toString('base64');
}

/**
 * The server's policy maker: `policyFor({ url, status, html, nonce })` is the header value of one
 * response. HTML documents: 'self', the nonce, the page's own hashes (a prerendered page) and, for
 * an error status, the prerendered error pages' hashes. Anything else: no inline script allowed.
 */
export function createCsp({ manifest, cabinet = '', defaultLocale = 'ru', reportUri = REPORT_PATH, payment = '', sfu = [] }) {
  const pages = new Map(Object.entries(manifest?.pages ?? {}));
  const errorPages = manifest?.errorPages ?? [];
  const plain = cspHeader({ cabinet, reportUri });
  return {
    plain,
    policyFor({ url, status = 200, html, nonce }) {
      if (!html) return plain;
      const own = pages.get(manifestKey(url, { defaultLocale })) ?? [];
      const hashes = status >= 400 ? [...new Set([...own, ...errorPages])] : own;
      const p = String(url ?? '/').split(/[?#]/)[0] || '/';
      const office = OFFICE_PATH.test(p);
      // The checkout page alone loads the payment provider's JS library (its hosted page's call).
      // The lesson room's page alone reaches the Janus servers (a group lesson's media and signalling).
      return cspHeader({ hashes, nonce, cabinet, reportUri, office, payment: CHECKOUT_PATH.test(p) ? payment : '', sfu: LESSON_PATH.test(p) ? sfu : [], blobMedia: STUDY_UNIT_PATH.test(p) });
    },
  };
}

/**
 * CSP violation reports (report-uri's JSON and the Reporting API's list), logged one line each:
 * directive, blocked source, page; at most `perMinute` lines a minute, the rest counted.
 */
export function createReportLogger({ perMinute = 30, log = console.warn, now = () => Date.now() } = {}) {
  let windowStart = 0;
  let used = 0;
  let dropped = 0;
  return function record(body) {
    const t = now();
    if (t - windowStart >= 60_000) {
      if (dropped > 0) log(`[csp] ${dropped} more violation report(s) not logged in the last minute`);
      windowStart = t;
      used = 0;
      dropped = 0;
    }
    let reports;
    try {
      const parsed = JSON.parse(body);
      reports = Array.isArray(parsed) ? parsed.map((r) => r?.body ?? {}) : [parsed?.['csp-report'] ?? {}];
    } catch {
      return false;
    }
    for (const r of reports) {
      if (used >= perMinute) {
        dropped++;
        continue;
      }
      used++;
      const directive = r.effectiveDirective ?? r['effective-directive'] ?? r['violated-directive'] ?? '?';
      const blocked = r.blockedURL ?? r['blocked-uri'] ?? '?';
      const page = r.documentURL ?? r['document-uri'] ?? '?';
      const clip = (s) => String(s).replace(/[\r\n]/g, ' ').slice(0, 200);
      log(`[csp] violation: ${clip(directive)} blocked ${clip(blocked)} on ${clip(page)}`);
    }
    return true;
  };
}
