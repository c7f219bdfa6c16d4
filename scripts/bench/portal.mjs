// Section "portal": the corporate portal of one company. bench.sh seeds a company and its HR
// person's session (npm run seed:portal → BENCH_PORTAL_FILE) before the server starts. Measured:
// the import of a 5 000-row XLSX roster through the portal's own call (time; the server process's
// resident memory sampled every 20 ms, and VmHWM), then, on that 5 000-person company, the roster
// page and its JSON call, each p50/p95 after 3 warm-up calls, sequentially (one HR person).
import fs from 'node:fs';
import ExcelJS from 'exceljs';

import { LiveTable, fmt } from './lib.mjs';

const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const W2 = [3, 4, 5, 6, 7, 8, 9, 10, 11, 1, 2];

/** A valid IIN from a running number (the check digit computed; numbers whose digit would be 10 skipped). */
export function iinOf(i) {
  const d = `${String(80 + (i % 20)).padStart(2, '0')}0${1 + (i % 9)}${String(10 + (i % 18)).padStart(2, '0')}${String(i).padStart(5, '0')}`.slice(0, 11).split('').map(Number);
  let s = d.reduce((a, x, k) => a + (k + 1) * x, 0) % 11;
  if (s === 10) s = d.reduce((a, x, k) => a + W2[k] * x, 0) % 11;
  return s === 10 ? null : `${d.join('')}${s}`;
}

/** The roster's IINs, in the order the file lists them (the seed gives the first ones results). */
export function rosterIins(rows) {
  const seen = new Set();
  for (let i = 0; seen.size < rows; i++) {
    const iin = iinOf(i);
    if (iin) seen.add(iin);
  }
  return [...seen];
}

async function rosterFile(rows) {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Сотрудники');
  sheet.addRow(['Фамилия', 'Имя', 'ИИН', 'Код должности', 'Подразделение', 'Телефон', 'E-mail']);
  const seen = new Set();
  for (let i = 0; seen.size < rows; i++) {
    const iin = iinOf(i);
    if (!iin || seen.has(iin)) continue;
    seen.add(iin);
    sheet.addRow([`Сәрсенова${i}`, `Әйгерім${i}`, iin, `P-${i % 40}`, `Бөлім ${i % 15}`, `+7701${String(1000000 + i).slice(-7)}`, `person${i}@example.kz`]);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

function memory(pid) {
  try {
    const s = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (k) => Number(new RegExp(`^${k}:\\s+(\\d+) kB`, 'm').exec(s)?.[1]);
    return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
  } catch {
    return null;
  }
}

// eslint-disable-next-line import/no-anonymous-default-export
export default {
  id: 'portal',
  title: 'Company portal: a 5 000-row XLSX roster import, then the 5 000-person roster and results pages',
  async run(ctx) {
    const file = process.env.BENCH_PORTAL_FILE;
    if (!file || !fs.existsSync(file)) throw new Error(`no HR session file (${file || 'BENCH_PORTAL_FILE unset'}): bench.sh seeds it (npm run seed:portal) before starting the server`);
    const { cookie } = JSON.parse(fs.readFileSync(file, 'utf8'));
    const headers = { cookie, 'accept-language': 'ru', origin: ctx.baseUrl };
    const rows = Number(process.env.BENCH_ROSTER_ROWS || 5000);
    const n = Number(process.env.BENCH_LIST_REQUESTS || 50);
    const pid = Number(process.env.BENCH_SERVER_PID) || null;
    const table = new LiveTable(
      [
        { key: 'what', label: 'what', align: 'left', width: 46 },
        { key: 'n', label: 'requests' },
        { key: 'p50', label: 'p50 ms' },
        { key: 'p95', label: 'p95 ms' },
        { key: 'max', label: 'max ms' },
        { key: 'note', label: 'note', align: 'left' },
      ],
      ctx.log,
    );

    const xlsx = await rosterFile(rows);
    const form = new FormData();
    form.set('file', new Blob([xlsx]), 'roster.xlsx');
    form.set('basis', 'yes');
    const before = pid ? memory(pid) : null;
    let peak = before?.rss ?? NaN;
    const timer = pid ? setInterval(() => (peak = Math.max(peak, memory(pid)?.rss ?? 0)), 20) : null;
    const t0 = performance.now();
    const res = await fetch(`${ctx.baseUrl}/api/company/roster/import`, { method: 'POST', headers, body: form });
    const ms = performance.now() - t0;
    if (timer) clearInterval(timer);
    const after = pid ? memory(pid) : null;
    if (res.status === 404) {
      table.add({ what: 'roster import', n: 0, p50: '–', p95: '–', max: '–', note: 'skipped: 404 (route not in this build)' });
      return { markdown: table.markdown() };
    }
    const body = await res.json().catch(() => ({}));
    if (res.status !== 200) throw new Error(`roster import answered ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
    const mem = before && after ? `server RSS ${before.rss.toFixed(0)} MiB before, peak ${peak.toFixed(0)} MiB (+${(peak - before.rss).toFixed(0)}); VmHWM ${after.hwm.toFixed(0)} MiB` : 'server pid unknown: no memory figures';
    table.add({ what: `POST roster/import (${rows} rows, ${(xlsx.length / 1024).toFixed(0)} KiB XLSX)`, n: 1, p50: fmt.dec(ms, 0), p95: '–', max: fmt.dec(ms, 0), note: `${body.summary?.added ?? '?'} added; ${mem}` });

    const latency = async (what, path) => {
      const url = ctx.baseUrl + path;
      const first = await fetch(url, { headers });
      if (first.status !== 200) return table.add({ what, n: 0, p50: '–', p95: '–', max: '–', note: `answered ${first.status}` });
      await first.arrayBuffer();
      for (let i = 0; i < 2; i++) await (await fetch(url, { headers })).arrayBuffer();
      const times = [];
      let bytes = 0;
      for (let i = 0; i < n; i++) {
        const t = performance.now();
        const r = await fetch(url, { headers });
        bytes = (await r.arrayBuffer()).byteLength;
        times.push(performance.now() - t);
      }
      table.add({ what, n, p50: fmt.dec(pct(times, 50), 1), p95: fmt.dec(pct(times, 95), 1), max: fmt.dec(Math.max(...times), 1), note: `${(bytes / 1024).toFixed(1)} KiB` });
    };
    await latency('page /company/employees (5 000 people, page 1)', '/company/employees');
    await latency('page /company/employees?q=Сәрсенова12&page=2', `/company/employees?${new URLSearchParams({ q: 'Сәрсенова12', page: '2' })}`);
    await latency('GET /api/company/employees (page 40)', '/api/company/employees?page=40');
    // Results (seeded by seed:portal --results: 60% finished with a certificate, 10% started).
    await latency('page /company/results (5 000 people, page 1)', '/company/results');
    await latency('page /company/results?status=finished&page=20', '/company/results?status=finished&page=20');
    await latency('GET /api/company/results (summary + page 1)', '/api/company/results');
    await latency('GET /api/company/results/export?format=xlsx (masked)', '/api/company/results/export?format=xlsx');
    return { markdown: `${table.markdown()}\n\n${rows} rows (BENCH_ROSTER_ROWS) imported through the portal's call; ${n} sequential requests each (BENCH_LIST_REQUESTS).` };
  },
};
