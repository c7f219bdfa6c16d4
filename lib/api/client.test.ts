import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from './client';

// A real local HTTP server: /slow answers after 300 ms, /ok at once; every request is recorded.
describe('the browser API client against a real HTTP server', () => {
  const seen: { method: string; url: string; lang?: string; at: number }[] = [];
  let server: http.Server;
  let base: string;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      seen.push({ method: req.method!, url: req.url!, lang: req.headers['accept-language'], at: Date.now() });
      const reply = () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"ok":true}');
      };
      if (req.url?.startsWith('/slow')) setTimeout(reply, 300);
      else reply();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('sends the page language and times out at 180 s by default', async () => {
    const client = createApiClient({ baseURL: base, locale: () => 'kk' });
    expect(client.defaults.timeout).toBe(180_000);
    await client.get('/ok?a');
    expect(seen.find((s) => s.url === '/ok?a')?.lang).toBe('kk');
  });

  it('retries a GET that timed out 3 times, waiting 200 ms × attempt', async () => {
    const client = createApiClient({ baseURL: base, locale: () => 'ru' });
    const started = Date.now();
    await expect(client.get('/slow?get', { timeout: 50 })).rejects.toThrow(/timeout/);
    const calls = seen.filter((s) => s.url === '/slow?get');
    expect(calls).toHaveLength(4);
    const gaps = calls.slice(1).map((c, i) => c.at - calls[i]!.at);
    // Each gap is the 50 ms timeout plus the back-off: 200, 400, 600 ms.
    gaps.forEach((gap, i) => expect(gap).toBeGreaterThanOrEqual(50 + 200 * (i + 1) - 20));
    expect(Date.now() - started).toBeGreaterThanOrEqual(1200);
  });

  it('never retries a POST', async () => {
    const client = createApiClient({ baseURL: base, locale: () => 'en' });
    await expect(client.post('/slow?post', {}, { timeout: 50 })).rejects.toThrow(/timeout/);
    expect(seen.filter((s) => s.url === '/slow?post')).toHaveLength(1);
  });
});
