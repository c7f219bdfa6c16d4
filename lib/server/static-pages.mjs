// Prerendered pages served by nginx straight from the build's files, with the headers the app would
// send (issue 32). scripts/static-pages.mjs runs after `next build` (npm run build) and writes, in
// <distDir>/nginx/:
//  - pages/<BUILD_ID>/<locale>/<path>.html with .br and .gz beside it: the prerendered HTML, the same
//    bytes the app serves from its cache;
//  - pages.conf: nginx `map`s (http level; deploy/nginx/tilmen.conf includes it) that give, per
//    request, $tilmen_page (the file to send, or "-": the app answers) and $tilmen_page_<header>
//    (each header's value for that file); deploy/nginx/tilmen-proxy.conf sends them;
//  - pages.json: the same list with its headers (the cluster test and the bench read it).
// A request goes to a file only when the app's answer cannot depend on anything but its path:
//  - GET or HEAD, and the request line's target is exactly the page's path (no query string: utm
//    parameters set cookies in proxy.ts; no trailing slash, no %-escapes, no /ru/ prefix: redirects);
//  - no NEXT_LOCALE cookie (proxy.ts remembers or updates the locale) and no draft-mode cookie;
//  - none of the headers the app's answer varies on (RSC, Next-Router-*: the client router's RSC
//    payloads; Next-Action, Next-Url) and no conditional or range request (If-None-Match: the app
//    answers 304 against its ETag; If-Modified-Since, Range: left to the app as well);
//  - for the default locale's unprefixed pages (/, /student, …), an Accept-Language that next-intl
//    resolves to the default locale for certain: none, or one whose first entry is ru (or ru-…) at
//    full weight and no weight above 1 anywhere (next-intl redirects "kk, ru" to /kk, and
//    "ru, kk;q=2" too). Anything else asks the app, which negotiates as before.
// The file's headers: the next.config.ts headers of its path (routes-manifest.json) but the policy,
// the production policy of lib/server/csp.mjs with the page's hashes and a fresh nonce per request
// (nginx's $request_id, as the app draws one per request), Reporting-Endpoints, Vary and
// Cache-Control as Next sends them for a page prerendered for good, and Next's own ETag of the HTML.
// Plain ESM for node: the post-build script and the tests import it.
import fs from 'node:fs';
import { REPORTING_ENDPOINTS } from './csp.mjs';

/** Where the files go, inside the dist folder. */
export const NGINX_DIR = 'nginx';
export const PAGES_CONF = 'pages.conf';
export const PAGES_JSON = 'pages.json';

/** Next's Vary on an app page (app-router-headers), plus compression's Accept-Encoding. */
export const PAGE_VARY = 'rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch, Accept-Encoding';

/** The nonce's stand-in in a policy; nginx puts $request_id there. */
export const NONCE_SLOT = 'TILMEN-NONCE-SLOT';

// The rules that decide whether a request may have a file, written once: the nginx maps of
// pages.conf are made from these sources, and the app's own file server (createStaticPages below,
// for a server without nginx in front) tests the same expressions.
/** Request headers the app's answer varies on or answers conditionally: any non-empty one → the app. */
export const ANSWER_HEADERS = [
  'rsc',
  'next-router-prefetch',
  'next-router-state-tree',
  'next-router-segment-prefetch',
  'next-action',
  'next-url',
  'if-none-match',
  'if-modified-since',
  'range',
];
/** Cookies that change the answer (case-insensitive, anywhere in the Cookie header): the remembered locale, draft mode. */
export const ANSWER_COOKIES = 'NEXT_LOCALE|__prerender_bypass';
/** An Accept-Language weight above 1 somewhere (case-sensitive, as the nginx map has it): next-intl may then prefer another locale. */
export const WEIGHT_ABOVE_ONE = 'q=(?!(?:0(?:\\.[0-9]{0,3})?|1(?:\\.0{0,3})?)\\s*(?:,|$))';
/** An Accept-Language whose first entry is the default locale at full weight (case-insensitive). */
export const defaultLocaleFirst = (defaultLocale) => `^\\s*${defaultLocale}(?:-[a-z0-9]+)*\\s*(?:;\\s*q=1(?:\\.0{0,3})?\\s*)?(?:,|$)`;

/**
 * The headers nginx can send from a file (tilmen-proxy.conf has one add_header per name, from the
 * variable $tilmen_page_<name with _>). A page whose answer carries any other header stays with the app.
 */
export const PAGE_HEADERS = [
  'content-security-policy',
  'reporting-endpoints',
  'x-content-type-options',
  'referrer-policy',
  'cross-origin-opener-policy',
  'x-frame-options',
  'permissions-policy',
  'strict-transport-security',
  'vary',
  'cache-control',
  'etag',
];

/** nginx's variable for a header: `content-security-policy` → `tilmen_page_content_security_policy`. */
export const headerVariable = (name) => `tilmen_page_${name.toLowerCase().replace(/-/g, '_')}`;

