// Section "lighthouse": Lighthouse 12 (node API), default mobile emulation + simulated throttling,
// for every page × locale. One Chromium is reused across runs; if it dies or a run hangs it is
// relaunched for the next run. A failed run prints its error in its row and the loop goes on.
//
// Env knobs (all optional):
//   BENCH_LOCALES=ru,en        only these locales (default ru,kk,en)
//   BENCH_PATHS=/,/student     these paths instead of the five below
//   BENCH_LH_TIMEOUT_MS=90000  per-run limit
//   BENCH_LH_RUNS=5            runs per page (Lighthouse's advice: the median of 5); the row
//                              is the run with the median performance score
//   BENCH_LH_SAVE=dir          also write that run's full report there (ru-home.json, kk-student.json, …)
//   BENCH_LH_BARE=0            no row for the bare framework page (scripts/bench/bare; issue 32:
//                              the landings stay within 2 points of it)
import fs from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';

import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

import { buildBare, startBare } from './bare.mjs';
import { LiveTable, errText, fmt, httpGet, withTimeout } from './lib.mjs';

const LOCALES = [
  { id: 'ru', prefix: '', acceptLanguage: 'ru-RU,ru;q=0.9' },
  { id: 'kk', prefix: '/kk', acceptLanguage: 'kk-KZ,kk;q=0.9' },
  { id: 'en', prefix: '/en', acceptLanguage: 'en-US,en;q=0.9' },
];
// The landing pages, then the tutor catalogue and a demo tutor's page (issue 14) under the same
// budget: `/tutors/:first` is the first card of the catalogue (the demo tutors' slugs end in their id).
// And the checkout (issue 24), rendered per request, under the same budget; and the public groups
// (issue 33: `/groups` carries no room or checkout code, within the landing budget).
const PATHS = ['/', '/student', '/teacher', '/stud-tariff-plans', '/stud-faq', '/tutors', '/tutors/:first', '/checkout?plan=advanced', '/groups'];
const FIRST_TUTOR = '/tutors/:first';

/** The path of the catalogue's first tutor page (`/tutors/aigerim-seiitova-2`), or null when it lists none. */
async function firstTutorPath(baseUrl) {
  try {
    const res = await httpGet(`${baseUrl}/tutors`);
    return /href="(\/tutors\/[a-z0-9-]+)"/.exec(String(res.body ?? ''))?.[1] ?? null;
  } catch {
    return null;
  }
}
const RUNS = Math.max(1, Number(process.env.BENCH_LH_RUNS) || 5);

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const listFromEnv = (name, all) => {
  const v = process.env[name];
  if (!v) return all;
  const wanted = v.split(',').map((s) => s.trim()).filter(Boolean);
  return all.filter((x) => wanted.includes(typeof x === 'string' ? x : x.id));
};

export const pageUrl = (baseUrl, prefix, path) => baseUrl + (path === '/' ? prefix || '/' : prefix + path);

async function chromeAlive(chrome) {
  if (!chrome || chrome.process?.exitCode != null) return false;
  try {
    const r = await httpGet(`http://127.0.0.1:${chrome.port}/json/version`, { timeoutMs: 3000 });
    return r.status === 200;
  } catch {
    return false;
  }
}

function killChrome(chrome) {
  try {
    chrome?.kill();
  } catch {
    /* already gone */
  }
}

/** Sum of transferSize over network-requests whose resourceType is Script (bytes on the wire). */
function scriptTransferBytes(lhr) {
  const items = lhr.audits['network-requests']?.details?.items ?? [];
  return items.filter((i) => i.resourceType === 'Script').reduce((sum, i) => sum + (i.transferSize || 0), 0);
}

