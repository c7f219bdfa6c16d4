// npm run test:observatory — the MDN HTTP Observatory's own scanner (@mdn/mdn-http-observatory, the
// code behind developer.mozilla.org/observatory) against the production build, as the Internet
// would see it: `node server.mjs` (TRUST_PROXY=true) behind a local reverse proxy that terminates
// TLS on :443 with a certificate made here by openssl, and answers :80 with a redirect to https.
// Fails when the score is under OBSERVATORY_MIN_SCORE (100), printing each test that lost points.
//
// Needs: a build (`npm run build`), openssl, and the right to listen on ports 80 and 443 (root, or
// CAP_NET_BIND_SERVICE): the scanner takes a host name only and always uses the default ports. The
// proxy listens on a loopback address of its own (127.x.y.z, random), so parallel runs and other
// servers on the machine do not clash.
// The scanner is installed on first use into ~/.cache/tilmen-observatory (OBSERVATORY_DIR), pinned,
// with --ignore-scripts: the install scripts download Mozilla's intermediate CA list and Chromium's
// HSTS preload list from the Internet, which the scanner only needs for real sites; here it trusts
// the local CA, and an empty preload list stands in (a local address is never preloaded).
// Environment: OBSERVATORY_APP_PORT (4190; E2E_PORT when set), OBSERVATORY_HOST, OBSERVATORY_MIN_SCORE.
import { execFile, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const SCANNER_VERSION = '1.4.8';
const root = path.resolve(import.meta.dirname, '..');
const minScore = Number(process.env.OBSERVATORY_MIN_SCORE ?? 100);
const appPort = Number(process.env.OBSERVATORY_APP_PORT ?? process.env.E2E_PORT ?? 4190);
const rand = (min, max) => min + Math.floor(Math.random() * (max - min + 1));
const host = process.env.OBSERVATORY_HOST ?? `127.${rand(1, 254)}.${rand(0, 255)}.${rand(1, 254)}`;
const distDir = path.join(root, process.env.NEXT_DIST_DIR || '.next');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tilmen-observatory-'));

const cleanups = [];
async function cleanup() {
  for (const fn of cleanups.splice(0).reverse()) {
    try {
      await fn();
    } catch {
      // best effort
    }
  }
}
function fail(message) {
  console.error(`observatory: ${message}`);
  return cleanup().then(() => process.exit(1));
}

/** The pinned scanner, installed once. */
function scanner() {
  const dir = process.env.OBSERVATORY_DIR ?? path.join(os.homedir(), '.cache', 'tilmen-observatory');
  const pkg = path.join(dir, 'node_modules', '@mdn', 'mdn-http-observatory');
  const installed = (() => {
    try {
      return JSON.parse(fs.readFileSync(path.join(pkg, 'package.json'), 'utf8')).version;
    } catch {
      return null;
    }
  })();
  if (installed !== SCANNER_VERSION) {
    console.log(`observatory: installing @mdn/mdn-http-observatory@${SCANNER_VERSION} into ${dir} (once)…`);
    fs.mkdirSync(dir, { recursive: true });
    if (!fs.existsSync(path.join(dir, 'package.json'))) fs.writeFileSync(path.join(dir, 'package.json'), '{"private":true}\n');
    execFileSync('npm', ['install', '--prefix', dir, '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error', `@mdn/mdn-http-observatory@${SCANNER_VERSION}`], {
      stdio: 'inherit',
    });
  }
  // Its install script would download Chromium's HSTS preload list; a local address is in no such
  // list (preloading only ever adds a bonus), so an empty one stands in.
  const preload = path.join(pkg, 'conf', 'hsts-preload.json');
  if (!fs.existsSync(preload)) fs.writeFileSync(preload, '{}\n');
  return path.join(pkg, 'src', 'scan.js');
}

/** A throwaway CA and a certificate for `host` signed by it (the scanner is told to trust the CA). */
function certificates() {
  const run = (...args) => execFileSync('openssl', args, { cwd: tmp, stdio: ['ignore', 'ignore', 'pipe'] });
  run('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '2', '-subj', '/CN=Tilmen Observatory test CA',
    '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign');
  run('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'site.key', '-out', 'site.csr', '-subj', `/CN=${host}`);
  fs.writeFileSync(path.join(tmp, 'site.ext'), `subjectAltName=IP:${host}\nextendedKeyUsage=serverAuth\nbasicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature,keyEncipherment\n`);
  run('x509', '-req', '-in', 'site.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'site.pem', '-days', '2', '-extfile', 'site.ext');
  return { ca: path.join(tmp, 'ca.pem'), key: fs.readFileSync(path.join(tmp, 'site.key')), cert: fs.readFileSync(path.join(tmp, 'site.pem')) };
}

async function startApp() {
  const child = spawn(process.execPath, ['server.mjs'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      NEXT_TELEMETRY_DISABLED: '1',
      PORT: String(appPort),
      TRUST_PROXY: 'true',
      DATA_DIR: path.join(tmp, 'data'),
    },
  });
  cleanups.push(() => process.kill(-child.pid, 'SIGTERM'));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server.mjs exited with ${child.exitCode}`);
    const ok = await new Promise((resolve) => {
      const req = http.get({ host: '127.0.0.1', port: appPort, path: '/', timeout: 2_000 }, (res) => {
        res.resume();
        resolve(res.statusCode === 200);
      });
      req.on('error', () => resolve(false));
      req.on('timeout', () => req.destroy());
    });
    if (ok) return;
    if (Date.now() > deadline) throw new Error('server.mjs did not answer within 120 s');
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** The reverse proxy: TLS on :443 (X-Forwarded-* overwritten, as nginx is configured to), :80 → https. */
async function startProxy({ key, cert }) {
  const tls = https.createServer({ key, cert }, (req, res) => {
    const headers = { ...req.headers, 'x-forwarded-proto': 'https', 'x-forwarded-for': req.socket.remoteAddress ?? '', 'x-forwarded-host': req.headers.host ?? host };
    delete headers['x-real-ip'];
    delete headers.forwarded;
    const upstream = http.request({ host: '127.0.0.1', port: appPort, method: req.method, path: req.url, headers }, (up) => {
      res.writeHead(up.statusCode ?? 502, up.rawHeaders);
      up.pipe(res);
    });
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  const plain = http.createServer((req, res) => {
    res.writeHead(301, { location: `https://${host}${req.url ?? '/'}`, 'content-length': '0' });
    res.end();
  });
  for (const [server, port] of [[tls, 443], [plain, 80]]) {
    await new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, resolve);
    });
    cleanups.push(() => new Promise((r) => { server.closeAllConnections(); server.close(r); }));
  }
}

