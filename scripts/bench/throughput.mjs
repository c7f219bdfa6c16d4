// Section "throughput": autocannon against the app's / (server.mjs: the prerendered page from the
// build's precompressed file, lib/server/static-pages.mjs), the app's own render path for scale
// (/?next: a query string, so Next answers from its cache, hashes and gzips), the bare framework page
// (scripts/bench/bare: the same Next and next-intl, built here and served by `next start`), and a tiny
// static Node server (scripts/bench/static-server.mjs) serving the exact same HTML bytes.
// Same load for each: a warm-up, then the measured run. Issue 32: app / ≥ 0.8× the bare page.
//
// Env knobs (all optional):
//   BENCH_CONNECTIONS=50  BENCH_DURATION=10  BENCH_WARMUP=2  (seconds)
//   BENCH_GZIP=0          send no Accept-Encoding (default: "gzip", as browsers do)
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import autocannon from 'autocannon';

import { buildBare, startBare } from './bare.mjs';
import { LiveTable, errText, fmt, httpGet, withTimeout } from './lib.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
function startStaticServer(bodyFile, contentType) {
  const child = fork(path.join(HERE, 'static-server.mjs'), [bodyFile, contentType, '0'], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = new Promise((resolve, reject) => {
    child.once('message', (m) => resolve(m.port));
    child.once('exit', (code) => reject(new Error(`static server exited (${code})`)));
    child.once('error', reject);
  });
  return { child, ready: withTimeout(ready, 10_000, 'static server start') };
}

function load(url, { connections, duration, headers }) {
  return autocannon({ url, connections, duration, headers, timeout: 10 });
}

// A bench section: { id, title, run(ctx) }.
// eslint-disable-next-line import/no-anonymous-default-export
export default {
  id: 'throughput',
  title: 'Throughput of / (autocannon)',

  async run(ctx) {
    const { baseUrl, log } = ctx;
    const connections = Number(process.env.BENCH_CONNECTIONS) || 50;
    const duration = Number(process.env.BENCH_DURATION) || 10;
    const warmup = Number(process.env.BENCH_WARMUP ?? 2);
    const gzip = process.env.BENCH_GZIP !== '0';
    const headers = gzip ? { 'accept-encoding': 'gzip' } : {};

    // The exact HTML bytes of / (identity encoding) and its Content-Type.
    const appUrl = `${baseUrl}/`;
    const page = await httpGet(appUrl);
    const contentType = page.headers['content-type'] || 'text/html; charset=utf-8';
    const notes = [];
    if (page.status !== 200) notes.push(`GET / answered HTTP ${page.status}; the static copy serves that body with 200.`);

    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-static-'));
    const bodyFile = path.join(tmp, 'index.html');
    fs.writeFileSync(bodyFile, page.body);

    const table = new LiveTable(
      [
        { key: 'target', label: 'target', align: 'left', width: 30 },
        { key: 'rps', label: 'req/s', width: 8 },
        { key: 'p50', label: 'p50 ms', width: 7 },
        { key: 'p99', label: 'p99 ms', width: 7 },
        { key: 'errors', label: 'errors', width: 6 },
        { key: 'non2xx', label: 'non-2xx', width: 7 },
        { key: 'total', label: 'requests', width: 8 },
        { key: 'note', label: 'note', align: 'left' },
      ],
      log,
    );

    const server = startStaticServer(bodyFile, contentType);
    let bare = null;
    const cleanup = () => {
      server.child.kill('SIGTERM');
      bare?.child.kill('SIGTERM');
      fs.rmSync(tmp, { recursive: true, force: true });
    };
    process.on('exit', cleanup);
    const results = {};
    try {
      const staticPort = await server.ready;
      fs.rmSync(tmp, { recursive: true, force: true }); // the server has read the body
      const staticUrl = `http://127.0.0.1:${staticPort}/`;

      // Sanity: the static copy serves the same bytes.
      const copy = await httpGet(staticUrl);
      if (!copy.body.equals(page.body)) notes.push('WARNING: static copy differs from the app body.');

      try {
        buildBare(log);
        bare = await startBare();
        const barePage = await httpGet(bare.url);
        notes.push(`The bare page's / is ${barePage.body.length} B (scripts/bench/bare, next start).`);
      } catch (err) {
        notes.push(`The bare page could not be built or started: ${errText(err)}`);
      }

      const targets = [
        { id: 'app', label: 'app / (server.mjs, from the file)', url: appUrl },
        { id: 'next', label: "app /?next (Next's own answer)", url: `${appUrl}?next` },
        ...(bare ? [{ id: 'bare', label: 'bare framework page / ', url: bare.url }] : []),
        { id: 'static', label: 'static Node server, same HTML', url: staticUrl },
      ];
      for (const t of targets) {
        const row = { target: t.label, note: '' };
        try {
          if (warmup > 0) await load(t.url, { connections, duration: warmup, headers });
          const r = await load(t.url, { connections, duration, headers });
          results[t.id] = r;
          Object.assign(row, {
            rps: fmt.int(r.requests.average),
            p50: fmt.dec(r.latency.p50, 1),
            p99: fmt.dec(r.latency.p99, 1),
            errors: `${r.errors}${r.timeouts ? ` (${r.timeouts} timeouts)` : ''}`,
            non2xx: String(r.non2xx),
            total: String(r.requests.total),
            note: `${fmt.dec(r.throughput.average / 1024 / 1024, 2)} MiB/s`,
          });
        } catch (err) {
          row.note = `ERROR ${errText(err)}`;
        }
        table.add(row);
      }
    } finally {
      cleanup();
      process.off('exit', cleanup);
    }

    const rps = (id) => results[id]?.requests.average;
    const ratioOf = (a, b) => (rps(a) && rps(b) ? (rps(a) / rps(b)).toFixed(3) : '–');
    const ratioLine =
      `ratio app/bare (req/s): ${ratioOf('app', 'bare')} (issue 32: ≥ 0.8); Next's own answer/bare: ${ratioOf('next', 'bare')}; ` +
      `app/static: ${ratioOf('app', 'static')}`;
    log(ratioLine);

    const setup =
      `${connections} connections, ${duration} s measured after ${warmup} s warm-up, ` +
      `Accept-Encoding: ${gzip ? 'gzip' : 'none'}; body of /: ${page.body.length} B ` +
      `(${contentType}). Load generator and servers share this machine's ${os.cpus().length} cores.`;
    return {
      markdown: [table.markdown(), '', `**${ratioLine}**`, '', setup, ...notes.map((n) => `\n${n}`)].join('\n'),
    };
  },
};
