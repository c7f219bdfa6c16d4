// Section "login": POST /api/auth/login under 20 concurrent clients (argon2id verify on each).
// Setup registers one student through the real calls (SMS code read from /api/dev/outbox, so the
// bench server runs with ENABLE_DEV_TOOLS=true) and TRUST_PROXY=true, so each request can carry its
// own X-Forwarded-For: 20 clients from 20 addresses, as in real life, not one IP hitting its limit.
import fs from 'node:fs';
import autocannon from 'autocannon';

import { LiveTable, fmt } from './lib.mjs';

// The personal-data consent version the forms send (lib/consent.ts); the API refuses any other.
const CONSENT_VERSION = fs.readFileSync(new URL('../../lib/consent.ts', import.meta.url), 'utf8').match(/CONSENT_VERSION = '([^']+)'/)[1];

async function call(baseUrl, path, body, ip, method = 'POST') {
  const res = await fetch(baseUrl + path, {
    method,
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip, origin: baseUrl },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, json: await res.json().catch(() => ({})) };
}

async function registerStudent(baseUrl) {
  const phone = `+7701${String(Date.now()).slice(-7)}`;
  const sent = await call(baseUrl, '/api/sms/send', { phone, purpose: 'register' }, '10.77.0.1');
  if (sent.status !== 202) throw new Error(`sms/send answered ${sent.status}`);
  const outbox = await call(baseUrl, `/api/dev/outbox?phone=${encodeURIComponent(phone)}`, null, '10.77.0.1', 'GET');
  const code = outbox.json.messages?.[0]?.code;
  if (!code) throw new Error('no code in /api/dev/outbox (is ENABLE_DEV_TOOLS on?)');
  const password = 'Bench-Login-2026';
  const reg = await call(baseUrl, '/api/auth/register/student', {
    name: 'Bench', lastname: 'Student', subject: 'english', phone, code, password, confirm: password, consent: CONSENT_VERSION,
  }, '10.77.0.2');
  if (reg.status !== 201) throw new Error(`register answered ${reg.status}: ${JSON.stringify(reg.json)}`);
  return { phone, password };
}

// A bench section: { id, title, run(ctx) }.
// eslint-disable-next-line import/no-anonymous-default-export
export default {
  id: 'login',
  title: 'Login under 20 concurrent clients (autocannon, POST /api/auth/login)',
  async run(ctx) {
    const { phone, password } = await registerStudent(ctx.baseUrl);
    const body = JSON.stringify({ login: phone, password });
    let n = 0;
    const result = await autocannon({
      url: `${ctx.baseUrl}/api/auth/login`,
      connections: 20,
      duration: Number(process.env.BENCH_LOGIN_DURATION || 10),
      timeout: 10,
      requests: [
        {
          method: 'POST',
          setupRequest: (req) => {
            n++;
            return {
              ...req,
              body,
              headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` },
            };
          },
        },
      ],
    });
    const table = new LiveTable(
      [
        { key: 'rps', label: 'req/s' },
        { key: 'p50', label: 'p50 ms' },
        { key: 'p99', label: 'p99 ms' },
        { key: 'errors', label: 'errors' },
        { key: 'non2xx', label: 'non-2xx' },
        { key: 'requests', label: 'requests' },
        { key: 'note', label: 'note', align: 'left' },
      ],
      ctx.log,
    );
    table.add({
      rps: fmt.int(result.requests.average),
      p50: fmt.dec(result.latency.p50, 1),
      p99: fmt.dec(result.latency.p99, 1),
      errors: result.errors + result.timeouts,
      non2xx: result.non2xx,
      requests: result.requests.total,
      note: 'argon2id m=19456 t=2 p=1 verify per request',
    });
    return { markdown: table.markdown() };
  },
};