async function main() {
  if (!fs.existsSync(path.join(distDir, 'BUILD_ID'))) return fail(`no build in ${distDir}: run npm run build first`);
  const scan = scanner();
  const certs = certificates();
  await startApp();
  try {
    await startProxy(certs);
  } catch (e) {
    return fail(`cannot listen on ${host}:443 and :80 (${e.code ?? e.message}): run as root or grant node CAP_NET_BIND_SERVICE`);
  }
  console.log(`observatory: scanning https://${host}/ (server.mjs on :${appPort} behind a TLS proxy)…`);
  let out;
  try {
    // Asynchronously: the proxy answering the scanner runs in this process.
    ({ stdout: out } = await promisify(execFile)(process.execPath, [scan, host], {
      env: { ...process.env, NODE_EXTRA_CA_CERTS: certs.ca },
      encoding: 'utf8',
      timeout: 120_000,
    }));
  } catch (e) {
    return fail(`the scanner failed: ${e.stdout ?? ''}${e.message}`);
  }
  const result = JSON.parse(out);
  if (result.error) return fail(`the scanner says: ${result.error}`);
  const { score, grade, testsPassed, testsQuantity } = result.scan;
  for (const [name, t] of Object.entries(result.tests)) {
    console.log(`  ${t.pass ? 'pass' : 'FAIL'} ${String(t.scoreModifier).padStart(4)}  ${name}: ${t.result}`);
  }
  console.log(`observatory: score ${score}, grade ${grade}, ${testsPassed}/${testsQuantity} tests passed (minimum ${minScore})`);
  await cleanup();
  fs.rmSync(tmp, { recursive: true, force: true });
  process.exit(score >= minScore ? 0 : 1);
}

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void cleanup().then(() => process.exit(130)));
main().catch((e) => fail(e instanceof Error ? e.message : String(e)));
