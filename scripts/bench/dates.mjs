// Section "dates" (issue 31): every Vitest suite that does date arithmetic, run under libfaketime at
// moments where date rules break — a Sunday just after midnight, a Saturday, a month's last day,
// 31 December, 23:30 and 00:30 in Almaty (UTC+5: 18:30 UTC the same day and 19:30 UTC the day
// before), 00:30 on a Monday, the end of a UTC day — and a table of each moment × pass/fail with the
// failing tests' names.
// A test that reads today's date or weekday fails here on some moment: it should take a fixed clock
// (vi.useFakeTimers({ now, toFake: ['Date'] }) or the `now` parameter lib/ functions take).
//
// Not part of `npm test` (eight runs of ~80 suites, 6-9 minutes each with one worker). Needs no build and no server:
//   BENCH_ONLY=dates npm run bench          or   node scripts/bench/dates.mjs [suite paths or parts of them…]
//   node scripts/bench/dates.mjs --list     the moments and the suites, nothing run
// Environment: DATE_SWEEP_MOMENTS=sun-0050,dec31 (ids below; default all), DATE_SWEEP_WORKERS
// (Vitest workers, default 1: the machine is shared), DATE_SWEEP_TZ (the processes' zone, default UTC;
// Asia/Almaty shows code that reads local-time getters). Exit code 1 when a test failed.
//
// How: `faketime -f '@YYYY-MM-DD HH:MM:SS'` (Debian's libfaketime; installed with apt as root when
// missing) preloads the library into Vitest and, through the environment, into its forked workers.
// '@' is a start-at time that then advances, counted from each process's start; with `--isolate`
// every suite runs in a fresh fork, so each one starts at the moment itself (not minutes after it).
// Before the runs a Node one-liner and a child it forks must both read the moment, or nothing runs.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

import { LiveTable } from './lib.mjs';

/** The moments: id, what it tests, the instant (UTC). Almaty is UTC+5 all year. */
export const MOMENTS = [
  { id: 'sun-0050', what: 'Sunday 00:50 (issue 31)', utc: '2026-11-28T19:50:00Z' },
  { id: 'sat-1200', what: 'Saturday noon', utc: '2026-12-05T07:00:00Z' },
  { id: 'month-end', what: "a month's last day (31 January, Feb has none)", utc: '2027-01-31T07:00:00Z' },
  { id: 'dec31', what: '31 December, noon', utc: '2026-12-31T07:00:00Z' },
  { id: 'almaty-2330', what: "23:30 in Almaty, a month's last day (UTC: 18:30 the same day)", utc: '2026-11-30T18:30:00Z' },
  { id: 'almaty-0030', what: "00:30 in Almaty, 1 January (UTC: still 31 December, 19:30)", utc: '2026-12-31T19:30:00Z' },
  // An evening in Almaty: slots booked one after another from "now" run into midnight (stop 37's CI at 20:12).
  { id: 'almaty-2015', what: '20:15 in Almaty, a Sunday (stop 37: three lessons in a row ran into midnight)', utc: '2026-11-29T15:15:00Z' },
  { id: 'almaty-2200', what: '22:00 in Almaty, a Wednesday', utc: '2026-12-02T17:00:00Z' },
  { id: 'mon-0030', what: '00:30 in Almaty on a Monday (UTC: still Sunday, 19:30)', utc: '2026-12-06T19:30:00Z' },
  // Rate limits and the SMS budgets count UTC days (from the epoch): their boundary is 05:00 in Almaty.
  { id: 'utc-2330', what: '23:30 UTC, the end of a UTC day (04:30 in Almaty)', utc: '2026-12-09T23:30:00Z' },
];

