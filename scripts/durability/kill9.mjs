// Kill -9 durability check: every request the server answered 2xx must survive a SIGKILL.
//
//   node scripts/durability/kill9.mjs [--db pglite|postgres] [--count 402] [--concurrency 16] [--port N] [--kill-at 0.4] [--keep]
//   --count: requests in the burst, all kinds together (interleaved: 402 → 134 leads, 134 bookings and
//   134 payments' notifications).
//
// Starts the production server (`node server.mjs` on the built app: run `npm run build` first) on a
// fresh database, prepares what the writes need through its HTTP calls (bookable tutors with free
// slots, signed-up students), sends a burst of writes (scripts/durability/submissions.mjs: leads
// interleaved with free trial bookings), kills the server with SIGKILL in the middle of the burst
// (with requests in flight), restarts it on the same data, sends again what got no answer, kills it
// again, then opens the database itself and looks for every request that was answered 2xx (and runs
// each kind's own checks: every paid order credited exactly once, the ledger summing to zero). Prints
// sent, 2xx, found and lost per kind; exits 1 when anything acknowledged is lost (or a booking gets
// a final answer other than 2xx, or any kind gets a 5xx).
//   --db pglite: a fresh DATA_DIR in the temp folder (removed afterwards unless --keep).
//   --db postgres: a fresh database in the cluster of TEST_DATABASE_URL (scripts/with-postgres.sh
//                  starts a throwaway one: bash scripts/with-postgres.sh node scripts/durability/kill9.mjs --db postgres).
// Captcha is off (no RECAPTCHA_* keys in the server's environment) and each request comes from its
// own loopback address (127.x.y.z), so the per-address lead limit does not refuse the burst. The
// server runs with ENABLE_DEV_TOOLS=true, as in e2e: the SMS codes of the sign-ups are read from the
// development outbox and tutors are made bookable through /api/dev/bookable-tutor. The fake of ePay
// runs in this script's process (EPAY_* point the server at it), so the bank outlives the kills.
// The port: --port, else DURABILITY_PORT, else a free one picked at start.
import { spawn } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { lockDataDir } from '../../lib/db/data-dir-lock.mjs';
import { freePort } from '../../lib/server/free-port.mjs';
import { startFakeEpay } from '../fakes/epay.mjs';
import { SUBMISSIONS } from './submissions.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');
const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    count: { type: 'string', default: '402' },
    concurrency: { type: 'string', default: '16' },
    port: { type: 'string', default: process.env.DURABILITY_PORT ?? String(await freePort()) },
    'kill-at': { type: 'string', default: '0.4' },
    keep: { type: 'boolean', default: false },
  },
});
const DB = values.db;
const COUNT = Number(values.count);
const CONCURRENCY = Number(values.concurrency);
const PORT = Number(values.port);
const KILL_AT = Number(values['kill-at']);
if (!['pglite', 'postgres'].includes(DB) || !(COUNT > 0) || !(CONCURRENCY > 0) || !(PORT > 0) || !(KILL_AT > 0 && KILL_AT < 1)) {
  console.error('Usage: node scripts/durability/kill9.mjs [--db pglite|postgres] [--count 402] [--concurrency 16] [--port 4400] [--kill-at 0.4] [--keep]');
  process.exit(2);
}
if (!existsSync(path.join(ROOT, '.next/BUILD_ID'))) {
  console.error('kill9: no production build (.next/BUILD_ID): run `npm run build` first.');
  process.exit(2);
}

const letters = (n) => Array.from(randomBytes(n), (b) => String.fromCharCode(97 + (b % 26))).join('');
const run = { id: letters(10), base: randomInt(0, 10_000_000) };
const log = (msg) => console.log(`kill9 [${DB}]: ${msg}`);

