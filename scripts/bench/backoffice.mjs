// Section "backoffice": the back office on BENCH_LEADS (100 000) seeded leads. bench.sh seeds them
// into the fresh DATA_DIR before the server starts (npm run seed:leads, which also enrols a sales
// member and writes its session cookie to BENCH_STAFF_FILE). Measured, each after 3 warm-up calls,
// sequentially (one staff member clicking): the leads list with a filter and a search as a page and
// as JSON, the filtered export, the attribution report over a year; then the CSV and XLSX exports
// of every lead, with the time, the size and the server process's resident memory (VmRSS sampled
// every 20 ms; VmHWM is the process's all-time peak). A route that answers 404 (not in this build)
// is skipped and said so.
import fs from 'node:fs';
import http from 'node:http';

import { LiveTable, fmt } from './lib.mjs';

const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

function get(url, headers, onData) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = http.get(url, { headers, agent: false }, (res) => {
      let bytes = 0;
      res.on('data', (c) => {
        bytes += c.length;
        onData?.(c);
      });
      res.on('end', () => resolve({ status: res.statusCode, bytes, ms: performance.now() - t0, type: res.headers['content-type'] ?? '' }));
      res.on('error', reject);
    });
    req.setTimeout(600_000, () => req.destroy(new Error(`timeout: ${url}`)));
    req.on('error', reject);
  });
}

/** VmRSS and VmHWM of a process in MiB (Linux /proc), or null. */
function memory(pid) {
  try {
    const s = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (k) => Number(new RegExp(`^${k}:\\s+(\\d+) kB`, 'm').exec(s)?.[1]);
    return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
  } catch {
    return null;
  }
}

const day = (d) => new Date(d.getTime() + 5 * 3600_000).toISOString().slice(0, 10);

// A bench section: { id, title, run(ctx) }.
// eslint-disable-next-line import/no-anonymous-default-export
export default {
  id: 'backoffice',
  title: 'Back office on 100 000 leads: the list with a filter and a search, exports, attribution',
  async run(ctx) {
    const file = process.env.BENCH_STAFF_FILE;
    if (!file || !fs.existsSync(file)) throw new Error(`no staff session file (${file || 'BENCH_STAFF_FILE unset'}): bench.sh seeds the leads and writes it before starting the server`);
    const { cookie } = JSON.parse(fs.readFileSync(file, 'utf8'));
    const headers = { cookie, 'accept-language': 'ru' };
    const pid = Number(process.env.BENCH_SERVER_PID) || null;
    const q = process.env.BENCH_LEADS_Q || 'Нұрл';
    const n = Number(process.env.BENCH_LIST_REQUESTS || 50);
    const search = new URLSearchParams({ q, status: 'new' });
    const table = new LiveTable(
      [
        { key: 'what', label: 'what', align: 'left', width: 52 },
        { key: 'n', label: 'requests' },
        { key: 'p50', label: 'p50 ms' },
        { key: 'p95', label: 'p95 ms' },
        { key: 'max', label: 'max ms' },
        { key: 'note', label: 'note', align: 'left' },
      ],
      ctx.log,
    );

    const latency = async (what, path) => {
      const url = ctx.baseUrl + path;
      const first = await get(url, headers);
      if (first.status === 404) return table.add({ what, n: 0, p50: '–', p95: '–', max: '–', note: 'skipped: 404 (route not in this build)' });
      if (first.status !== 200) return table.add({ what, n: 0, p50: '–', p95: '–', max: '–', note: `answered ${first.status}` });
      for (let i = 0; i < 2; i++) await get(url, headers);
      const times = [];
      let bytes = 0;
      for (let i = 0; i < n; i++) {
        const r = await get(url, headers);
        if (r.status !== 200) throw new Error(`${path} answered ${r.status}`);
        times.push(r.ms);
        bytes = r.bytes;
      }
      table.add({ what, n, p50: fmt.dec(pct(times, 50), 1), p95: fmt.dec(pct(times, 95), 1), max: fmt.dec(Math.max(...times), 1), note: `${(bytes / 1024).toFixed(1)} KiB` });
    };

    await latency(`page /admin/leads?q=${q}&status=new`, `/admin/leads?${search}`);
    await latency(`GET /api/admin/leads?q=${q}&status=new`, `/api/admin/leads?${search}`);
    await latency(`GET /api/admin/leads/export.csv?q=${q}&status=new`, `/api/admin/leads/export.csv?${search}`);
    const now = new Date();
    const year = new URLSearchParams({ from: day(new Date(now.getTime() - 364 * 86_400_000)), to: day(now), touch: 'first', by: 'campaign' });
    await latency('GET /api/admin/attribution (365 days, by campaign)', `/api/admin/attribution?${year}`);

    const full = async (format) => {
      const before = pid ? memory(pid) : null;
      let peak = before?.rss ?? NaN;
      const timer = pid ? setInterval(() => (peak = Math.max(peak, memory(pid)?.rss ?? 0)), 20) : null;
      let lines = 0;
      let firstByte = NaN;
      const t0 = performance.now();
      const r = await get(`${ctx.baseUrl}/api/admin/leads/export.${format}`, headers, (c) => {
        if (Number.isNaN(firstByte)) firstByte = performance.now() - t0;
        if (format === 'csv') for (const b of c) if (b === 0x0a) lines++;
      });
      if (timer) clearInterval(timer);
      const after = pid ? memory(pid) : null;
      if (r.status !== 200) throw new Error(`export.${format} answered ${r.status}`);
      const mem = before && after ? `server RSS ${before.rss.toFixed(0)} MiB before, peak ${peak.toFixed(0)} MiB during (+${(peak - before.rss).toFixed(0)}); VmHWM ${after.hwm.toFixed(0)} MiB` : 'server pid unknown: no memory figures';
      const rows = format === 'csv' ? `${lines - 1} rows, ` : '';
      table.add({ what: `GET /api/admin/leads/export.${format} (every lead)`, n: 1, p50: fmt.int(r.ms), p95: '–', max: '–', note: `${rows}${(r.bytes / 2 ** 20).toFixed(1)} MiB, first byte ${fmt.int(firstByte)} ms; ${mem}` });
    };
    await full('csv');
    await full('xlsx');
    return { markdown: `${table.markdown()}\n\nSearch fragment \`${q}\` (BENCH_LEADS_Q), ${n} sequential requests each (BENCH_LIST_REQUESTS); leads seeded by \`npm run seed:leads\` (BENCH_LEADS).` };
  },
};