/** What marks a suite as doing date arithmetic (grep over the tracked *.test.ts(x) files). */
export const DATE_PATTERN =
  /\bDate\b|date-fns|addDays|addMonths|[Bb]usiness ?[Dd]ays|business-days|Almaty|\+05:00|getU?T?C?Day\(|[Mm]onth|schoolDay|schoolDate|schoolInstant|useFakeTimers|setSystemTime|86_?400|3600_?000|freeSlots|deadline|expir|dueBy|DueAt|remind|retention|holiday|\btrials?\b|series|payout|statement|\bSLA\b|weekday|midnight/;

const almaty = (iso) => new Date(Date.parse(iso) + 5 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');
const weekday = (iso) => new Date(Date.parse(iso) + 5 * 3600_000).toLocaleDateString('en-GB', { weekday: 'short', timeZone: 'UTC' });

/** The instant written as wall-clock time in `tz`, the way faketime's '@' reads it (the process's TZ). */
function wallClock(iso, tz) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone: tz, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

export function dateSuites(root, filters = []) {
  const files = execFileSync('git', ['ls-files', '*.test.ts', '*.test.tsx'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter(Boolean)
    .filter((f) => !/^(e2e|deploy)\//.test(f) && fs.existsSync(path.join(root, f))); // as vitest.config.ts excludes
  const picked = files.filter((f) => DATE_PATTERN.test(fs.readFileSync(path.join(root, f), 'utf8')));
  return filters.length ? picked.filter((f) => filters.some((x) => f.includes(x))) : picked;
}

/** faketime, and what `npm test` installs for these suites too (pdftotext, zbarimg: scripts/lib.sh). */
function ensureTools(root, log) {
  const has = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;
  if (!has('faketime')) {
    log("faketime is missing: installing Debian's libfaketime (apt-get install -y faketime)…");
    const r = spawnSync('bash', ['-c', 'source scripts/lib.sh && apt_ensure "the date sweep" faketime'], { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) throw new Error('no faketime: sudo apt-get install -y faketime');
  }
  // Without them the PDF suites fail at every moment, which says nothing about dates.
  if (!has('pdftotext') || !has('zbarimg')) spawnSync('bash', ['-c', 'source scripts/lib.sh && ensure_pdf_tools'], { cwd: root, stdio: 'inherit' });
}

/** Node, and a child it forks (as Vitest forks its workers), must read the moment (± 1 min). */
function checkFaketime(moment, env) {
  const probe = `const {execFileSync}=require('node:child_process');console.log(Date.now(), execFileSync(process.execPath,['-p','Date.now()'],{encoding:'utf8'}).trim())`;
  const out = execFileSync('faketime', ['-f', `@${wallClock(moment.utc, env.TZ)}`, process.execPath, '-e', probe], { env, encoding: 'utf8' }).trim();
  const want = Date.parse(moment.utc);
  const seen = out.split(/\s+/).map(Number);
  if (seen.length !== 2 || seen.some((t) => !(Math.abs(t - want) < 60_000))) {
    throw new Error(`faketime did not reach Node at ${moment.id}: wanted ${moment.utc}, Node read ${seen.map((t) => new Date(t).toISOString()).join(' / its child ')}`);
  }
}

function runMoment(root, moment, files, { workers, env, resultsDir, log }) {
  const out = path.join(resultsDir, `dates-${moment.id}.json`);
  fs.rmSync(out, { force: true });
  const args = ['-f', `@${wallClock(moment.utc, env.TZ)}`, 'npx', 'vitest', 'run', '--pool=forks', '--isolate', `--maxWorkers=${workers}`, '--reporter=dot', '--reporter=json', `--outputFile.json=${out}`, ...files];
  const logFile = path.join(resultsDir, `dates-${moment.id}.log`);
  const t0 = Date.now();
  return new Promise((resolve) => {
    const child = spawn('faketime', args, { cwd: root, env, stdio: ['ignore', fs.openSync(logFile, 'w'), fs.openSync(logFile, 'a')] });
    child.on('exit', (code) => {
      const seconds = Math.round((Date.now() - t0) / 1000);
      let report;
      try {
        report = JSON.parse(fs.readFileSync(out, 'utf8'));
      } catch {
        log(`  ${moment.id}: no JSON report (exit ${code}); see ${path.relative(root, logFile)}`);
        resolve({ passed: 0, failed: NaN, failures: [{ file: path.relative(root, logFile), test: '(no report)', full: `Vitest gave no report (exit ${code})` }], seconds });
        return;
      }
      const failures = [];
      for (const file of report.testResults ?? []) {
        const rel = path.relative(root, file.name);
        const failedTests = (file.assertionResults ?? []).filter((a) => a.status === 'failed');
        for (const a of failedTests) failures.push({ file: rel, test: a.title, full: [...(a.ancestorTitles ?? []), a.title].join(' > ') });
        // A suite that failed outside its tests (an import, a beforeAll) has no failed test to name.
        if (file.status === 'failed' && !failedTests.length) failures.push({ file: rel, test: '(the suite)', full: `the suite: ${String(file.message ?? '').split('\n')[0].slice(0, 200)}` });
      }
      resolve({ passed: report.numPassedTests ?? 0, failed: report.numFailedTests ?? failures.length, suitesFailed: report.numFailedTestSuites ?? 0, failures, seconds });
    });
  });
}

const dates = {
  id: 'dates',
  title: 'Date sweep: the date suites under libfaketime at a Sunday, a Saturday, month and year ends, 23:30 and 00:30 in Almaty',
  async run(ctx = { root: process.cwd(), log: console.log }) {
    const { root, log } = ctx;
    const args = ctx.args ?? [];
    const resultsDir = ctx.resultsDir ?? path.join(root, 'bench-results');
    fs.mkdirSync(resultsDir, { recursive: true });
    const wanted = (process.env.DATE_SWEEP_MOMENTS || '').split(',').map((s) => s.trim()).filter(Boolean);
    const unknown = wanted.filter((id) => !MOMENTS.some((m) => m.id === id));
    if (unknown.length) throw new Error(`unknown moment(s) ${unknown.join(', ')}; known: ${MOMENTS.map((m) => m.id).join(', ')}`);
    const moments = wanted.length ? MOMENTS.filter((m) => wanted.includes(m.id)) : MOMENTS;
    const files = dateSuites(root, args.filter((a) => !a.startsWith('--')));
    const tz = process.env.DATE_SWEEP_TZ || 'UTC';
    const workers = Number(process.env.DATE_SWEEP_WORKERS || 1);
    log(`${files.length} suites doing date arithmetic; ${moments.length} moments; ${workers} worker(s); processes' TZ=${tz}`);
    if (args.includes('--list')) {
      for (const m of moments) log(`  ${m.id.padEnd(12)} ${m.utc}  Almaty ${weekday(m.utc)} ${almaty(m.utc)}  ${m.what}`);
      for (const f of files) log(`  ${f}`);
      return { markdown: `${files.length} suites, ${moments.length} moments (listed only).`, failed: 0 };
    }
    if (!files.length) throw new Error('no suite matches');
    ensureTools(root, log);
    // Vitest's own children get the preload from the environment faketime sets (LD_PRELOAD, FAKETIME).
    const env = { ...process.env, TZ: tz, NEXT_TELEMETRY_DISABLED: '1', FORCE_COLOR: '0' };
    for (const m of moments) checkFaketime(m, env);
    log('faketime reaches Node and its forked children at every moment');

    const table = new LiveTable(
      [
        { key: 'id', label: 'moment', align: 'left', width: 12 },
        { key: 'almaty', label: 'Almaty (UTC+5)', align: 'left', width: 20 },
        { key: 'utc', label: 'UTC', align: 'left', width: 20 },
        { key: 'passed', label: 'passed', align: 'right' },
        { key: 'failed', label: 'failed', align: 'right' },
        { key: 'seconds', label: 's', align: 'right', width: 4 },
        { key: 'failing', label: 'failing tests', align: 'left' },
      ],
      log,
    );
    let failed = 0;
    const details = [];
    for (const m of moments) {
      const r = await runMoment(root, m, files, { workers, env, resultsDir, log });
      failed += r.failures.length;
      details.push(...r.failures.map((f) => `- ${m.id}: ${f.file} > ${f.full}`));
      table.add({
        id: m.id,
        almaty: `${weekday(m.utc)} ${almaty(m.utc)}`,
        utc: m.utc.replace('T', ' ').slice(0, 16),
        passed: r.passed,
        failed: r.failed,
        seconds: r.seconds,
        failing: r.failures.length ? r.failures.map((f) => `${path.basename(f.file)}: ${f.test.length > 70 ? `${f.test.slice(0, 69)}…` : f.test}`).join('; ') : 'PASS',
      });
    }
    const verdict = failed ? `${failed} failing test(s); logs and JSON reports in ${path.relative(root, resultsDir)}/dates-*` : 'every suite passed at every moment';
    log(verdict);
    if (details.length) log(details.join('\n'));
    const markdown = `${table.markdown()}\n\n${files.length} suites, TZ=${tz}. ${verdict}.${details.length ? `\n\n${details.join('\n')}` : ''}`;
    fs.writeFileSync(path.join(resultsDir, 'dates.md'), `${markdown}\n`);
    return { markdown, failed };
  },
};
export default dates;

// Standalone: node scripts/bench/dates.mjs [suite filters…] [--list]
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  const t0 = Date.now();
  const { failed } = await dates.run({ root, log: console.log, args: process.argv.slice(2) });
  console.log(`date sweep: ${Math.round((Date.now() - t0) / 1000)} s on ${os.cpus().length} cores`);
  process.exit(failed ? 1 : 0);
}
