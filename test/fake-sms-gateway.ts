import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeSmsMode = 'ok' | 'http-error' | 'refuse' | 'hang' | 'garbage';

export interface FakeSms {
  provider: 'mobizon' | 'smsc';
  to: string;
  text: string;
  sender: string | null;
  query: URLSearchParams;
  form: URLSearchParams;
}

/**
 * A local stand-in for the two Kazakh SMS gateways on one port:
 * Mobizon  POST /service/message/sendsmsmessage?output=json&api=v1&apiKey=…  → {code, data, message}
 * SMSC.kz  POST /sys/send.php (login, psw, phones, mes, fmt=3)               → {id, cnt} | {error, error_code}
 * `state.mode` makes it fail: an HTTP 503, a refusal in the gateway's own format, no answer at all,
 * or a body that is not JSON.
 */
export async function startFakeSmsGateway(opts: { apiKey: string; login: string; password: string }) {
  const state = { mode: 'ok' as FakeSmsMode };
  const messages: FakeSms[] = [];
  let requests = 0;
  let nextId = 1000;

  const server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (raw += c));
    req.on('end', () => {
      requests++;
      const url = new URL(req.url ?? '/', 'http://fake');
      const form = new URLSearchParams(raw);
      if (state.mode === 'hang') return; // never answers; the client must time out
      if (state.mode === 'http-error') return send(res, 503, { message: 'Service Unavailable' });
      if (state.mode === 'garbage') {
        res.writeHead(200, { 'content-type': 'text/html' });
        return res.end('<html>maintenance</html>');
      }
      const path = url.pathname.toLowerCase();
      if (req.method === 'POST' && path === '/service/message/sendsmsmessage') return mobizon(url.searchParams, form, res);
      if (path === '/sys/send.php') return smsc(url.searchParams, form, res);
      send(res, 404, { message: 'not found' });
    });
  });

  function mobizon(query: URLSearchParams, form: URLSearchParams, res: http.ServerResponse) {
    if (query.get('apiKey') !== opts.apiKey) return send(res, 200, { code: 8, data: [], message: 'Invalid API key' });
    if (query.get('output') !== 'json' || query.get('api') !== 'v1') return send(res, 200, { code: 1, data: [], message: 'Bad API version or output' });
    const recipient = form.get('recipient') ?? '';
    const text = form.get('text') ?? '';
    if (!/^\d{11,15}$/.test(recipient)) return send(res, 200, { code: 1, data: { recipient: 'Invalid recipient' }, message: 'Validation error' });
    if (!text) return send(res, 200, { code: 1, data: { text: 'Empty text' }, message: 'Validation error' });
    if (state.mode === 'refuse') return send(res, 200, { code: 4, data: [], message: 'Not enough money on the balance' });
    messages.push({ provider: 'mobizon', to: recipient, text, sender: form.get('from'), query, form });
    const id = String(nextId++);
    send(res, 200, { code: 0, data: { campaignId: id, messageId: id, status: 1 }, message: '' });
  }

  function smsc(query: URLSearchParams, form: URLSearchParams, res: http.ServerResponse) {
    const p = (k: string) => form.get(k) ?? query.get(k);
    if (p('fmt') !== '3') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      return res.end('ERROR = 1 (parameters error)');
    }
    if (p('login') !== opts.login || p('psw') !== opts.password) return send(res, 200, { error: 'authorise error', error_code: 2 });
    const phones = p('phones') ?? '';
    const text = p('mes') ?? '';
    if (!phones || !text) return send(res, 200, { error: 'parameters error', error_code: 1 });
    if (state.mode === 'refuse') return send(res, 200, { error: 'not enough money', error_code: 3 });
    messages.push({ provider: 'smsc', to: phones, text, sender: p('sender'), query, form });
    send(res, 200, { id: nextId++, cnt: 1 });
  }

  function send(res: http.ServerResponse, status: number, body: object) {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  }

  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    state,
    messages,
    requests: () => requests,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
