// A local fake of Webkassa's API (docs/payments.md, "Fiscal receipts"): the same protocol over real
// HTTP, for development, `npm start` without the operator's credentials, and the tests. Its calls,
// fields and codes are those of the public client of Webkassa's HTTP API (repository
// VitalyKravtsov2016/OposWebkassa, src/OposWebkassa/units/WebkassaClient.pas, which quotes the
// operator's API documentation): error codes 1 wrong credentials, 2 the session expired, 3 not
// authorised, 9 validation, 14 a repeated ExternalCheckNumber ("DuplicateExternalCode").
//  - POST /api/Authorize {Login, Password} (X-API-KEY) → {Data: {Token}}.
//  - POST /api/Check {Token, CashboxUniqueNumber, OperationType, Positions, Payments, Change,
//    RoundType, ExternalCheckNumber, CustomerEmail?, CustomerPhone?} (X-API-KEY) → {Data:
//    {CheckNumber, DateTime, OfflineMode, TicketUrl, …}}; a repeated ExternalCheckNumber → {Errors:
//    [{Code: 14, …}]} (no second receipt); an expired token → {Errors: [{Code: 2, …}]}.
//  - GET  /Ticket?chb=<cashbox>&extnum=<ExternalCheckNumber>: the receipt's page by its external
//    number (the ticket link's form in the client's documentation sample).
//  - GET  /ticket/:checkNumber: the receipt's page (what the buyer's link opens).
//  - POST /_fake/control {down: true|false, expireTokens: true}: the register down (HTTP 503) or
//    every session token expired, for the tests of retries.
// Plain ESM: server.mjs and the tests import it.
import crypto from 'node:crypto';
import http from 'node:http';

export const FAKE_WEBKASSA = { apiKey: 'fake-webkassa-api-key', login: 'cashier@tilmen.test', password: 'fake-webkassa-password', cashbox: 'SWK00000001' };
const OPERATIONS = { 2: 'sale', 3: 'sale_return' };