/** A double-quoted nginx string; a `$` (a variable to nginx) or a line break is refused. */
export function nginxString(value) {
  const s = String(value);
  if (/[\r\n]/.test(s)) throw new Error(`nginx string with a line break: ${s.slice(0, 80)}`);
  if (s.includes('$')) throw new Error(`nginx string with a $: ${s.slice(0, 80)}`);
  return `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/** The public path of a prerendered locale page: `ru` → `/`, `ru/student` → `/student`, `kk/student` → `/kk/student`. */
export function publicPath(route, defaultLocale = 'ru') {
  const parts = route.replace(/^\/+/, '').split('/');
  if (parts[0] === defaultLocale) parts.shift();
  return `/${parts.join('/')}`;
}

/**
 * The next.config.ts headers of `pathname` (routes-manifest.json's `headers`), in Next's order (a
 * later rule's value of the same name replaces an earlier one); null when a rule has conditions
 * (has/missing) that a file cannot check.
 */
export function configHeaders(rules, pathname) {
  const out = new Map();
  for (const rule of rules ?? []) {
    if (!new RegExp(rule.regex).test(pathname)) continue;
    if ((rule.has && rule.has.length) || (rule.missing && rule.missing.length)) return null;
    for (const { key, value } of rule.headers) out.set(key.toLowerCase(), value);
  }
  return out;
}

/**
 * Every header of the app's 200 answer to a GET of `pathname` (lower-case names), or null when a file
 * cannot carry it. `csp`: lib/server/csp.mjs createCsp(); `etag`: Next's generateETag of the HTML.
 */
export function pageHeaders({ pathname, rules, csp, cacheControl, etag }) {
  const headers = configHeaders(rules, pathname);
  if (!headers) return null;
  headers.delete('content-security-policy');
  headers.set('content-security-policy', csp.policyFor({ url: pathname, status: 200, html: true, nonce: NONCE_SLOT }));
  headers.set('reporting-endpoints', REPORTING_ENDPOINTS);
  headers.set('vary', PAGE_VARY);
  headers.set('cache-control', cacheControl);
  headers.set('etag', etag);
  for (const name of headers.keys()) if (!PAGE_HEADERS.includes(name)) return null;
  return Object.fromEntries(PAGE_HEADERS.filter((n) => headers.has(n)).map((n) => [n, headers.get(n)]));
}

/** A header's value as nginx writes it: the nonce slot becomes $request_id. */
export function nginxHeaderValue(value) {
  const parts = String(value).split(NONCE_SLOT);
  return parts.map((p) => nginxString(p).slice(1, -1)).join('${request_id}');
}

/**
 * pages.conf. `pages`: [{ path, file, headers }] (`file` relative to pages/, build id first);
 * `defaultLocale`: its pages are unprefixed and negotiated on Accept-Language; the others' carry their prefix.
 */
export function renderNginxConf(pages, { locales = ['ru', 'kk', 'en'], defaultLocale = 'ru', buildId = '' } = {}) {
  const lines = [
    `# Generated by scripts/static-pages.mjs (npm run build) for build ${buildId}: do not edit.`,
    '# Included at the http level (deploy/nginx/tilmen.conf); deploy/nginx/tilmen-proxy.conf sends',
    '# $tilmen_page from the build folder with these headers, or asks the app when it is "-".',
    '# Which requests may have a file: lib/server/static-pages.mjs.',
    '',
    '# The page a request line names exactly (no query, no trailing slash); "dl:" pages are the',
    "# default locale's, unprefixed, and also need an Accept-Language that resolves to it.",
    'map $request_uri $tilmen_page_path {',
    '    default "";',
  ];
  const prefixed = (p) => locales.some((l) => l !== defaultLocale && (p.path === `/${l}` || p.path.startsWith(`/${l}/`)));
  for (const p of pages) lines.push(`    ${nginxString(p.path)} ${nginxString(`${prefixed(p) ? 'lc' : 'dl'}:${p.file}`)};`);
  lines.push(
    '}',
    '',
    '# 1: next-intl resolves this Accept-Language to the default locale for certain (none, or a first',
    '# entry of ru/ru-… at full weight, with no weight above 1 anywhere); 0: the app negotiates.',
    'map $http_accept_language $tilmen_page_lang {',
    '    default 0;',
    '    "" 1;',
    `    "~${WEIGHT_ABOVE_ONE}" 0;`,
    `    "~*${defaultLocaleFirst(defaultLocale)}" 1;`,
    '}',
    '',
    '# 1: a cookie that changes the answer (the locale proxy.ts remembers; draft mode).',
    'map $http_cookie $tilmen_page_cookie {',
    '    default 0;',
    `    "~*${ANSWER_COOKIES}" 1;`,
    '}',
    '',
    '# The file, when nothing but the path decides the answer: GET/HEAD, the page, the language',
    "# settled, no such cookie, none of the headers the app's answer varies on, not conditional.",
    `map "$request_method $tilmen_page_path|$tilmen_page_lang|$tilmen_page_cookie|${ANSWER_HEADERS.map((h) => `$http_${h.replace(/-/g, '_')}`).join('')}" $tilmen_page {`,
    '    default "-";',
    '    "~^(?:GET|HEAD) dl:([^|]+)\\|1\\|0\\|$" $1;',
    '    "~^(?:GET|HEAD) lc:([^|]+)\\|[01]\\|0\\|$" $1;',
    '}',
  );
  for (const name of PAGE_HEADERS) {
    // Keyed by the path (short keys: nginx's default map_hash_bucket_size is 64); used only when a file is sent.
    const values = pages.filter((p) => p.headers[name] !== undefined);
    lines.push('', `map $request_uri $${headerVariable(name)} {`, '    default "";');
    for (const p of values) lines.push(`    ${nginxString(p.path)} "${nginxHeaderValue(p.headers[name])}";`);
    lines.push('}');
  }
  return lines.join('\n') + '\n';
}

