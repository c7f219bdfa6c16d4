// Section "tests": (1) certificate generation — GET /api/tests/attempt/certificate, median of 20
// sequential downloads after a warm-up (pdf-lib with the full Rubik fonts and the QR code, per
// request); (2) the test result call — POST /api/tests/attempt/finish under 20 concurrent clients,
// each request finishing a different, fully answered placement test (server-side scoring, the result
// stored in one transaction). The bench server runs with TRUST_PROXY=true, so setup spreads its
// start calls over many X-Forwarded-For addresses instead of hitting the per-IP limit.
import fs from 'node:fs';
import autocannon from 'autocannon';

import { LiveTable, fmt } from './lib.mjs';

// The personal-data consent version the forms send (lib/consent.ts); the API refuses any other.
const CONSENT_VERSION = fs.readFileSync(new URL('../../lib/consent.ts', import.meta.url), 'utf8').match(/CONSENT_VERSION = '([^']+)'/)[1];

let ipN = 0;
const nextIp = () => {
  ipN++;
  return `10.88.${(ipN >> 8) & 255}.${ipN & 255}`;
};

async function call(baseUrl, path, { method = 'POST', body, token } = {}) {
  const headers = { 'content-type': 'application/json', 'x-forwarded-for': nextIp(), 'accept-language': 'ru' };
  if (token) headers['x-test-token'] = token;
  const res = await fetch(baseUrl + path, { method, headers, body: body ? JSON.stringify(body) : undefined });
  return res;
}

function validIin(serial) {
  for (let s = serial; ; s++) {
    const first11 = `850505${String(s).padStart(5, '0').slice(-5)}`;
    const d = [...first11].map(Number);
    let c = d.reduce((sum, x, i) => sum + (i + 1) * x, 0) % 11;
    if (c === 10) c = d.reduce((sum, x, i) => sum + [3, 4, 5, 6, 7, 8, 9, 10, 11, 1, 2][i] * x, 0) % 11;
    if (c !== 10) return first11 + c;
  }
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

async function certificateTimes(baseUrl) {
  const iin = validIin(Date.now() % 100_000);
  const start = await call(baseUrl, '/api/tests/kazakh', { body: { firstName: 'Әйгерім', lastName: 'Нұрмағанбетова', iin, workerCode: 'BENCH-1', consent: CONSENT_VERSION } });
  if (start.status !== 201) throw new Error(`kazakh start answered ${start.status}: ${await start.text()}`);
  const { token, test } = await start.json();
  const answers = Object.fromEntries(test.items.map((item, i) => [item.id, i % item.options.length]));
  const fin = await call(baseUrl, '/api/tests/attempt/finish', { body: { answers }, token });
  if (fin.status !== 200) throw new Error(`finish answered ${fin.status}`);
  const times = [];
  let bytes = 0;
  for (let i = 0; i < 21; i++) {
    const t0 = performance.now();
    const res = await call(baseUrl, '/api/tests/attempt/certificate', { method: 'GET', token });
    const buf = Buffer.from(await res.arrayBuffer());
    const ms = performance.now() - t0;
    if (res.status !== 200 || buf.subarray(0, 5).toString() !== '%PDF-') throw new Error(`certificate answered ${res.status}`);
    bytes = buf.length;
    if (i > 0) times.push(ms); // the first one warms the fonts up
  }
  return { times, bytes };
}

async function startPlacements(baseUrl, n) {
  const out = [];
  const batch = 10;
  for (let i = 0; i < n; i += batch) {
    const started = await Promise.all(
      Array.from({ length: Math.min(batch, n - i) }, async () => {
        const res = await call(baseUrl, '/api/tests/placement', { body: {} });
        if (res.status !== 201) throw new Error(`placement start answered ${res.status}`);
        const { token, test } = await res.json();
        const answers = Object.fromEntries(test.items.map((item, k) => [item.id, (k * 7) % item.options.length]));
        return { token, body: JSON.stringify({ answers }) };
      }),
    );
    out.push(...started);
  }
  return out;
}

// A bench section: { id, title, run(ctx) }.
// eslint-disable-next-line import/no-anonymous-default-export
export default {
  id: 'tests',
  title: 'Certificate generation (median of 20) and the test result call under 20 concurrent clients',
  async run(ctx) {
    const table = new LiveTable(
      [
        { key: 'what', label: 'what', align: 'left' },
        { key: 'n', label: 'requests' },
        { key: 'rps', label: 'req/s' },
        { key: 'p50', label: 'p50 / median ms' },
        { key: 'p90', label: 'p90 ms' },
        { key: 'p99', label: 'p99 ms' },
        { key: 'bad', label: 'errors + non-2xx' },
        { key: 'note', label: 'note', align: 'left' },
      ],
      ctx.log,
    );

    const cert = await certificateTimes(ctx.baseUrl);
    table.add({
      what: 'certificate PDF (GET, sequential)',
      n: cert.times.length,
      rps: '—',
      p50: fmt.dec(median(cert.times), 1),
      p90: fmt.dec(pct(cert.times, 90), 1),
      p99: fmt.dec(Math.max(...cert.times), 1),
      bad: 0,
      note: `${Math.round(cert.bytes / 1024)} KiB PDF, full Rubik ×2 embedded, QR`,
    });

    const total = Number(process.env.BENCH_FINISH_COUNT || 600);
    const attempts = await startPlacements(ctx.baseUrl, total);
    let next = 0;
    const result = await autocannon({
      url: `${ctx.baseUrl}/api/tests/attempt/finish`,
      connections: 20,
      amount: attempts.length,
      timeout: 10,
      requests: [
        {
          method: 'POST',
          setupRequest: (req) => {
            const a = attempts[next++ % attempts.length];
            return {
              ...req,
              body: a.body,
              headers: { 'content-type': 'application/json', 'x-test-token': a.token, 'x-forwarded-for': nextIp() },
            };
          },
        },
      ],
    });
    table.add({
      what: 'POST /api/tests/attempt/finish, 20 clients',
      n: result.requests.total,
      rps: fmt.int(result.requests.average),
      p50: fmt.dec(result.latency.p50, 1),
      p90: fmt.dec(result.latency.p90, 1),
      p99: fmt.dec(result.latency.p99, 1),
      bad: result.errors + result.timeouts + result.non2xx,
      note: 'each a different 30-item test: redraw, score, store',
    });
    return { markdown: table.markdown() };
  },
};
