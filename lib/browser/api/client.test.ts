import http from 'node:http';
import type { AddressInfo } from 'node:net';
import axios from 'axios';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from './client';
import { onToast, type ToastKind } from './toast-bus';
import { createTokenStore, type TokenStore } from './token';

type Seen = { method: string; url: string; lang?: string; auth?: string; at: number };

// A real local HTTP server; every request is recorded.
//   /slow answers after 300 ms, /ok at once;
//   /private answers 200 only to "Bearer fresh", else 401 (after 150 ms for ?slow401); /always401 always 401;
//   /api/member/refresh answers {token: "fresh"} after 100 ms, or fails as refreshMode says;
//   /api/auth/login is 401; /status/NNN answers NNN; /drop destroys the socket (no response).
describe('the browser API client against a real HTTP server', () => {
  const seen: Seen[] = [];
  let refreshMode: 'ok' | '401' | '500' | 'no-token' = 'ok';
  let server: http.Server;
  let base: string;
  const calls = (url: string) => seen.filter((s) => s.url === url);
  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      seen.push({ method: req.method!, url: req.url!, lang: req.headers['accept-language'], auth: req.headers.authorization, at: Date.now() });
      const path = req.url!.split('?')[0]!;
      if (path === '/slow') setTimeout(() => json(res, 200, { ok: true }), 300);
      else if (path === '/ok') json(res, 200, { ok: true });
      else if (path === '/private') {
        const answer = () => {
          if (req.headers.authorization === 'Bearer fresh') json(res, 200, { url: req.url });
          else json(res, 401, { error: { code: 'unauthorized', message: 'no' } });
        };
        if (req.url!.includes('slow401')) setTimeout(answer, 150);
        else answer();
      } else if (path === '/always401') json(res, 401, { error: { code: 'unauthorized', message: 'no' } });
      else if (path === '/api/member/refresh') {
        setTimeout(() => {
          if (refreshMode === 'ok') json(res, 200, { token: 'fresh' });
          else if (refreshMode === 'no-token') json(res, 200, {});
          else json(res, Number(refreshMode), { error: { code: 'x', message: 'refresh failed' } });
        }, 100);
      } else if (path === '/api/auth/login') json(res, 401, { error: { code: 'bad_credentials', message: 'no' } });
      else if (path.startsWith('/status/')) json(res, Number(path.slice(8)), { error: { code: 'x', message: 'x' } });
      else if (path === '/drop') req.socket.destroy();
      else json(res, 404, {});
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  let toasts: ToastKind[] = [];
  let stopToasts: () => void = () => {};
  let tokens: TokenStore;
  let signOuts = 0;
  beforeEach(() => {
    seen.length = 0;
    refreshMode = 'ok';
    toasts = [];
    stopToasts = onToast((e) => toasts.push(e.kind));
    tokens = createTokenStore();
    signOuts = 0;
  });
  afterEach(() => stopToasts());

  const makeClient = (locale = 'ru') =>
    createApiClient({ baseURL: base, locale: () => locale, tokens, onSignOut: () => void signOuts++ });
  const statusOf = (e: unknown) => (axios.isAxiosError(e) ? e.response?.status : undefined);

  it('sends the page language and times out at 180 s by default', async () => {
    const client = createApiClient({ baseURL: base, locale: () => 'kk' });
    expect(client.defaults.timeout).toBe(180_000);
    await client.get('/ok?a');
    expect(calls('/ok?a')[0]?.lang).toBe('kk');
  });

  it('sends Accept-Language and the bearer token when one is held, none when not', async () => {
    const client = makeClient('en');
    await client.get('/ok?anon');
    tokens.set('abc');
    await client.post('/ok?signed', {});
    expect(calls('/ok?anon')[0]).toMatchObject({ lang: 'en', auth: undefined });
    expect(calls('/ok?signed')[0]).toMatchObject({ lang: 'en', auth: 'Bearer abc' });
  });

  it('retries a GET that timed out 3 times, waiting 200 ms × attempt, then toasts offline once', async () => {
    const client = createApiClient({ baseURL: base, locale: () => 'ru' });
    const started = Date.now();
    await expect(client.get('/slow?get', { timeout: 50 })).rejects.toThrow(/timeout/);
    const attempts = calls('/slow?get');
    expect(attempts).toHaveLength(4);
    const gaps = attempts.slice(1).map((c, i) => c.at - attempts[i]!.at);
    // Each gap is the 50 ms timeout plus the back-off: 200, 400, 600 ms.
    gaps.forEach((gap, i) => expect(gap).toBeGreaterThanOrEqual(50 + 200 * (i + 1) - 20));
    expect(Date.now() - started).toBeGreaterThanOrEqual(1200);
    expect(toasts).toEqual(['offline']);
  });

  it('never retries a POST', async () => {
    const client = createApiClient({ baseURL: base, locale: () => 'en' });
    await expect(client.post('/slow?post', {}, { timeout: 50 })).rejects.toThrow(/timeout/);
    expect(calls('/slow?post')).toHaveLength(1);
  });

  it('queues 5 parallel 401s behind ONE refresh and replays each once with the new token', async () => {
    tokens.set('stale');
    const client = makeClient('kk');
    const results = await Promise.all([1, 2, 3, 4, 5].map((n) => client.get<{ url: string }>(`/private?n=${n}`)));
    expect(results.map((r) => r.data.url)).toEqual([1, 2, 3, 4, 5].map((n) => `/private?n=${n}`));
    const refreshes = calls('/api/member/refresh');
    expect(refreshes).toHaveLength(1);
    expect(refreshes[0]).toMatchObject({ method: 'POST', lang: 'kk', auth: undefined });
    for (const n of [1, 2, 3, 4, 5]) {
      const sent = calls(`/private?n=${n}`);
      expect(sent.map((s) => s.auth)).toEqual(['Bearer stale', 'Bearer fresh']);
      expect(sent[1]!.at).toBeGreaterThanOrEqual(refreshes[0]!.at);
    }
    expect(tokens.get()).toBe('fresh');
    expect(signOuts).toBe(0);
    expect(toasts).toEqual([]);
  });

  it('refreshes for a request sent with no token at all (a reload forgot it) and replays it', async () => {
    const client = makeClient();
    await expect(client.get('/private?first')).resolves.toMatchObject({ status: 200 });
    expect(calls('/private?first').map((s) => s.auth)).toEqual([undefined, 'Bearer fresh']);
    expect(calls('/api/member/refresh')).toHaveLength(1);
  });

  it.each(['401', '500', 'no-token'] as const)(
    'a failing refresh (%s) rejects all 5, clears the token and signs out once, with no further refresh',
    async (mode) => {
      refreshMode = mode;
      tokens.set('stale');
      const client = makeClient();
      const outcomes = await Promise.allSettled([1, 2, 3, 4, 5].map((n) => client.get(`/private?n=${n}`)));
      expect(outcomes.map((o) => o.status)).toEqual(Array(5).fill('rejected'));
      expect(outcomes.map((o) => statusOf((o as PromiseRejectedResult).reason))).toEqual(Array(5).fill(401));
      await new Promise((r) => setTimeout(r, 300));
      expect(calls('/api/member/refresh')).toHaveLength(1);
      expect(seen.filter((s) => s.url.startsWith('/private'))).toHaveLength(5);
      expect(signOuts).toBe(1);
      expect(tokens.get()).toBeNull();
    },
  );

  it('a 401 that arrives after the refresh finished is replayed with the new token, no second refresh', async () => {
    tokens.set('stale');
    const client = makeClient();
    const urls = ['/private?a', '/private?b', '/private?slow401'];
    await expect(Promise.all(urls.map((u) => client.get(u)))).resolves.toHaveLength(3);
    expect(calls('/api/member/refresh')).toHaveLength(1);
    expect(calls('/private?slow401')[0]!.at).toBeLessThan(calls('/api/member/refresh')[0]!.at + 100);
    for (const u of urls) expect(calls(u).map((s) => s.auth)).toEqual(['Bearer stale', 'Bearer fresh']);
  });

  it('a 401 that arrives after a failed refresh is rejected: one refresh, one sign-out, no loop', async () => {
    refreshMode = '401';
    tokens.set('stale');
    const client = makeClient();
    const outcomes = await Promise.allSettled(['/private?a', '/private?slow401'].map((u) => client.get(u)));
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);
    expect(calls('/api/member/refresh')).toHaveLength(1);
    expect(signOuts).toBe(1);
  });

  it('a 401 for a request sent before a sign-out is rejected without a refresh', async () => {
    tokens.set('stale');
    const client = makeClient();
    const pending = client.get('/private?slow401').catch((e: unknown) => e);
    while (calls('/private?slow401').length === 0) await new Promise((r) => setTimeout(r, 5));
    tokens.clear();
    expect(statusOf(await pending)).toBe(401);
    expect(calls('/api/member/refresh')).toHaveLength(0);
    expect(calls('/private?slow401')).toHaveLength(1);
  });

  it('rejects a 401 from the login call as is, without a refresh', async () => {
    const client = makeClient();
    const error = await client.post('/api/auth/login', { login: 'a', password: 'b' }).catch((e: unknown) => e);
    expect(statusOf(error)).toBe(401);
    expect(calls('/api/member/refresh')).toHaveLength(0);
    expect(signOuts).toBe(0);
  });

  it('never intercepts the refresh call: its 401 is rejected as is, without another refresh or sign-out', async () => {
    refreshMode = '401';
    tokens.set('stale');
    const client = makeClient();
    const error = await client.post('/api/member/refresh').catch((e: unknown) => e);
    expect(statusOf(error)).toBe(401);
    expect(calls('/api/member/refresh')).toHaveLength(1);
    expect(calls('/api/member/refresh')[0]!.auth).toBeUndefined();
    expect(signOuts).toBe(0);
    expect(tokens.get()).toBe('stale');
  });

  it('rejects a replayed request that gets 401 again, with no second refresh', async () => {
    tokens.set('stale');
    const client = makeClient();
    const error = await client.get('/always401').catch((e: unknown) => e);
    expect(statusOf(error)).toBe(401);
    expect(calls('/always401').map((s) => s.auth)).toEqual(['Bearer stale', 'Bearer fresh']);
    expect(calls('/api/member/refresh')).toHaveLength(1);
    expect(signOuts).toBe(0);
    expect(toasts).toEqual([]);
  });

  it('replays without a refresh when the token changed after the request left', async () => {
    tokens.set('stale');
    const client = makeClient();
    const pending = client.get('/private?slow401');
    // While the server holds its 401, a login elsewhere on the page stores a new token.
    while (calls('/private?slow401').length === 0) await new Promise((r) => setTimeout(r, 5));
    tokens.set('fresh');
    await expect(pending).resolves.toMatchObject({ status: 200 });
    expect(calls('/private?slow401').map((s) => s.auth)).toEqual(['Bearer stale', 'Bearer fresh']);
    expect(calls('/api/member/refresh')).toHaveLength(0);
  });

  it.each([
    ['/status/403', 'permission_required'],
    ['/status/500', 'reload_browser'],
    ['/drop', 'offline'],
  ] as const)('%s shows the %s toast and still rejects', async (url, kind) => {
    const client = makeClient();
    await expect(client.post(url, {})).rejects.toThrow();
    expect(toasts).toEqual([kind]);
  });

  it('toasts offline when the server cannot be reached at all', async () => {
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const client = createApiClient({ baseURL: `http://127.0.0.1:${port}`, locale: () => 'ru', tokens });
    await expect(client.post('/ok', {})).rejects.toThrow();
    expect(toasts).toEqual(['offline']);
  });

  it('shows no toast for a 4xx the form answers itself, nor for a cancelled request', async () => {
    const client = makeClient();
    await expect(client.get('/status/422')).rejects.toThrow();
    const controller = new AbortController();
    const pending = client.get('/slow?cancel', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toThrow();
    expect(toasts).toEqual([]);
  });

  it('lets a custom toast sink receive the toasts instead of the bus', async () => {
    const kinds: ToastKind[] = [];
    const client = createApiClient({ baseURL: base, locale: () => 'ru', tokens, toast: (k) => kinds.push(k) });
    await expect(client.get('/status/403')).rejects.toThrow();
    expect(kinds).toEqual(['permission_required']);
    expect(toasts).toEqual([]);
  });
});
