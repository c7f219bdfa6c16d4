// Benchmark runner: `npm run bench` → scripts/bench.sh (chromium, build, `next start`) → this file.
//
// It PRINTS figures and asserts nothing. Each section measures one thing against the running app,
// prints its own table while it runs, and returns a Markdown block; at the end all blocks are
// printed as one summary and written to bench-results/latest.md (git-ignored).
//
// Run directly against any server (no build/start):
//   BENCH_BASE_URL=http://127.0.0.1:3000 node scripts/bench.mjs
// Only some sections:  BENCH_ONLY=lighthouse,throughput
// The JS per page alone needs no server: node scripts/bench/landing-js.mjs [--base <other .next>]
// The date sweep (the date suites under libfaketime) runs alone, never in a full run:
//   BENCH_ONLY=dates npm run bench, or node scripts/bench/dates.mjs (scripts/bench.sh execs it)
//
// ── Adding a section ────────────────────────────────────────────────────────────────────────────
// Create scripts/bench/<name>.mjs exporting default
//   { id: 'login', title: 'Login under 20 concurrent clients',
//     async run(ctx) { …; return { markdown: '| … |' } } }
// ctx = { baseUrl, root, chromePath, resultsDir, dataDir, log }. Use LiveTable from
// scripts/bench/lib.mjs to print rows as they come and render the Markdown table. Throwing is
// fine: the runner records the error for that section and goes on. Then add it to SECTIONS.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { errText } from './bench/lib.mjs';
import landingJs from './bench/landing-js.mjs';
import lighthouse from './bench/lighthouse.mjs';
import throughput from './bench/throughput.mjs';
import login from './bench/login.mjs';
import tests from './bench/tests.mjs';
import backoffice from './bench/backoffice.mjs';
import proxy from './bench/proxy.mjs';
import marketplace from './bench/marketplace.mjs';
import payments from './bench/payments.mjs';
import payouts from './bench/payouts.mjs';
import portal from './bench/portal.mjs';
import suite from './bench/suite.mjs';
import roomJs from './bench/room-js.mjs';
import checkoutJs from './bench/checkout-js.mjs';
import room from './bench/room.mjs';
import groupRoom from './bench/group-room.mjs';
import library from './bench/library.mjs';

const SECTIONS = [
  landingJs, //   scripts/bench/landing-js.mjs  — JS per prerendered page, from the build (BENCH_JS_BASE=<other .next> compares)
  lighthouse, //  scripts/bench/lighthouse.mjs — 5 pages × 3 locales
  throughput, //  scripts/bench/throughput.mjs — autocannon on /, app vs static copy
  proxy, //       scripts/bench/proxy.mjs       — / from nginx's file, through nginx, the app alone, the bare page; landings' HTML bytes
  // ── add new sections here, in the order they should run: ──
  login, //       scripts/bench/login.mjs       — login under 20 concurrent clients
  tests, //       scripts/bench/tests.mjs       — certificate PDF, test result call under 20 clients
  backoffice, //  scripts/bench/backoffice.mjs  — 100 000 seeded leads: list, search, exports, attribution
  marketplace, // scripts/bench/marketplace.mjs — free slots of 1 000 tutors over 4 weeks (in-memory PGlite)
  payments, //    scripts/bench/payments.mjs    — ePay notifications one instance takes (in-memory PGlite)
  payouts, //     scripts/bench/payouts.mjs     — the payout register of 1 000 tutors × 20 lessons (in-memory PGlite)
  portal, //      scripts/bench/portal.mjs      — company portal: 5 000-row XLSX import, the 5 000-person roster page
  checkoutJs, //  scripts/bench/checkout-js.mjs — the checkout's JS in three languages against the largest landing page
  roomJs, //      scripts/bench/room-js.mjs     — the lesson room's and the lesson record's JS: first load, then the room and the board
  room, //        scripts/bench/room.mjs        — signalling with 100 rooms open; "Join" to the first remote frame (20 joins)
  library, //     scripts/bench/library.mjs     — the course library's catalogue of 1 000 published courses (in-memory PGlite)
  groupRoom, //   scripts/bench/group-room.mjs  — a tutor and six students through Janus for 2 minutes: first frames, Janus's CPU and memory, signalling, JS
  suite, //       scripts/bench/suite.mjs       — the last npm test: time per step against the 20-minute budget (no server)
];

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const baseUrl = (process.env.BENCH_BASE_URL || '').replace(/\/+$/, '');
if (!baseUrl) {
  console.error('bench.mjs: set BENCH_BASE_URL (npm run bench does this for you).');
  process.exit(1);
}

