import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Google's siteverify endpoint: the token names the answer. With `v2Secret`,
 * that secret verifies v2 tokens (`v2-…`; `v2-host…` from another hostname): no score, no
 * action. Keys are per type, as at Google: a v3 token is invalid under the v2 secret and back.
 * `port`: a fixed one (the e2e server is told the address before this starts), else any free one.
 */
export async function startFakeRecaptcha(secret: string, { v2Secret, port = 0 }: { v2Secret?: string; port?: number } = {}) {
  const calls: URLSearchParams[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const form = new URLSearchParams(raw);
      calls.push(form);
      const token = form.get('response') ?? '';
      if (v2Secret && form.get('secret') === v2Secret) {
        if (!token.startsWith('v2-')) return send(res, 200, { success: false, 'error-codes': ['invalid-input-response'] });
        if (token.startsWith('v2-down')) return send(res, 503, {});
        const hostname = token.startsWith('v2-host') ? 'evil.example' : 'localhost';
        return send(res, 200, { success: true, hostname, challenge_ts: new Date().toISOString() });
      }
      if (form.get('secret') !== secret) return send(res, 200, { success: false, 'error-codes': ['invalid-input-secret'] });
      if (token.startsWith('v2-')) return send(res, 200, { success: false, 'error-codes': ['invalid-input-response'] });
      if (token.startsWith('down')) return send(res, 503, {});
      const base = { success: true, action: 'lead', hostname: 'localhost', score: 0.9, challenge_ts: new Date().toISOString() };
      // act-<action>-…: a token for that action; one ending in -low has a low score.
      if (token.startsWith('act-')) return send(res, 200, { ...base, action: token.split('-')[1], score: token.endsWith('-low') ? 0.1 : 0.9 });
      if (token.startsWith('low')) return send(res, 200, { ...base, score: 0.2 });
      if (token.startsWith('action')) return send(res, 200, { ...base, action: 'login' });
      if (token.startsWith('host')) return send(res, 200, { ...base, hostname: 'evil.example' });
      if (token.startsWith('bad')) return send(res, 200, { success: false, 'error-codes': ['invalid-input-response'] });
      return send(res, 200, base);
    });
  });
  function send(res: http.ServerResponse, status: number, body: object) {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  }
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  const { port: bound } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${bound}/recaptcha/api/siteverify`, calls, close: () => new Promise<void>((r) => server.close(() => r())) };
}
