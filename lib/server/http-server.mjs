// The HTTP server in front of Next (server.mjs is the entry; this module is what the tests start).
// Plain ESM for node: no TypeScript, no imports from the app. Its rules, in order:
//  - timeouts: a request must arrive whole within requestTimeout (headers within headersTimeout),
//    so a body trickled a byte at a time cannot hold a connection open for minutes;
//  - methods: anything but GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS is a 405 with Allow,
//    answered here (Next answered TRACE with a 500 and a stack trace in the log);
//  - forwarded headers: believed only behind a proxy that overwrites them (TRUST_PROXY=true);
//    otherwise the client's X-Forwarded-* are dropped and Next fills them from the socket;
//  - response headers: the framework's own (x-powered-by, x-middleware-*, x-nextjs-*) are
//    removed, except the few the client router reads on its own RSC requests;
//  - /.well-known/security.txt (RFC 9116) is answered here, with an Expires date that rolls;
//  - Content-Security-Policy (when `csp` is given, lib/server/csp.mjs): each HTML document gets the
//    hashes of its prerendered inline scripts and a fresh nonce (put in the request's CSP header,
//    where Next reads it on a per-request render); CSP violation reports are logged here.
import http from 'node:http';
import { createReportLogger, newNonce, REPORT_PATH, REPORTING_ENDPOINTS } from './csp.mjs';

export const ALLOWED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
const ALLOWED = new Set(ALLOWED_METHODS);

/**
 * Where a trusted proxy's X-Forwarded-Proto goes (lib/api/scheme.ts reads it). Next must not see
 * `x-forwarded-proto: https` itself: it then takes its own origin for https://localhost:<port> and
 * proxies the middleware's rewrite of / to /ru to that address over TLS (a 500 on every visit).
 */
export const PROXY_PROTO_HEADER = 'x-tilmen-forwarded-proto';

/** Request headers only a trusted reverse proxy may set. */
export const FORWARDED_HEADERS = [
  'x-forwarded-for',
  'x-real-ip',
  'forwarded',
  'x-forwarded-proto',
  'x-forwarded-host',
  'x-forwarded-port',
];

// Response headers Next's client router reads on its own fetches (RSC navigations, prefetches,
// server actions): node_modules/next/dist/client/components/app-router-headers.js and
// router-reducer/fetch-server-response.js. Documents and API answers need none of them.
const CLIENT_ROUTER_HEADERS = new Set([
  'x-nextjs-postponed',
  'x-nextjs-prerender',
  'x-nextjs-stale-time',
  'x-nextjs-rewritten-path',
  'x-nextjs-rewritten-query',
  'x-nextjs-action-not-found',
  'x-nextjs-request-id',
  'x-nextjs-html-request-id',
  'x-nextjs-deployment-id',
]);

/** Whether a response header is dropped; `routerFetch`: the request came from Next's client router. */
export function isStrippedHeader(name, routerFetch) {
  const n = String(name).toLowerCase();
  if (n === 'x-powered-by' || n.startsWith('x-middleware-')) return true;
  if (n.startsWith('x-nextjs-')) return !(routerFetch && CLIENT_ROUTER_HEADERS.has(n));
  return false;
}

function isRouterFetch(req) {
  const h = req.headers;
  return h['rsc'] !== undefined || h['next-action'] !== undefined || h['next-router-prefetch'] !== undefined;
}

const int = (value, fallback) => {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isInteger(n) && n >= 0 ? n : fallback;
};

