// Section "room-js": the lesson room's JavaScript (issue 23: "the room page's own JS is measured in the
// bench"), and that of the lesson's record page. The pages are dynamic (not prerendered), so: the
// chunks the served HTML names (what the page costs before anything is opened), then the chunks
// Next loads later for the page's dynamic imports (the room's app once signed in, the board when it
// is opened), read from the build's react-loadable manifest of each page. Each chunk gzipped at level
// 9, as landing-js does, so two builds compare to the byte.
//
// Standalone, against a running server of this tree's build:
//   BENCH_BASE_URL=http://127.0.0.1:3000 node scripts/bench/room-js.mjs
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

import { chunkSizes, LiveTable } from './lib.mjs';

const CHUNK = /\/_next\/(static\/chunks\/[\w.~-]+\.js)/g;
const PAGES = [
  { page: '/en/lesson/1', manifest: ['[locale]', 'lesson', '[id]'], label: 'lesson room /lesson/{id}' },
  { page: '/en/lesson/1/record', manifest: ['[locale]', 'lesson', '[id]', 'record'], label: "lesson's record /lesson/{id}/record" },
];

const kib = (bytes) => (bytes / 1024).toFixed(1);

/** The chunk files of one page's dynamic imports (the room's app, the record's app), from the build's manifest. */
function lazyChunks(distDir, segments) {
  const file = path.join(distDir, 'server', 'app', ...segments, 'page', 'react-loadable-manifest.json');
  if (!fs.existsSync(file)) return [];
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8'));
  return [...new Set(Object.values(manifest).flatMap((v) => (v.files ?? []).filter((f) => f.endsWith('.js'))))];
}

/** The chunks those chunks load in turn (their own dynamic imports: the board), one level down. */
function referencedChunks(distDir, rels) {
  const out = new Set();
  for (const rel of rels) {
    const full = path.join(distDir, rel);
    if (!fs.existsSync(full)) continue;
    for (const [ref] of fs.readFileSync(full, 'utf8').matchAll(/static\/chunks\/[\w.~-]+\.js/g)) out.add(ref);
  }
  return [...out];
}

export async function roomJs(baseUrl, distDir, log = console.log) {
  const { sum } = chunkSizes(distDir);
  const table = new LiveTable(
    [
      { key: 'what', label: 'what', align: 'left', width: 58 },
      { key: 'chunks', label: 'chunks', width: 6 },
      { key: 'kib', label: 'JS gzip-9 KiB', width: 13 },
    ],
    log,
  );
  const figures = {};
  for (const p of PAGES) {
    const res = await fetch(`${baseUrl}${p.page}`, { headers: { 'accept-language': 'en' } });
    const html = await res.text();
    const first = [...new Set([...html.matchAll(CHUNK)].map((m) => m[1]))];
    table.add({ what: `${p.label}: first load (HTTP ${res.status})`, chunks: first.length, kib: kib(sum(first)) });
    const seen = new Set(first);
    const fresh = (rels) => rels.filter((f) => !seen.has(f) && seen.add(f));
    const app = fresh(lazyChunks(distDir, p.manifest));
    table.add({ what: '  + loaded once signed in (the page\'s app)', chunks: app.length, kib: kib(sum(app)) });
    const later = fresh(referencedChunks(distDir, app));
    // Excalidraw's own lazy parts (languages, diagram import, font subsetting), one level further, are not counted.
    table.add({ what: '  + loaded when the board is opened (Excalidraw)', chunks: later.length, kib: kib(sum(later)) });
    figures[p.label] = { first: sum(first), all: sum([...seen]) };
    table.add({ what: `${p.label}: everything`, chunks: seen.size, kib: kib(sum([...seen])) });
  }
  return { table, figures };
}

const section = {
  id: 'room-js',
  title: "The lesson room's JavaScript (first load, then what it loads later: the room, the board)",
  async run(ctx) {
    const dist = path.join(ctx.root, process.env.NEXT_DIST_DIR || '.next');
    const { table } = await roomJs(ctx.baseUrl, dist, ctx.log);
    return { markdown: `${table.markdown()}\n\nFrom the served HTML and ${path.relative(ctx.root, dist)}'s react-loadable manifests; gzip -9 per chunk, each chunk counted once per page.` };
  },
};
export default section;

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
  const baseUrl = (process.env.BENCH_BASE_URL || 'http://127.0.0.1:3000').replace(/\/+$/, '');
  await roomJs(baseUrl, path.join(root, process.env.NEXT_DIST_DIR || '.next'));
}