const escapeHtml = (s) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startFakeWebkassa({ port = 0, host = '127.0.0.1', credentials = FAKE_WEBKASSA, log = () => {} } = {}) {
  const tokens = new Set();
  const checks = new Map(); // ExternalCheckNumber → receipt
  const control = { down: false };
  let counter = 0;
  let base = '';

  const send = (res, status, body) => {
    const isText = typeof body === 'string';
    res.writeHead(status, { 'content-type': isText ? 'text/html; charset=utf-8' : 'application/json', 'cache-control': 'no-store' });
    res.end(isText ? body : JSON.stringify(body));
  };
  const readJson = (req) =>
    new Promise((resolve, reject) => {
      let text = '';
      req.setEncoding('utf8');
      req.on('data', (c) => (text += c));
      req.on('end', () => {
        try {
          resolve(text ? JSON.parse(text) : {});
        } catch (err) {
          reject(err);
        }
      });
      req.on('error', reject);
    });
  const error = (code, text) => ({ Errors: [{ Code: code, Text: text }] });

  async function handle(req, res) {
    const url = new URL(req.url ?? '/', base);
    const p = url.pathname;
    if (req.method === 'POST' && p === '/_fake/control') {
      const body = await readJson(req);
      if (typeof body.down === 'boolean') control.down = body.down;
      if (body.expireTokens) tokens.clear();
      return send(res, 200, { ...control, checks: checks.size });
    }
    if (req.method === 'GET' && (p === '/Ticket' || p.startsWith('/ticket/'))) {
      const receipt = p === '/Ticket' ? (url.searchParams.get('chb') === credentials.cashbox ? checks.get(url.searchParams.get('extnum') ?? '') : undefined) : [...checks.values()].find((c) => c.CheckNumber === decodeURIComponent(p.slice('/ticket/'.length)));
      if (!receipt) return send(res, 404, '<!doctype html><title>Not found</title><p>No such receipt.</p>');
      const kind = receipt.operation === 'sale' ? 'Продажа / Sale' : 'Возврат продажи / Sale return';
      return send(
        res,
        200,
        `<!doctype html><html lang="ru"><meta charset="utf-8"><title>Чек ${escapeHtml(receipt.CheckNumber)}</title><main><h1>Фискальный чек (тест) / Fiscal receipt (test)</h1><p>${kind}</p><p>№ ${escapeHtml(receipt.CheckNumber)}, ${escapeHtml(receipt.DateTime)}</p>${receipt.positions.map((x) => `<p>${escapeHtml(x.PositionName)}: ${escapeHtml(x.Price)} ₸</p>`).join('')}<p>Итого / Total: ${escapeHtml(receipt.total)} ₸</p></main></html>`,
      );
    }
    if (req.method !== 'POST' || !p.startsWith('/api/')) return send(res, 404, error(404, 'not found'));
    if (control.down) return send(res, 503, error(503, 'the register is unavailable'));
    if (req.headers['x-api-key'] !== credentials.apiKey) return send(res, 401, error(401, 'invalid X-API-KEY'));
    const body = await readJson(req);
    if (p === '/api/Authorize') {
      if (body.Login !== credentials.login || body.Password !== credentials.password) return send(res, 200, error(1, 'Неверный логин или пароль'));
      const token = crypto.randomBytes(16).toString('hex');
      tokens.add(token);
      return send(res, 200, { Data: { Token: token } });
    }
    if (p === '/api/Check') {
      if (!tokens.has(body.Token)) return send(res, 200, error(2, 'the session has expired'));
      if (body.CashboxUniqueNumber !== credentials.cashbox) return send(res, 200, error(6, 'unknown cashbox'));
      const operation = OPERATIONS[body.OperationType];
      const positions = Array.isArray(body.Positions) ? body.Positions : [];
      const payments = Array.isArray(body.Payments) ? body.Payments : [];
      const total = positions.reduce((s, x) => s + Number(x.Price) * Number(x.Count), 0);
      const paid = payments.reduce((s, x) => s + Number(x.Sum), 0);
      if (!operation || !positions.length || !(total > 0) || Math.abs(total - paid) > 0.001 || typeof body.ExternalCheckNumber !== 'string' || !body.ExternalCheckNumber) {
        return send(res, 200, error(9, 'Ошибка валидации данных: operation, positions, payments and ExternalCheckNumber are required; payments must equal the total'));
      }
      if (checks.has(body.ExternalCheckNumber)) return send(res, 200, error(14, 'Дублирующийся код системы-источника'));
      const number = String(1_000_000_000 + ++counter);
      const ticket = `${base}/Ticket?${new URLSearchParams({ chb: credentials.cashbox, extnum: body.ExternalCheckNumber })}`;
      const receipt = { CheckNumber: number, DateTime: new Date().toISOString(), OfflineMode: false, operation, positions, total, TicketUrl: ticket, email: body.CustomerEmail ?? null, phone: body.CustomerPhone ?? null };
      checks.set(body.ExternalCheckNumber, receipt);
      log(`[fake-webkassa] ${operation} ${body.ExternalCheckNumber}: receipt ${number}, ${total} ₸`);
      const { CheckNumber, DateTime, OfflineMode, TicketUrl } = receipt;
      return send(res, 200, { Data: { CheckNumber, DateTime, OfflineMode, TicketUrl, Cashbox: { UniqueNumber: credentials.cashbox } } });
    }
    return send(res, 404, error(404, 'not found'));
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((err) => {
      if (!res.headersSent) send(res, 400, error(400, err.message));
      else res.end();
    });
  });
  await new Promise((resolve) => server.listen(port, host, resolve));
  base = `http://${host}:${server.address().port}`;
  log(`[fake-webkassa] listening on ${base}`);
  return {
    url: base,
    checks,
    control,
    /** The settings lib/payments reads (lib/env.ts): point them at this fake. */
    env: { WEBKASSA_API_URL: base, WEBKASSA_API_KEY: credentials.apiKey, WEBKASSA_LOGIN: credentials.login, WEBKASSA_PASSWORD: credentials.password, WEBKASSA_CASHBOX: credentials.cashbox, WEBKASSA_FAKE: 'true' },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}
