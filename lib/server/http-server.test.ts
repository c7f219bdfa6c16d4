import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createAppServer, isStrippedHeader, securityTxt, serverOptionsFromEnv, type AppServerOptions } from './http-server.mjs';

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => { s.closeAllConnections(); s.close(r); })));
});

async function start(handler: (req: http.IncomingMessage, res: http.ServerResponse) => unknown, options: AppServerOptions = {}) {
  const calls: http.IncomingMessage[] = [];
  const server = createAppServer((req, res) => {
    calls.push(req);
    return handler(req, res);
  }, options);
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { port: (server.address() as AddressInfo).port, calls };
}

function request(port: number, method: string, path = '/', headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path, headers, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

const echoHeaders = (req: http.IncomingMessage, res: http.ServerResponse) => {
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify(req.headers));
};

describe('HTTP server around Next: timeouts', () => {
  it('a body trickled one byte at a time gets the connection closed once the request timeout passes', async () => {
    const { port } = await start(
      async (req, res) => {
        for await (const chunk of req) void chunk; // reads the whole body, like Next would
        res.end('read it all');
      },
      { requestTimeout: 600, headersTimeout: 400, connectionsCheckingInterval: 50 },
    );
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((r) => socket.once('connect', r));
    const total = 200;
    socket.write(`POST /api/leads HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${total}\r\n\r\n`);
    let sent = 0;
    let answer = '';
    socket.on('data', (d) => (answer += d.toString()));
    socket.on('error', () => {});
    const closed = new Promise<void>((r) => socket.once('close', () => r()));
    // One byte every 100 ms: the whole body would take 20 s.
    const timer = setInterval(() => {
      if (sent < total && !socket.destroyed) {
        socket.write('x');
        sent++;
      }
    }, 100);
    await closed;
    clearInterval(timer);
    expect(sent).toBeLessThan(total);
    expect(answer).not.toContain('read it all');
    // Node answers 408 before it closes (or just closes when it cannot).
    if (answer) expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('reads its timeouts from the environment, with production defaults', () => {
    expect(serverOptionsFromEnv({})).toMatchObject({ trustProxy: false, requestTimeout: 30_000, headersTimeout: 20_000, keepAliveTimeout: 5_000 });
    expect(
      serverOptionsFromEnv({ HTTP_REQUEST_TIMEOUT_MS: '1500', HTTP_HEADERS_TIMEOUT_MS: '1000', HTTP_KEEP_ALIVE_TIMEOUT_MS: '2000', TRUST_PROXY: 'true' }),
    ).toMatchObject({ trustProxy: true, requestTimeout: 1500, headersTimeout: 1000, keepAliveTimeout: 2000 });
    expect(serverOptionsFromEnv({ HTTP_REQUEST_TIMEOUT_MS: 'soon' }).requestTimeout).toBe(30_000);
    const server = createAppServer(() => {}, serverOptionsFromEnv({}));
    expect([server.requestTimeout, server.headersTimeout, server.keepAliveTimeout]).toEqual([30_000, 20_000, 5_000]);
  });
});

describe('HTTP server around Next: methods', () => {
  it.each(['TRACE', 'PROPFIND', 'PURGE', 'MKCOL'])('%s is a 405 with Allow, and never reaches Next', async (method) => {
    const { port, calls } = await start(() => {
      throw new Error('must not be called');
    });
    const res = await request(port, method, '/stud-faq');
    expect(res.status).toBe(405);
    expect(res.headers['allow']).toBe('GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
    expect(res.body).toBe('Method Not Allowed\n');
    expect(calls).toHaveLength(0);
  });

  it.each(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])('%s reaches Next', async (method) => {
    const { port, calls } = await start((req, res) => res.end());
    expect((await request(port, method)).status).toBe(200);
    expect(calls).toHaveLength(1);
  });
});

describe('HTTP server around Next: forwarded headers', () => {
  const forwarded = {
    'x-forwarded-for': '6.6.6.6',
    'x-real-ip': '6.6.6.6',
    forwarded: 'for=6.6.6.6;proto=https',
    'x-forwarded-proto': 'https',
    'x-forwarded-host': 'evil.example',
    'x-forwarded-port': '443',
  };

  it('are dropped unless a proxy is trusted', async () => {
    const { port } = await start(echoHeaders);
    const seen = JSON.parse((await request(port, 'GET', '/', forwarded)).body) as Record<string, string>;
    for (const name of Object.keys(forwarded)) expect(seen[name], name).toBeUndefined();
  });

  it('are dropped, with a forged private proto header, unless a proxy is trusted', async () => {
    const { port } = await start(echoHeaders);
    const seen = JSON.parse((await request(port, 'GET', '/', { ...forwarded, 'x-tilmen-forwarded-proto': 'https' })).body) as Record<string, string>;
    expect(seen['x-tilmen-forwarded-proto']).toBeUndefined();
  });

  it('are passed on with TRUST_PROXY=true, the proto under a private name Next does not read', async () => {
    const { port } = await start(echoHeaders, { trustProxy: true });
    const seen = JSON.parse((await request(port, 'GET', '/', forwarded)).body) as Record<string, string>;
    // Next seeing x-forwarded-proto: https proxied its own rewrite of / to https://localhost (a 500).
    expect(seen['x-forwarded-proto']).toBeUndefined();
    expect(seen['x-tilmen-forwarded-proto']).toBe('https');
    expect(seen['x-forwarded-host']).toBe('evil.example');
    expect(seen['x-forwarded-for']).toBe('6.6.6.6');
  });
});

describe('HTTP server around Next: framework response headers', () => {
  const nextLike = (req: http.IncomingMessage, res: http.ServerResponse) => {
    res.setHeader('X-Powered-By', 'Next.js');
    res.setHeader('x-middleware-rewrite', '/ru/stud-faq');
    res.setHeader('x-nextjs-cache', 'HIT');
    res.setHeader('x-nextjs-prerender', '1');
    res.setHeader('x-nextjs-stale-time', '300');
    res.setHeader('content-type', 'text/html');
    if (req.url === '/write-head') res.writeHead(200, { 'x-nextjs-matched-path': '/[locale]/stud-faq', 'x-middleware-next': '1', vary: 'rsc' });
    else if (req.url === '/raw-array') res.writeHead(200, ['x-nextjs-matched-path', '/x', 'x-kept', 'yes']);
    res.end('<html></html>');
  };
  const framework = (h: http.IncomingHttpHeaders) => Object.keys(h).filter((k) => /^x-(powered-by|middleware-|nextjs-)/.test(k));

  it.each(['/', '/write-head', '/raw-array'])('a document (%s) gets none of them', async (path) => {
    const { port } = await start(nextLike);
    const res = await request(port, 'GET', path);
    expect(res.status).toBe(200);
    expect(framework(res.headers)).toEqual([]);
    expect(res.headers['content-type']).toBe('text/html');
    if (path === '/write-head') expect(res.headers['vary']).toBe('rsc');
    if (path === '/raw-array') expect(res.headers['x-kept']).toBe('yes');
    expect(res.body).toBe('<html></html>');
  });

  it("the client router's own RSC fetch keeps only the headers it reads", async () => {
    const { port } = await start(nextLike);
    const res = await request(port, 'GET', '/write-head', { rsc: '1' });
    expect(framework(res.headers).sort()).toEqual(['x-nextjs-prerender', 'x-nextjs-stale-time']);
  });

  it('classifies header names', () => {
    expect(isStrippedHeader('X-Powered-By', true)).toBe(true);
    expect(isStrippedHeader('x-middleware-rewrite', true)).toBe(true);
    expect(isStrippedHeader('x-nextjs-stale-time', false)).toBe(true);
    expect(isStrippedHeader('x-nextjs-stale-time', true)).toBe(false);
    expect(isStrippedHeader('x-nextjs-cache', true)).toBe(true);
    expect(isStrippedHeader('content-security-policy', false)).toBe(false);
  });
});

describe('HTTP server around Next: /.well-known/security.txt', () => {
  it('is served as RFC 9116 text without reaching Next', async () => {
    const { port, calls } = await start(() => {
      throw new Error('must not be called');
    }, { securityContact: 'mailto:support@tilmen.kz', siteUrl: 'https://tilmen.kz' });
    const res = await request(port, 'GET', '/.well-known/security.txt');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toMatch(/^Contact: mailto:support@tilmen\.kz$/m);
    expect(res.body).toMatch(/^Preferred-Languages: ru, kk, en$/m);
    expect(res.body).toMatch(/^Canonical: https:\/\/tilmen\.kz\/\.well-known\/security\.txt$/m);
    const expires = new Date(/^Expires: (\S+)$/m.exec(res.body)![1]!);
    const days = (expires.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(300);
    expect(days).toBeLessThan(366);
    expect(calls).toHaveLength(0);
    expect((await request(port, 'HEAD', '/.well-known/security.txt')).status).toBe(200);
  });

  it('takes Contact from the support e-mail and leaves Canonical out without a site address', () => {
    const o = serverOptionsFromEnv({ NEXT_PUBLIC_SUPPORT_EMAIL: 'help@example.kz' });
    expect(o.securityContact).toBe('mailto:help@example.kz');
    const text = securityTxt({ contact: o.securityContact, siteUrl: o.siteUrl, now: new Date('2026-03-01T12:00:00Z') });
    expect(text).toBe('Contact: mailto:help@example.kz\nExpires: 2027-02-28T00:00:00Z\nPreferred-Languages: ru, kk, en\n');
  });
});