// ── the database under test ──────────────────────────────────────────────────────────────────────
let dataDir;
let databaseUrl;
let dropDatabase = async () => {};
if (DB === 'pglite') {
  dataDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'tilmen-kill9-')), 'pglite');
} else {
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) {
    console.error('kill9: --db postgres needs TEST_DATABASE_URL (run it under scripts/with-postgres.sh).');
    process.exit(2);
  }
  const { default: pg } = await import('pg');
  const name = `kill9_${run.id}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
  dropDatabase = async () => {
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`).catch(() => {});
    await c.end();
  };
}

const serverEnv = {
  PATH: process.env.PATH,
  HOME: process.env.HOME,
  NODE_ENV: 'production',
  NEXT_TELEMETRY_DISABLED: '1',
  PORT: String(PORT),
  HOSTNAME: '127.0.0.1',
  APP_SECRET: randomBytes(48).toString('base64url'),
  ENABLE_DEV_TOOLS: 'true',
  // 134 orders from 4 students: the checkout's per-student limits (security.md M2) raised for the burst's set-up.
  CHECKOUT_PER_10_MIN: '1000',
  CHECKOUT_MAX_PENDING: '1000',
  ...(dataDir ? { DATA_DIR: dataDir } : { DATABASE_URL: databaseUrl }),
};

// ── the server ───────────────────────────────────────────────────────────────────────────────────
let server = null;
let serverLog = '';

function startServer() {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['server.mjs'], { cwd: ROOT, env: serverEnv, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    server = child;
    const t0 = performance.now();
    const timer = setTimeout(() => reject(new Error(`server not ready in 90 s:\n${serverLog.slice(-3000)}`)), 90_000);
    const onData = (chunk) => {
      serverLog += chunk;
      if (/ready on/i.test(serverLog.slice(-2000))) {
        clearTimeout(timer);
        resolve((performance.now() - t0) / 1000);
      }
    };
    child.stdout.setEncoding('utf8').on('data', onData);
    child.stderr.setEncoding('utf8').on('data', (c) => (serverLog += c));
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code ?? signal}) before it was ready:\n${serverLog.slice(-3000)}`));
    });
  });
}

/** SIGKILL to the server's whole process group; resolves once it is gone. */
function killServer() {
  const child = server;
  server = null;
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.once('exit', () => resolve());
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      resolve();
    }
  });
}

// ── the burst ────────────────────────────────────────────────────────────────────────────────────
/** Request i: the kind (interleaved), its body, and a loopback source address of its own. */
function plan(i) {
  const kind = SUBMISSIONS[i % SUBMISSIONS.length];
  const n = Math.floor(i / SUBMISSIONS.length);
  return { kind, n, ...kind.request(n, run), localAddress: `127.${1 + (i >> 16)}.${(i >> 8) & 255}.${(i & 255) || 1}` };
}

function post({ path: p, body, headers = {}, localAddress, method = 'POST', timeout = 30_000 }) {
  return new Promise((resolve) => {
    const data = body === undefined ? Buffer.alloc(0) : Buffer.from(JSON.stringify(body));
    const req = http.request(
      {
        host: '127.0.0.1',
        port: PORT,
        path: p,
        method,
        localAddress,
        agent: false,
        timeout,
        headers: { ...(body === undefined ? {} : { 'content-type': 'application/json', 'content-length': data.length }), origin: `http://127.0.0.1:${PORT}`, ...headers },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        res.on('error', () => resolve({ status: 0, text }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (err) => resolve({ status: 0, text: err.message }));
    req.end(data);
  });
}

const results = new Map(); // i → status (0: no answer)
const cutOff = new Set(); // requests sent to a live server that got no answer: in flight at the kill (or timed out)

