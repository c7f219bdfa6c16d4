// Section "checkout-js": the checkout's JavaScript (issue 24: "checkout page JS and Lighthouse within
// the landing budget"). The checkout is rendered per request (/checkout?plan=…), so its chunks are
// read from the served HTML in each language, plus what its page loads later (the build's
// react-loadable manifest), each gzipped at level 9 as landing-js does; the budget is the largest
// prerendered landing page of the same build. Lighthouse measures the page in the lighthouse section
// (its paths include /checkout?plan=advanced).
//
// Standalone, against a running server of this tree's build:
//   BENCH_BASE_URL=http://127.0.0.1:3000 node scripts/bench/checkout-js.mjs
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

import { pageScripts } from './landing-js.mjs';
import { chunkSizes, LiveTable } from './lib.mjs';

const CHUNK = /\/_next\/(static\/chunks\/[\w.~-]+\.js)/g;
const LOCALES = [
  ['ru', ''],
  ['kk', '/kk'],
  ['en', '/en'],
];
const LANDING = /^\/(ru|kk|en)(\/(student|teacher|stud-tariff-plans|stud-faq))?$/;
const kib = (bytes) => (bytes / 1024).toFixed(1);

export async function checkoutJs(baseUrl, distDir, log = console.log) {
  const { sum } = chunkSizes(distDir);
  const landing = [...pageScripts(distDir)].filter(([page]) => LANDING.test(page));
  const budget = Math.max(...landing.map(([, p]) => p.bytes));
  const manifest = path.join(distDir, 'server', 'app', '[locale]', '(student)', 'checkout', 'page', 'react-loadable-manifest.json');
  const lazy = fs.existsSync(manifest)
    ? [...new Set(Object.values(JSON.parse(fs.readFileSync(manifest, 'utf8'))).flatMap((v) => (v.files ?? []).filter((f) => f.endsWith('.js'))))]
    : [];
  const table = new LiveTable(
    [
      { key: 'what', label: 'what', align: 'left', width: 44 },
      { key: 'chunks', label: 'chunks', width: 6 },
      { key: 'kib', label: 'JS gzip-9 KiB', width: 13 },
      { key: 'note', label: 'against the landing', align: 'left' },
    ],
    log,
  );
  let worst = 0;
  for (const [locale, prefix] of LOCALES) {
    const res = await fetch(`${baseUrl}${prefix}/checkout?plan=advanced`, { headers: { 'accept-language': locale } });
    const html = await res.text();
    const first = [...new Set([...html.matchAll(CHUNK)].map((m) => m[1]))];
    const all = [...new Set([...first, ...lazy])];
    const bytes = sum(all);
    worst = Math.max(worst, bytes);
    table.add({ what: `${prefix || '/ru'}/checkout?plan=advanced (HTTP ${res.status})`, chunks: all.length, kib: kib(bytes), note: bytes <= budget ? `within (${kib(budget)})` : `OVER by ${kib(bytes - budget)} KiB` });
  }
  const summary = `checkout ${kib(worst)} KiB at most; the largest landing page ${kib(budget)} KiB (${landing.length} landing pages of this build)`;
  log(summary);
  return { table, summary };
}

const section = {
  id: 'checkout-js',
  title: "The checkout's JavaScript against the landing pages' (served HTML + what it loads later)",
  async run(ctx) {
    const dist = path.join(ctx.root, process.env.NEXT_DIST_DIR || '.next');
    const { table, summary } = await checkoutJs(ctx.baseUrl, dist, ctx.log);
    return { markdown: `${table.markdown()}\n\n${summary}. gzip -9 per chunk, each counted once per page.` };
  },
};
export default section;

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
  const baseUrl = (process.env.BENCH_BASE_URL || 'http://127.0.0.1:3000').replace(/\/+$/, '');
  await checkoutJs(baseUrl, path.join(root, process.env.NEXT_DIST_DIR || '.next'));
}
