// Section "landing-js": the JavaScript each prerendered page makes the browser fetch, read from the
// build output (no server, no browser): every /_next/static/chunks/*.js that a page's HTML names
// (its <script> tags and the chunk lists of its flight data), each gzipped at level 9, summed. The
// same bytes whatever the network, so two builds compare to the byte (Lighthouse's "JS gzip KiB"
// also depends on the server's gzip level and on what the page fetches later).
//
// Standalone, no build or server needed beyond `npm run build`:
//   node scripts/bench/landing-js.mjs                      this tree's .next
//   node scripts/bench/landing-js.mjs --base ../other/.next  and the difference to another build
//   node scripts/bench/landing-js.mjs --chunks /ru          the chunks of one page, largest first
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import zlib from 'node:zlib';

import { LiveTable } from './lib.mjs';

const CHUNK = /\/_next\/(static\/chunks\/[\w.~-]+\.js)/g;

/** `/kk/student` for `.next/server/app/kk/student.html`; `/ru` for `ru.html`. */
function pagePath(appDir, file) {
  return `/${path.relative(appDir, file).replace(/\.html$/, '').split(path.sep).join('/')}`;
}

function htmlFiles(dir) {
  return fs
    .readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.html') && !path.basename(f).startsWith('_'))
    .map((f) => path.join(dir, f));
}

/**
 * Per prerendered page (the error and not-found pages left out): the chunks its HTML names and
 * their gzip -9 bytes. `distDir` is a build's folder (.next).
 * @returns {Map<string, { chunks: Map<string, number>, bytes: number }>}
 */
export function pageScripts(distDir) {
  const appDir = path.join(distDir, 'server', 'app');
  if (!fs.existsSync(appDir)) throw new Error(`${appDir} does not exist: run npm run build first`);
  const gz = new Map();
  const gzipped = (rel) => {
    if (!gz.has(rel)) gz.set(rel, zlib.gzipSync(fs.readFileSync(path.join(distDir, rel)), { level: 9 }).length);
    return gz.get(rel);
  };
  const pages = new Map();
  for (const file of htmlFiles(appDir).sort()) {
    const html = fs.readFileSync(file, 'utf8');
    const chunks = new Map();
    for (const [, rel] of html.matchAll(CHUNK)) chunks.set(rel, gzipped(rel));
    pages.set(pagePath(appDir, file), { chunks, bytes: [...chunks.values()].reduce((a, b) => a + b, 0) });
  }
  return pages;
}

const kib = (bytes) => (bytes / 1024).toFixed(1);
const signed = (bytes) => `${bytes > 0 ? '+' : ''}${kib(bytes)}`;

/** The table: KiB per page, with the base build's figure and the difference when `baseDir` is given. */
export function landingJsTable(distDir, { baseDir, log = console.log } = {}) {
  const now = pageScripts(distDir);
  const base = baseDir ? pageScripts(baseDir) : null;
  const columns = [
    { key: 'page', label: 'page', align: 'left', width: 28 },
    { key: 'chunks', label: 'chunks', width: 6 },
    { key: 'kib', label: 'JS gzip-9 KiB', width: 13 },
  ];
  if (base) columns.push({ key: 'base', label: 'base KiB', width: 8 }, { key: 'delta', label: 'Δ bytes', width: 7 });
  columns.push({ key: 'note', label: '', align: 'left' });
  const table = new LiveTable(columns, log);
  let worst = -Infinity;
  for (const [page, { chunks, bytes }] of now) {
    const b = base?.get(page);
    const row = { page, chunks: chunks.size, kib: kib(bytes), note: '' };
    if (base) {
      row.base = b ? kib(b.bytes) : '–';
      row.delta = b ? `${bytes > b.bytes ? '+' : ''}${bytes - b.bytes}` : '–';
      if (b) worst = Math.max(worst, bytes - b.bytes);
      else row.note = 'not in base';
    }
    table.add(row);
  }
  const all = [...now.values()].map((p) => p.bytes);
  const summary =
    `${now.size} pages, ${kib(Math.min(...all))}–${kib(Math.max(...all))} KiB` +
    (base && Number.isFinite(worst) ? `; largest growth against the base: ${signed(worst)} KiB` : '');
  log(summary);
  return { table, summary, worst };
}

/** The chunks of one page, largest first, marked where the base build lacks them (by name). */
function printChunks(distDir, page, baseDir) {
  const now = pageScripts(distDir).get(page);
  if (!now) throw new Error(`no prerendered page ${page}`);
  const base = baseDir ? pageScripts(baseDir).get(page) : undefined;
  for (const [rel, bytes] of [...now.chunks].sort((a, b) => b[1] - a[1])) {
    const raw = fs.statSync(path.join(distDir, rel)).size;
    console.log(`${kib(bytes).padStart(7)} KiB gzip  ${kib(raw).padStart(7)} KiB raw  ${rel}${base && !base.chunks.has(rel) ? '  (not in base)' : ''}`);
  }
  console.log(`${kib(now.bytes).padStart(7)} KiB in ${now.chunks.size} chunks${base ? ` (base ${kib(base.bytes)} KiB in ${base.chunks.size})` : ''}`);
}

const section = {
  id: 'landing-js',
  title: 'JavaScript per prerendered page (gzip -9 of the chunks its HTML names)',
  async run(ctx) {
    const dist = path.join(ctx.root, process.env.NEXT_DIST_DIR || '.next');
    const baseDir = process.env.BENCH_JS_BASE || undefined;
    const { table, summary } = landingJsTable(dist, { baseDir, log: ctx.log });
    return {
      markdown:
        `${table.markdown()}\n\n${summary}. Read from ${path.relative(ctx.root, dist)}` +
        (baseDir ? ` against ${baseDir} (BENCH_JS_BASE)` : '') +
        '; `node scripts/bench/landing-js.mjs --base <other .next>` compares two builds.',
    };
  },
};
export default section;

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const opt = (name) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  const dist = path.resolve(opt('--dist') ?? path.join(root, process.env.NEXT_DIST_DIR || '.next'));
  const baseDir = opt('--base') ? path.resolve(opt('--base')) : undefined;
  const page = opt('--chunks');
  if (page) printChunks(dist, page, baseDir);
  else landingJsTable(dist, { baseDir });
}