function readBuildId() {
  try {
    return fs.readFileSync(path.join(root, '.next', 'BUILD_ID'), 'utf8').trim();
  } catch {
    return 'n/a'; // not a Next build (e.g. BENCH_BASE_URL points elsewhere)
  }
}
const startBuildId = readBuildId();

const ctx = {
  baseUrl,
  root,
  chromePath: process.env.CHROME_PATH || '/usr/bin/chromium',
  resultsDir: path.join(root, 'bench-results'),
  dataDir: process.env.DATA_DIR,
  log: (...a) => console.log(...a),
  // The running `next start` serves .next from disk: if someone rebuilds .next meanwhile, old
  // chunks vanish (404) and figures go wrong. Returns a warning text when that happened.
  buildChanged() {
    const now = readBuildId();
    return now !== startBuildId ? `.next was rebuilt during the run (BUILD_ID ${startBuildId} → ${now})` : '';
  },
};

function quiet(cmd, args) {
  try {
    return execFileSync(cmd, args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return '';
  }
}

function environmentLine() {
  const chromium = quiet(ctx.chromePath, ['--version']).replace(/^Chromium\s*/, '').split(' ')[0] || '?';
  const commit = quiet('git', ['rev-parse', '--short', 'HEAD']) || 'no commit';
  const dirty = quiet('git', ['status', '--porcelain']) ? ' + uncommitted changes' : '';
  const cpu = os.cpus();
  return (
    `${cpu.length} × ${cpu[0]?.model?.replace(/\s+/g, ' ').trim() || 'cpu'}, ` +
    `${Math.round(os.totalmem() / 2 ** 30)} GiB RAM, Node ${process.version}, Chromium ${chromium}, ` +
    `git ${commit}${dirty}, Next BUILD_ID ${startBuildId}, target ${baseUrl}`
  );
}

// Output piped into a reader that quits early (npm run bench | head): keep measuring quietly, so
// the summary still reaches bench-results/latest.md.
process.stdout.on('error', (err) => {
  if (err.code !== 'EPIPE') throw err;
  ctx.log = () => {};
  console.log = () => {};
});
// A stray rejection inside a tool (e.g. an abandoned Lighthouse run) must not end the benchmark.
process.on('unhandledRejection', (err) => console.log(`(ignored unhandled rejection: ${errText(err)})`));
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => process.exit(130)); // runs 'exit' cleanups

const only = (process.env.BENCH_ONLY || '').split(',').map((s) => s.trim()).filter(Boolean);
const sections = only.length ? SECTIONS.filter((s) => only.includes(s.id)) : SECTIONS;

const startedAt = new Date();
const env = `${environmentLine()}, load average at start ${os.loadavg()[0].toFixed(2)}`;
console.log(`\n# bench ${startedAt.toISOString()}\n${env}`);

const blocks = [];
for (const section of sections) {
  console.log(`\n== ${section.title} ==`);
  const t0 = Date.now();
  let markdown;
  try {
    ({ markdown } = await section.run(ctx));
  } catch (err) {
    console.log(`section ${section.id} failed: ${err?.stack || err}`);
    markdown = `Section failed: ${errText(err, 400)}`;
  }
  const secs = Math.round((Date.now() - t0) / 1000);
  const load = os.loadavg()[0].toFixed(2);
  console.log(`(${section.id}: ${secs} s, load average ${load})`);
  const changed = ctx.buildChanged();
  if (changed) console.log(`WARNING: ${changed}; this section's figures are unreliable.`);
  const warn = changed ? `\n\n**WARNING: ${changed}; these figures are unreliable.**` : '';
  blocks.push(`### ${section.title}\n\n${markdown}${warn}\n\n_${secs} s; 1-min load average after: ${load}._`);
}

const totalSecs = Math.round((Date.now() - startedAt.getTime()) / 1000);
const summary = [
  `## Benchmark ${startedAt.toISOString().replace(/\.\d+Z$/, 'Z')}`,
  '',
  env,
  '',
  blocks.join('\n\n'),
  '',
  `_Sections took ${totalSecs} s in all._`,
  '',
].join('\n');

fs.mkdirSync(ctx.resultsDir, { recursive: true });
const out = path.join(ctx.resultsDir, 'latest.md');
fs.writeFileSync(out, summary);
console.log(`\n---------------- summary (also in ${path.relative(root, out)}) ----------------\n`);
console.log(summary);
// autocannon/lighthouse may leave sockets or timers behind: do not wait for them.
process.exit(0);