// A bench section: { id, title, run(ctx) }.
// eslint-disable-next-line import/no-anonymous-default-export
export default {
  id: 'lighthouse',
  title: 'Lighthouse (mobile emulation, simulated throttling — Lighthouse defaults)',

  async run(ctx) {
    const { baseUrl, log } = ctx;
    const locales = listFromEnv('BENCH_LOCALES', LOCALES);
    const wantedPaths = process.env.BENCH_PATHS ? process.env.BENCH_PATHS.split(',').map((s) => s.trim()).filter(Boolean) : PATHS;
    const tutorPath = wantedPaths.includes(FIRST_TUTOR) ? await firstTutorPath(baseUrl) : null;
    if (wantedPaths.includes(FIRST_TUTOR) && !tutorPath) log('lighthouse: the catalogue lists no tutor: the tutor page is skipped');
    const paths = wantedPaths.flatMap((p) => (p === FIRST_TUTOR ? (tutorPath ? [tutorPath] : []) : [p]));
    const timeoutMs = Number(process.env.BENCH_LH_TIMEOUT_MS) || 90_000;
    const table = new LiveTable(
      [
        { key: 'locale', label: 'locale', align: 'left', width: 6 },
        { key: 'path', label: 'path', align: 'left', width: 22 },
        { key: 'perf', label: 'perf', width: 4 },
        { key: 'a11y', label: 'a11y', width: 4 },
        { key: 'bp', label: 'best-pr', width: 7 },
        { key: 'seo', label: 'seo', width: 3 },
        { key: 'lcp', label: 'LCP ms', width: 6 },
        { key: 'tbt', label: 'TBT ms', width: 6 },
        { key: 'cls', label: 'CLS', width: 5 },
        { key: 'js', label: 'JS gzip KiB', width: 11 },
        { key: 'note', label: 'note', align: 'left' },
      ],
      log,
    );

    // Warm every page once (first render after `next start`, caches) and remember its status.
    const pages = [];
    for (const loc of locales) {
      for (const path of paths) {
        const url = pageUrl(baseUrl, loc.prefix, path);
        let status;
        try {
          status = (await httpGet(url, { headers: { 'accept-language': loc.acceptLanguage } })).status;
        } catch (err) {
          status = `ERR ${errText(err, 60)}`;
        }
        pages.push({ loc, path, url, status });
      }
    }

    // The bare framework page's / under the same runs (scripts/bench/bare.mjs).
    let bare = null;
    if (process.env.BENCH_LH_BARE !== '0') {
      try {
        buildBare(log);
        bare = await startBare();
        pages.push({ loc: LOCALES[0], path: '(bare page) /', url: bare.url, status: (await httpGet(bare.url)).status });
      } catch (err) {
        log(`lighthouse: the bare page could not be built or started: ${errText(err)}`);
      }
    }

    let chrome;
    // Chromium leaves org.chromium.Chromium.* folders in TMPDIR when killed: give it its own.
    const chromeTmp = fs.mkdtempSync(join(os.tmpdir(), 'bench-chrome-'));
    // Never leave a Chromium (or its files) behind, even if the process exits abruptly.
    const onExit = () => {
      killChrome(chrome);
      bare?.child.kill('SIGTERM');
      fs.rmSync(chromeTmp, { recursive: true, force: true });
    };
    process.on('exit', onExit);
    const started = Date.now();
    try {
      for (const { loc, path, url, status } of pages) {
        const row = { locale: loc.id, path, note: '' };
        const t0 = Date.now();
        try {
          if (!(await chromeAlive(chrome))) {
            killChrome(chrome);
            chrome = await chromeLauncher.launch({
              chromePath: ctx.chromePath,
              chromeFlags: CHROME_FLAGS,
              logLevel: 'silent',
              envVars: { ...process.env, TMPDIR: chromeTmp },
            });
          }
          const runOnce = async () => {
            const run = lighthouse(url, {
              port: chrome.port,
              output: 'json',
              logLevel: 'error',
              onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
              // Send the locale's own language, as a native visitor's browser would, so locale
              // detection (if any) does not redirect the page away from the one we asked for.
              extraHeaders: { 'Accept-Language': loc.acceptLanguage },
            });
            // After a timeout Chrome is killed and the abandoned run rejects later: swallow that.
            run.catch(() => {});
            const result = await withTimeout(run, timeoutMs, 'lighthouse run');
            if (!result?.lhr) throw new Error('lighthouse returned no result');
            return result.lhr;
          };
          // Lighthouse's own advice for variance: five runs, report the median. On this
          // 2-core VM one page's score moves by up to ±5 between back-to-back runs (the
          // CPU benchmark index Lighthouse records varies by ~40 %). The row shows the run
          // with the median performance score and, in the note, every run's score.
          const runs = [];
          let retried = false;
          for (let i = 0; i < RUNS; i++) {
            let one = await runOnce();
            // NO_NAVSTART (a trace recording hiccup, seen under heavy machine load) asks to run
            // again: do so once.
            if (one.runtimeError?.code === 'NO_NAVSTART') {
              retried = true;
              one = await runOnce();
            }
            runs.push(one);
          }
          const scored = runs.filter((r) => typeof r.categories.performance?.score === 'number');
          const byPerf = (scored.length ? scored : runs).slice().sort(
            (a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0),
          );
          const lhr = byPerf[Math.floor((byPerf.length - 1) / 2)];
          if (process.env.BENCH_LH_SAVE) {
            fs.mkdirSync(process.env.BENCH_LH_SAVE, { recursive: true });
            const name = `${loc.id}${path === '/' ? '-home' : path.replace(/\//g, '-')}.json`;
            fs.writeFileSync(join(process.env.BENCH_LH_SAVE, name), JSON.stringify(lhr));
          }
          const c = lhr.categories;
          const worst = (id) => {
            const scores = runs.map((r) => r.categories[id]?.score).filter((x) => typeof x === 'number');
            return scores.length ? Math.min(...scores) : undefined;
          };
          Object.assign(row, {
            perf: fmt.score(c.performance?.score),
            // These three are pass/fail audits: the worst run counts, so a flaky one shows.
            a11y: fmt.score(worst('accessibility')),
            bp: fmt.score(worst('best-practices')),
            seo: fmt.score(worst('seo')),
            lcp: fmt.int(lhr.audits['largest-contentful-paint']?.numericValue),
            tbt: fmt.int(lhr.audits['total-blocking-time']?.numericValue),
            cls: fmt.dec(lhr.audits['cumulative-layout-shift']?.numericValue, 3),
            js: fmt.dec(scriptTransferBytes(lhr) / 1024, 1),
          });
          const notes = [];
          if (runs.length > 1) notes.push(`perf of ${runs.length} runs ${runs.map((r) => fmt.score(r.categories.performance?.score)).join('/')}`);
          if (retried) notes.push('retried after NO_NAVSTART');
          if (status !== 200) notes.push(`HTTP ${status}`);
          if (lhr.runtimeError) notes.push(`${lhr.runtimeError.code}: ${errText(lhr.runtimeError.message, 100)}`);
          const finalUrl = lhr.finalDisplayedUrl || lhr.mainDocumentUrl;
          if (finalUrl && !path.startsWith('(bare') && finalUrl.replace(/\/$/, '') !== url.replace(/\/$/, '')) {
            notes.push(`redirected to ${finalUrl.replace(baseUrl, '') || '/'}`);
          }
          const changed = ctx.buildChanged?.();
          if (changed) notes.push('UNRELIABLE: .next rebuilt meanwhile');
          notes.push(`run ${Math.round((Date.now() - t0) / 1000)} s`);
          row.note = notes.join('; ');
        } catch (err) {
          row.note = `ERROR ${errText(err)}${status !== 200 ? ` (HTTP ${status})` : ''}`;
          // A hung or broken run may have left Chrome in a bad state: start a fresh one next time.
          killChrome(chrome);
          chrome = undefined;
        }
        table.add(row);
      }
    } finally {
      onExit();
      process.off('exit', onExit);
    }

    const secs = Math.round((Date.now() - started) / 1000);
    log(`(${pages.length} Lighthouse runs in ${secs} s)`);
    return {
      markdown: [
        table.markdown(),
        '',
        `Scores 0-100. Each page is run ${RUNS} time(s); the row is the run with the median performance ` +
          'score (every run\'s score is in the note) and accessibility, best practices and SEO are the ' +
          'worst of the runs. LCP/TBT are Lighthouse\'s simulated (Lantern) values; "JS gzip KiB" = sum of ' +
          'transferSize of requests whose resourceType is Script (next start gzips). Each run sends ' +
          'Accept-Language of its locale (ru/kk/en), so locale detection does not redirect it.',
      ].join('\n'),
    };
  },
};