/** Sends requests `indexes` with CONCURRENCY in flight; calls onAnswer after each answer (status 0: none). */
async function burst(indexes, onAnswer = () => {}) {
  let k = 0;
  async function worker() {
    while (k < indexes.length) {
      const i = indexes[k++];
      const before = server;
      const { status } = await post(plan(i));
      results.set(i, status);
      if (!status && before) cutOff.add(i);
      onAnswer(i, status);
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}

// ── the preparation: before the burst, each call from its own /24 of 127.200.0.0/13 (apart from the burst's) ──
let setupCalls = 0;
const api = {
  async call(method, p, body, headers) {
    const n = setupCalls++;
    // A loaded machine (argon2 of 24 sign-ups on 2 cores) may answer slowly: no retries here, so wait long.
    const res = await post({ method, path: p, body, headers, timeout: 120_000, localAddress: `127.${200 + ((n >> 16) & 7)}.${n & 255}.${((n >> 8) & 255) + 1}` });
    let json = null;
    try {
      json = JSON.parse(res.text);
    } catch {}
    return { ...res, json };
  },
};

// ── the check ────────────────────────────────────────────────────────────────────────────────────
async function withQuery(fn) {
  if (DB === 'pglite') {
    // Under the folder's lock, like every opener: the killed server's lock is stale (its pid is gone)
    // and taken over here; a server still running would be refused.
    const lock = await lockDataDir(dataDir, { command: 'scripts/durability/kill9.mjs' });
    const { PGlite } = await import('@electric-sql/pglite');
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
    const db = new PGlite(dataDir, { extensions: { pg_trgm } });
    try {
      return await fn(async (sql, params) => (await db.query(sql, params)).rows);
    } finally {
      await db.close();
      lock.release();
    }
  }
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await fn(async (sql, params) => (await client.query(sql, params)).rows);
  } finally {
    await client.end();
  }
}

async function main() {
  const epay = await startFakeEpay({});
  run.epay = epay;
  Object.assign(serverEnv, epay.env, { PAYMENT_SITE_ORIGIN: `http://127.0.0.1:${PORT}` });
  closeFakes = () => epay.close();
  log(`starting the production server on 127.0.0.1:${PORT} (${DB === 'pglite' ? dataDir : 'a fresh PostgreSQL database'})`);
  log(`server ready in ${(await startServer()).toFixed(1)} s`);
  for (const kind of SUBMISSIONS) {
    if (!kind.prepare) continue;
    const count = Array.from({ length: COUNT }, (_, i) => i).filter((i) => SUBMISSIONS[i % SUBMISSIONS.length] === kind).length;
    const t = performance.now();
    const what = await kind.prepare(api, run, count);
    log(`prepared for ${count} ${kind.name} requests in ${((performance.now() - t) / 1000).toFixed(1)} s (${setupCalls} calls so far): ${what}`);
  }

  // Phase 1: burst until KILL_AT of the requests are answered, then SIGKILL with requests in flight.
  const killAfter = Math.max(1, Math.floor(COUNT * KILL_AT));
  let acked = 0;
  let killed = null;
  let killedAtIndex = COUNT;
  let killSeconds = 0;
  const t1 = performance.now();
  await burst(Array.from({ length: COUNT }, (_, i) => i), (i, status) => {
    if (status >= 200 && status < 300) acked++;
    if (!killed && acked >= killAfter) {
      killedAtIndex = i;
      killSeconds = (performance.now() - t1) / 1000;
      killed = killServer();
    }
  });
  await killed;
  // Requests after the kill met a closed port (status 0); they are sent again after the restart.
  const unanswered1 = [...results].filter(([, s]) => s === 0).map(([i]) => i);
  const first = [...results].filter(([, s]) => s >= 200 && s < 300).length;
  log(`SIGKILL after ${first} answered 2xx (request #${killedAtIndex}), ${cutOff.size} sent to the live server got no answer (in flight at the kill, or timed out); ${unanswered1.length} got no answer in all`);

  // Phase 2: restart on the same data, then send again what got no answer.
  log(`restarted on the same data, ready in ${(await startServer()).toFixed(1)} s`);
  const retry = unanswered1;
  for (const i of retry) results.delete(i);
  const t0 = performance.now();
  await burst(retry);
  const phase2Seconds = (performance.now() - t0) / 1000;
  await killServer();
  log(`sent the ${retry.length} unanswered requests again (${phase2Seconds.toFixed(1)} s), then SIGKILL again`);

  // The check: every 2xx is in the database.
  const byKind = new Map(SUBMISSIONS.map((s) => [s.name, { sent: 0, ok: 0, codes: {}, resent: 0, other: {}, found: 0, lost: [] }]));
  const found = await withQuery(async (query) => new Map(await Promise.all(SUBMISSIONS.map(async (s) => [s.name, await s.stored(query, run)]))));
  const verified = await withQuery(async (query) => Promise.all(SUBMISSIONS.filter((s) => s.verify).map(async (s) => [s.name, await s.verify(query, run)])));
  for (let i = 0; i < COUNT; i++) {
    const { kind, n } = plan(i);
    const c = byKind.get(kind.name);
    const status = results.get(i) ?? 0;
    c.sent++;
    if (retry.includes(i)) c.resent++;
    if (status >= 200 && status < 300) {
      c.ok++;
      c.codes[status] = (c.codes[status] ?? 0) + 1;
      if (found.get(kind.name).has(kind.key(n, run))) c.found++;
      else c.lost.push(i);
    } else c.other[status || 'no answer'] = (c.other[status || 'no answer'] ?? 0) + 1;
  }
  let failed = false;
  for (const [name, c] of byKind) {
    const extra = found.get(name).size - c.found;
    const other = Object.entries(c.other).map(([s, n]) => `${n}×${s}`).join(', ') || 'none';
    const codes = Object.entries(c.codes).map(([s, n]) => `${n}×${s}`).join(', ');
    console.log(`kill9 [${DB}] ${name}: sent=${c.sent} 2xx=${c.ok} found=${c.found} lost=${c.lost.length} (2xx: ${codes || 'none'}; resent after the restart: ${c.resent}; stored without a 2xx: ${extra}; other answers: ${other})`);
    if (c.lost.length) {
      failed = true;
      console.error(`kill9 [${DB}] ${name}: LOST acknowledged requests #${c.lost.slice(0, 20).join(', #')}`);
    }
    if (c.ok < killAfter / SUBMISSIONS.length) {
      failed = true;
      console.error(`kill9 [${DB}] ${name}: too few acknowledged requests to mean anything`);
    }
    if (SUBMISSIONS.find((s) => s.name === name).allAnswered2xx && Object.keys(c.other).length) {
      failed = true;
      console.error(`kill9 [${DB}] ${name}: answers other than 2xx (${other}); a resent request must get its first answer back:\n${serverLog.slice(-3000)}`);
    }
    if (Object.keys(c.other).some((s) => Number(s) >= 500)) {
      failed = true;
      console.error(`kill9 [${DB}] ${name}: 5xx answers:\n${serverLog.slice(-3000)}`);
    }
  }
  for (const [name, problems] of verified) {
    for (const p of problems) console.error(`kill9 [${DB}] ${name}: ${p}`);
    if (problems.length) failed = true;
    else log(`${name}: every check of the kind holds after the kills`);
  }
  log(`throughput before the kill: ${(killAfter / killSeconds).toFixed(0)} acknowledged requests/s with ${CONCURRENCY} in flight`);
  return failed;
}

let closeFakes = async () => {};
let failed = true;
try {
  failed = await main();
} catch (err) {
  console.error(`kill9 [${DB}] failed: ${err instanceof Error ? err.message : String(err)}\nThe server's last output:\n${serverLog.slice(-3000)}`);
} finally {
  await killServer();
  await closeFakes().catch(() => {});
  await dropDatabase().catch(() => {});
  if (dataDir && !values.keep) rmSync(path.dirname(dataDir), { recursive: true, force: true });
  if (dataDir && values.keep) log(`data kept in ${dataDir}`);
}
process.exit(failed ? 1 : 0);