/** Options from the environment (defaults: request 30 s, headers 20 s, keep-alive 5 s). */
export function serverOptionsFromEnv(env = process.env) {
  return {
    trustProxy: /^(1|true)$/i.test(env.TRUST_PROXY || ''),
    requestTimeout: int(env.HTTP_REQUEST_TIMEOUT_MS, 30_000),
    headersTimeout: int(env.HTTP_HEADERS_TIMEOUT_MS, 20_000),
    keepAliveTimeout: int(env.HTTP_KEEP_ALIVE_TIMEOUT_MS, 5_000),
    securityContact: env.SECURITY_CONTACT || (env.NEXT_PUBLIC_SUPPORT_EMAIL ? `mailto:${env.NEXT_PUBLIC_SUPPORT_EMAIL}` : 'mailto:support@tilmen.kz'),
    siteUrl: env.NEXT_PUBLIC_SITE_URL || undefined,
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** RFC 9116 security.txt; Expires 364 days ahead (the RFC asks for less than a year). */
export function securityTxt({ contact, siteUrl, now = new Date() }) {
  const expires = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS + 364 * DAY_MS).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const lines = [`Contact: ${contact}`, `Expires: ${expires}`, 'Preferred-Languages: ru, kk, en'];
  if (siteUrl) {
    try {
      lines.push(`Canonical: ${new URL('/.well-known/security.txt', siteUrl).toString()}`);
    } catch {
      // A bad NEXT_PUBLIC_SITE_URL stops the app elsewhere; here it just leaves Canonical out.
    }
  }
  return lines.join('\n') + '\n';
}

function plain(res, status, body, extra = {}) {
  const buf = Buffer.from(body, 'utf8');
  res.writeHead(status, {
    'content-type': 'text/plain; charset=utf-8',
    'content-length': buf.length,
    'x-content-type-options': 'nosniff',
    ...extra,
  });
  res.end(res.req?.method === 'HEAD' ? undefined : buf);
}

/** Filters what a handler passes to writeHead itself (an object, a flat [k, v, …] list or [[k, v], …]). */
function filterHeaderArg(headers, routerFetch) {
  if (!headers || typeof headers !== 'object') return headers;
  if (Array.isArray(headers)) {
    if (headers.length > 0 && Array.isArray(headers[0])) return headers.filter(([k]) => !isStrippedHeader(k, routerFetch));
    const out = [];
    for (let i = 0; i + 1 < headers.length; i += 2) if (!isStrippedHeader(headers[i], routerFetch)) out.push(headers[i], headers[i + 1]);
    return out;
  }
  return Object.fromEntries(Object.entries(headers).filter(([k]) => !isStrippedHeader(k, routerFetch)));
}

/** A header's value from what a handler passed to writeHead, or else from the response. */
function headerValue(res, args, name) {
  for (const a of args) {
    if (!a || typeof a !== 'object') continue;
    if (Array.isArray(a)) {
      if (a.length > 0 && Array.isArray(a[0])) {
        const hit = a.find(([k]) => String(k).toLowerCase() === name);
        if (hit) return String(hit[1]);
      } else {
        for (let i = 0; i + 1 < a.length; i += 2) if (String(a[i]).toLowerCase() === name) return String(a[i + 1]);
      }
    } else {
      for (const [k, v] of Object.entries(a)) if (k.toLowerCase() === name) return String(v);
    }
  }
  const v = res.getHeader(name);
  return v === undefined ? '' : String(v);
}

/** Drops `name` from writeHead's header argument (the policy set on the response replaces it). */
function withoutHeader(arg, name) {
  if (!arg || typeof arg !== 'object') return arg;
  if (Array.isArray(arg)) {
    if (arg.length > 0 && Array.isArray(arg[0])) return arg.filter(([k]) => String(k).toLowerCase() !== name);
    const out = [];
    for (let i = 0; i + 1 < arg.length; i += 2) if (String(arg[i]).toLowerCase() !== name) out.push(arg[i], arg[i + 1]);
    return out;
  }
  return Object.fromEntries(Object.entries(arg).filter(([k]) => k.toLowerCase() !== name));
}

/**
 * Every way headers leave (writeHead, or write/end/flushHeaders through it) passes this filter;
 * `policy(status, html)` (when given) is the Content-Security-Policy of the response.
 */
function stripResponseHeaders(req, res, policy) {
  const routerFetch = isRouterFetch(req);
  const writeHead = res.writeHead;
  res.writeHead = function (statusCode, ...rest) {
    if (!res.headersSent) {
      for (const name of res.getHeaderNames()) if (isStrippedHeader(name, routerFetch)) res.removeHeader(name);
    }
    let args = rest.map((a) => (typeof a === 'string' ? a : filterHeaderArg(a, routerFetch)));
    if (policy && !res.headersSent) {
      const html = /^text\/html\b/i.test(headerValue(res, args, 'content-type'));
      args = args.map((a) => (typeof a === 'string' ? a : withoutHeader(a, 'content-security-policy')));
      if (statusCode === 304) {
        // No body and no content type: the browser keeps the policy it stored with the page
        // (a 304's headers replace the stored ones, so a policy here would be a guess).
        res.removeHeader('content-security-policy');
      } else {
        res.setHeader('content-security-policy', policy(statusCode, html));
        if (html) res.setHeader('reporting-endpoints', REPORTING_ENDPOINTS);
      }
    }
    return writeHead.call(this, statusCode, ...args);
  };
}

/** The violation report's body (up to 64 KiB), logged; 204, or 413 when larger. */
function cspReport(req, res, record) {
  const chunks = [];
  let size = 0;
  let tooLarge = false;
  req.on('data', (c) => {
    size += c.length;
    if (size > 65_536) tooLarge = true;
    else chunks.push(c);
  });
  req.on('end', () => {
    if (tooLarge) return plain(res, 413, 'Payload Too Large\n');
    record(Buffer.concat(chunks).toString('utf8'));
    res.writeHead(204, { 'cache-control': 'no-store' });
    res.end();
  });
  req.on('error', () => res.destroy());
}

/**
 * The server around `handler(req, res)`; not listening yet.
 * @param {(req: http.IncomingMessage, res: http.ServerResponse) => unknown} handler
 * @param {ReturnType<typeof serverOptionsFromEnv> & { connectionsCheckingInterval?: number }} options
 */
export function createAppServer(handler, options = serverOptionsFromEnv()) {
  const { trustProxy = false, requestTimeout = 30_000, headersTimeout = 20_000, keepAliveTimeout = 5_000, csp } = options;
  const recordReport = csp ? (options.cspReportLogger ?? createReportLogger()) : null;
  const server = http.createServer(
    {
      requestTimeout,
      // Node refuses a headers timeout longer than the request timeout.
      headersTimeout: requestTimeout > 0 ? Math.min(headersTimeout, requestTimeout) : headersTimeout,
      keepAliveTimeout,
      // How often Node checks the two timeouts above (default 30 s); never coarser than they are.
      connectionsCheckingInterval: options.connectionsCheckingInterval ?? Math.max(100, Math.min(1_000, requestTimeout || 1_000)),
    },
    (req, res) => {
      const path = (req.url ?? '').split('?')[0];
      let policy;
      if (csp) {
        // The client's own CSP request headers never reach Next: only the nonce chosen here.
        delete req.headers['content-security-policy-report-only'];
        if (path.startsWith('/_next/static/')) {
          delete req.headers['content-security-policy'];
        } else {
          const nonce = newNonce();
          req.headers['content-security-policy'] = `script-src 'nonce-${nonce}'`;
          policy = (status, html) => csp.policyFor({ url: req.url, status, html, nonce });
        }
      }
      stripResponseHeaders(req, res, policy);
      if (!ALLOWED.has(req.method ?? '')) {
        plain(res, 405, 'Method Not Allowed\n', { allow: ALLOWED_METHODS.join(', '), 'cache-control': 'no-store' });
        return;
      }
      delete req.headers[PROXY_PROTO_HEADER];
      if (!trustProxy) for (const name of FORWARDED_HEADERS) delete req.headers[name];
      else if (req.headers['x-forwarded-proto'] !== undefined) {
        req.headers[PROXY_PROTO_HEADER] = req.headers['x-forwarded-proto'];
        delete req.headers['x-forwarded-proto'];
      }
      if (recordReport && path === REPORT_PATH && req.method === 'POST') {
        cspReport(req, res, recordReport);
        return;
      }
      if (path === '/.well-known/security.txt' && (req.method === 'GET' || req.method === 'HEAD')) {
        plain(res, 200, securityTxt({ contact: options.securityContact ?? 'mailto:support@tilmen.kz', siteUrl: options.siteUrl }), {
          'cache-control': 'public, max-age=86400',
        });
        return;
      }
      Promise.resolve()
        .then(() => handler(req, res))
        .catch((err) => {
          console.error('[http] handler failed:', err instanceof Error ? err.name : typeof err);
          if (!res.headersSent) plain(res, 500, 'Internal Server Error\n');
          else res.destroy();
        });
    },
  );
  server.keepAliveTimeout = keepAliveTimeout;
  return server;
}
