import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearAccessToken, getAccessToken, setAccessToken, tokenEndsWithin } from '@/lib/browser/api/token';
import { followSse, type SseClosed, type SseFrame } from './sse';

const jwt = (exp: number) => `h.${Buffer.from(JSON.stringify({ sub: '1', exp })).toString('base64url')}.s`;
const NOW = Date.UTC(2026, 10, 30, 9, 0);

describe('tokenEndsWithin', () => {
  it('reads the token’s exp: missing, unreadable or ending within the margin counts as ending', () => {
    expect(tokenEndsWithin(null, 60_000, NOW)).toBe(true);
    expect(tokenEndsWithin('not-a-jwt', 60_000, NOW)).toBe(true);
    expect(tokenEndsWithin(jwt(NOW / 1000 + 30), 60_000, NOW)).toBe(true);
    expect(tokenEndsWithin(jwt(NOW / 1000 + 600), 60_000, NOW)).toBe(false);
  });
});

// A real HTTP server speaking the app's stream: 401 unless the bearer is the one `valid` holds.
let server: http.Server;
let base = '';
let valid = '';
const seen: { auth: string | undefined; lastId: string | undefined }[] = [];
beforeAll(async () => {
  server = http.createServer((req, res) => {
    seen.push({ auth: req.headers.authorization, lastId: req.headers['last-event-id'] as string | undefined });
    if (req.headers.authorization !== `Bearer ${valid}`) {
      res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { code: 'unauthorized', message: 'no' } }));
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.end('event: question\ndata: {"n":1}\n\nid: 5\ndata: {"m":5}\n\nevent: end\ndata: {}\n\n');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  seen.length = 0;
  clearAccessToken();
});

function follow(renew: () => Promise<unknown>) {
  const frames: SseFrame[] = [];
  return new Promise<{ frames: SseFrame[]; closed: SseClosed }>((resolve) => {
    followSse({
      url: `${base}/events`,
      renew,
      locale: 'kk',
      lastId: () => '4',
      onFrame: (f) => frames.push(f),
      finalEvents: { end: 'closed' },
      finalStatuses: [403],
      onClosed: (closed) => resolve({ frames, closed }),
    });
  });
}

describe('followSse renews the session’s token itself', () => {
  it('renews before connecting when there is no token, and reads the stream with the new one', async () => {
    valid = jwt(Date.now() / 1000 + 600);
    let renewals = 0;
    const { frames, closed } = await follow(async () => {
      renewals++;
      setAccessToken(valid);
    });
    expect(renewals).toBe(1);
    expect(seen).toEqual([{ auth: `Bearer ${valid}`, lastId: '4' }]);
    expect(frames.map((f) => [f.event, f.id ?? null])).toEqual([
      ['question', null],
      ['message', '5'],
    ]);
    expect(closed).toEqual({ status: 409, code: 'closed' });
  });

  it('a token that looked fresh but is refused (401) is renewed once and the stream opened again at once', async () => {
    const stale = jwt(Date.now() / 1000 + 600);
    setAccessToken(stale);
    valid = jwt(Date.now() / 1000 + 900);
    let renewals = 0;
    const { closed } = await follow(async () => {
      renewals++;
      setAccessToken(valid);
    });
    expect(renewals).toBe(1);
    expect(seen.map((s) => s.auth)).toEqual([`Bearer ${stale}`, `Bearer ${valid}`]);
    expect(closed.code).toBe('closed');
    expect(getAccessToken()).toBe(valid);
  });

  it('a refused refresh (the session is over) ends the stream with 401, never tries again', async () => {
    const { closed, frames } = await follow(async () => {
      throw Object.assign(new Error('refresh refused'), { response: { status: 401 } });
    });
    expect(closed).toEqual({ status: 401, code: 'unauthorized' });
    expect(frames).toEqual([]);
    expect(seen).toEqual([]);
  });
});
