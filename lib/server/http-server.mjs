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
//  - /.well-known/security.txt (RFC 9116) is answered here, with an Expires date that rolls.
import http from 'node:http';

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

/** Every way headers leave (writeHead, or write/end/flushHeaders through it) passes this filter. */
function stripResponseHeaders(req, res) {
  const routerFetch = isRouterFetch(req);
  const writeHead = res.writeHead;
  res.writeHead = function (statusCode, ...rest) {
    if (!res.headersSent) {
      for (const name of res.getHeaderNames()) if (isStrippedHeader(name, routerFetch)) res.removeHeader(name);
    }
    const args = rest.map((a) => (typeof a === 'string' ? a : filterHeaderArg(a, routerFetch)));
    return writeHead.call(this, statusCode, ...args);
  };
}

/**
 * The server around `handler(req, res)`; not listening yet.
 * @param {(req: http.IncomingMessage, res: http.ServerResponse) => unknown} handler
 * @param {ReturnType<typeof serverOptionsFromEnv> & { connectionsCheckingInterval?: number }} options
 */
export function createAppServer(handler, options = serverOptionsFromEnv()) {
  const { trustProxy = false, requestTimeout = 30_000, headersTimeout = 20_000, keepAliveTimeout = 5_000 } = options;
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
      stripResponseHeaders(req, res);
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
      const path = (req.url ?? '').split('?')[0];
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
