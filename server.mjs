// Production server: Next's own handler behind lib/server/http-server.mjs, which sets the HTTP
// timeouts, answers unknown methods with 405, drops client-sent X-Forwarded-* unless a reverse
// proxy that overwrites them stands in front (TRUST_PROXY=true), strips the framework's response
// headers and serves /.well-known/security.txt. Timeouts: HTTP_REQUEST_TIMEOUT_MS (30000),
// HTTP_HEADERS_TIMEOUT_MS (20000), HTTP_KEEP_ALIVE_TIMEOUT_MS (5000).
// It also sets each response's Content-Security-Policy: the hashes of a prerendered page's inline
// scripts (the build's csp-manifest.json) and a per-request nonce for pages rendered per request
// (lib/server/csp.mjs). The policy in next.config.ts is only what `next dev` / `next start` send.
import path from 'node:path';
import next from 'next';
import { cabinetOrigin, createCsp, loadManifest, sfuOrigins } from './lib/server/csp.mjs';
import { createAppServer, serverOptionsFromEnv } from './lib/server/http-server.mjs';
import { createStaticPages } from './lib/server/static-pages.mjs';
import { openBeforeListening } from './lib/server/start.mjs';

const port = Number(process.env.PORT || 3000);
const hostname = process.env.HOSTNAME || undefined;

// HOSTNAME is only where the server listens: given to Next too, its own URL (http://<HOSTNAME>:<port>)
// no longer matches the one its middleware builds, and the rewrite of / to /ru turned into a 307 to /.
const app = next({ dev: false, port, dir: import.meta.dirname, conf: undefined });
const handle = app.getRequestHandler();
await app.prepare();

// The database opens now, before the server listens. In production Next registers instrumentation.ts
// only at the first request; registered here (the same memoised registration Next then finds done),
// the data folder's lock (<DATA_DIR>.lock, lib/db/data-dir-lock.mjs) and <DATA_DIR>.server.json exist
// as soon as the port answers, so commands (npm run admin:create) go through this server instead of
// opening the folder a second time (issue 31). A folder another server holds stops this one here,
// with one line naming it, before anything is written.
const { ensureInstrumentationRegistered } = await import('next/dist/server/lib/router-utils/instrumentation-globals.external.js');
await openBeforeListening(() => ensureInstrumentationRegistered(import.meta.dirname, process.env.NEXT_DIST_DIR || '.next'));

// After prepare: Next has loaded .env files into process.env by now.
// Card payments (docs/payments.md): without Halyk ePay merchant credentials, the local fake of ePay
// (scripts/fakes/epay.mjs) takes them on a loopback port, and the checkout says "test payment".
// lib/payments reads these settings per call, so setting them here, after Next started, is enough.
if (!process.env.EPAY_CLIENT_ID) {
  const { startFakeEpay } = await import('./scripts/fakes/epay.mjs');
  const fake = await startFakeEpay({ port: Number(process.env.EPAY_FAKE_PORT || 0), log: (line) => console.info(line) });
  Object.assign(process.env, fake.env);
  process.env.PAYMENT_SITE_ORIGIN ||= `http://localhost:${port}`;
  console.info(`[payments] no EPAY_CLIENT_ID: test payments through the local fake of ePay at ${fake.url} (docs/payments.md).`);
  if (process.env.DATABASE_URL) console.warn('[payments] WARNING: a PostgreSQL deployment without EPAY_CLIENT_ID takes only test payments (no money moves): set the merchant credentials.');
}
// Fiscal receipts (docs/payments.md): without the cash register operator's credentials, the local
// fake of Webkassa (scripts/fakes/webkassa.mjs) issues them; its receipts are marked as tests.
if (!process.env.WEBKASSA_API_KEY) {
  const { startFakeWebkassa } = await import('./scripts/fakes/webkassa.mjs');
  const fake = await startFakeWebkassa({ port: Number(process.env.WEBKASSA_FAKE_PORT || 0), log: (line) => console.info(line) });
  Object.assign(process.env, fake.env);
  console.info(`[receipts] no WEBKASSA_API_KEY: fiscal receipts from the local fake of Webkassa at ${fake.url} (docs/payments.md).`);
  if (process.env.DATABASE_URL) console.warn('[receipts] WARNING: a PostgreSQL deployment without WEBKASSA_API_KEY issues no real fiscal receipts: set the operator\'s credentials.');
}
// Group lessons' media (docs/operations.md, "Group lessons' SFU (Janus)"): without JANUS_SERVERS, a
// throwaway Janus on the loopback (Debian's janus with deploy/janus's configuration and secrets of
// its own, scripts/janus/local-janus.mjs), ended with this process (even by kill -9). Without janus
// installed, group rooms have no media server (said once). JANUS_LOCAL=off: never start one.
if (!process.env.JANUS_SERVERS && process.env.JANUS_LOCAL !== 'off') {
  const { janusBinary, startLocalJanus } = await import('./scripts/janus/local-janus.mjs');
  if (!janusBinary()) {
    console.info("[sfu] no JANUS_SERVERS and Debian's janus is not installed: group lessons have no media server (apt-get install -y janus; docs/operations.md).");
  } else {
    try {
      const janus = await startLocalJanus();
      Object.assign(process.env, janus.env);
      process.once('exit', () => janus.kill());
      console.info(`[sfu] no JANUS_SERVERS: group lessons through a local Janus at ${janus.url} (browsers: ${janus.wsUrl}; docs/operations.md).`);
      if (process.env.DATABASE_URL) console.warn('[sfu] WARNING: a PostgreSQL deployment without JANUS_SERVERS runs group lessons on a Janus of this instance alone, on its loopback: set JANUS_SERVERS.');
    } catch (err) {
      console.warn(`[sfu] the local Janus did not start, group lessons have no media server: ${err.message}`);
    }
  }
}
const distDir = path.join(import.meta.dirname, process.env.NEXT_DIST_DIR || '.next');
const csp = createCsp({
  manifest: loadManifest(distDir),
  cabinet: cabinetOrigin(process.env.NEXT_PUBLIC_CABINET_URL),
  // The checkout loads the provider's JS library from its page's origin.
  payment: cabinetOrigin(process.env.EPAY_PAGE_URL || 'https://epay.homebank.kz'),
  // The lesson room's page reaches the Janus servers' public addresses (group lessons; set above when local).
  sfu: sfuOrigins(process.env.JANUS_SERVERS),
});
// The prerendered pages (every locale's marketing pages, tests, sign-in…) are sent from the build's
// precompressed files by the same rules and with the same headers as nginx sends them
// (lib/server/static-pages.mjs), so a server without nginx in front does not render, hash and gzip
// them on every request. SERVE_PRERENDERED_FILES=false leaves them to Next (the cluster test's reference).
const prerendered = /^(0|false|no|off)$/i.test(process.env.SERVE_PRERENDERED_FILES ?? '') ? null : createStaticPages({ distDir });
if (prerendered) console.info(`[pages] ${prerendered.count} prerendered pages sent from the build's files (.next/nginx/pages)`);
createAppServer((req, res) => (prerendered?.serve(req, res) ? undefined : handle(req, res)), { ...serverOptionsFromEnv(process.env), csp }).listen(port, hostname, () =>
  console.log(`▲ Tilmen ready on http://${hostname ?? 'localhost'}:${port}`),
);