/**
 * Whether `req` may have a prerendered page's file, by the rules of pages.conf (the same sources):
 * the page's entry ({ path, file, headers, prefixed }) or null (the app answers).
 * `pages`: a Map from the request target to its entry.
 */
export function staticPageFor(req, pages, defaultLocale = 'ru') {
  if (req.method !== 'GET' && req.method !== 'HEAD') return null;
  const page = pages.get(req.url ?? '');
  if (!page) return null;
  const h = req.headers;
  for (const name of ANSWER_HEADERS) if (h[name]) return null;
  if (h.cookie && new RegExp(ANSWER_COOKIES, 'i').test(String(h.cookie))) return null;
  if (!page.prefixed) {
    const language = h['accept-language'] ?? '';
    const settled = language === '' || (!new RegExp(WEIGHT_ABOVE_ONE).test(language) && new RegExp(defaultLocaleFirst(defaultLocale), 'i').test(language));
    if (!settled) return null;
  }
  return page;
}

/** The coding to send from Accept-Encoding: br, else gzip, else identity (a coding with q=0 is refused). */
export function fileEncoding(acceptEncoding) {
  const accepted = new Set();
  for (const part of String(acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('x-gzip')) return 'gzip';
  return '';
}

/**
 * The app's own sender of the prerendered pages' files, for a server that nginx does not stand in
 * front of (npm start, server.mjs): the same pages, the same rules (staticPageFor) and the same
 * headers as pages.conf, from memory, precompressed, without rendering, an ETag hash or gzip per
 * request. The Content-Security-Policy and Reporting-Endpoints are the server's (lib/server/http-server.mjs
 * sets them on every HTML answer, with a fresh nonce). Returns null when the build has no pages.json
 * or its files are of another build.
 * `serve(req, res)` answers and returns true, or returns false (the app answers).
 */
export function createStaticPages({ distDir, locales = ['ru', 'kk', 'en'], defaultLocale = 'ru' }) {
  const read = (file) => (fs.existsSync(file) ? fs.readFileSync(file) : null);
  const manifest = read(`${distDir}/${NGINX_DIR}/${PAGES_JSON}`);
  const buildId = read(`${distDir}/BUILD_ID`);
  if (!manifest || !buildId) return null;
  const { buildId: pagesBuild, pages } = JSON.parse(manifest.toString('utf8'));
  if (pagesBuild !== buildId.toString('utf8').trim()) return null;
  const byPath = new Map();
  for (const p of pages) {
    const base = `${distDir}/${NGINX_DIR}/pages/${p.file}`;
    const bodies = { '': read(base), br: read(`${base}.br`), gzip: read(`${base}.gz`) };
    if (!bodies[''] || !bodies.br || !bodies.gzip) return null;
    const headers = Object.entries(p.headers).filter(([name]) => name !== 'content-security-policy' && name !== 'reporting-endpoints');
    const prefixed = locales.some((l) => l !== defaultLocale && (p.path === `/${l}` || p.path.startsWith(`/${l}/`)));
    byPath.set(p.path, { path: p.path, headers, bodies, prefixed });
  }
  return {
    count: byPath.size,
    serve(req, res) {
      const page = staticPageFor(req, byPath, defaultLocale);
      if (!page) return false;
      const encoding = fileEncoding(req.headers['accept-encoding']);
      const body = page.bodies[encoding];
      res.statusCode = 200;
      res.setHeader('content-type', 'text/html; charset=utf-8');
      for (const [name, value] of page.headers) res.setHeader(name, value);
      if (encoding) res.setHeader('content-encoding', encoding);
      res.setHeader('content-length', body.length);
      res.end(req.method === 'HEAD' ? undefined : body);
      return true;
    },
  };
}
