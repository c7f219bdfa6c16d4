import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  buildManifest,
  createCsp,
  createReportLogger,
  cspHeader,
  inlineScriptHashes,
  loadManifest,
  manifestKey,
  MANIFEST_FILE,
  pagePathOf,
  sfuOrigins,
  writeManifest,
} from './csp.mjs';
import { createAppServer } from './http-server.mjs';

const sha = (s: string) => `'sha256-${crypto.createHash('sha256').update(s, 'utf8').digest('base64')}'`;

const HOME = [
  '<!DOCTYPE html><html lang="ru"><head>',
  '<script src="/_next/static/chunks/a.js" async=""></script>',
  '<script>self.__next_f=self.__next_f||[]</script>',
  '<script type="application/ld+json">{"@type":"School"}</script>',
  '</head><body><h1>Тилмен</h1>',
  '<script>self.__next_f.push([1,"ru \\u003c/script\\u003e"])</script>',
  '<script type="module">import "x"</script>',
  '<script type="text/javascript" id="x">window.a=1</script>',
  '</body></html>',
].join('');

/** A build output folder with prerendered pages as Next writes them. */
function fakeBuild(files: Record<string, string>, buildId = 'build-1') {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'csp-build-'));
  fs.writeFileSync(path.join(dist, 'BUILD_ID'), buildId);
  for (const [rel, html] of Object.entries(files)) {
    const file = path.join(dist, 'server', 'app', rel);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, html);
  }
  return dist;
}

const dirs: string[] = [];
const servers: http.Server[] = [];
afterEach(async () => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => { s.closeAllConnections(); s.close(r); })));
});

describe('inline script hashes', () => {
  it('hashes each inline script a browser runs, exactly as written, and nothing else', () => {
    expect(inlineScriptHashes(HOME)).toEqual(
      [
        sha('self.__next_f=self.__next_f||[]'),
        sha('self.__next_f.push([1,"ru \\u003c/script\\u003e"])'),
        sha('import "x"'),
        sha('window.a=1'),
      ].sort(),
    );
    // External scripts (allowed by 'self') and data blocks (JSON-LD: never run) have no hash.
    expect(inlineScriptHashes(HOME)).not.toContain(sha('{"@type":"School"}'));
    expect(inlineScriptHashes('<p>no scripts</p>')).toEqual([]);
  });
});

describe('manifest of a build', () => {
  it('keys each prerendered page by the address the site serves it at; error pages apart', () => {
    expect(pagePathOf('ru.html')).toBe('/');
    expect(pagePathOf('ru/stud-faq.html')).toBe('/stud-faq');
    expect(pagePathOf('kk.html')).toBe('/kk');
    expect(pagePathOf('en/reset-password/qr.html')).toBe('/en/reset-password/qr');
    expect(pagePathOf('_not-found.html')).toBe('_not-found');

    const dist = fakeBuild({
      'ru.html': HOME,
      'kk/student.html': '<script>kk()</script>',
      '_not-found.html': '<script>nf()</script>',
      '_global-error.html': '<script>ge()</script>',
    });
    dirs.push(dist);
    const manifest = writeManifest(dist);
    expect(manifest.buildId).toBe('build-1');
    expect(Object.keys(manifest.pages).sort()).toEqual(['/', '/kk/student']);
    expect(manifest.pages['/kk/student']).toEqual([sha('kk()')]);
    expect(manifest.errorPages).toEqual([sha('nf()'), sha('ge()')].sort());
    expect(JSON.parse(fs.readFileSync(path.join(dist, MANIFEST_FILE), 'utf8'))).toEqual(manifest);
  });

  it('a manifest of another build (next build run alone) is not trusted: it is computed again from the HTML', () => {
    const dist = fakeBuild({ 'ru.html': '<script>new()</script>' }, 'build-2');
    dirs.push(dist);
    fs.writeFileSync(path.join(dist, MANIFEST_FILE), JSON.stringify({ buildId: 'build-1', pages: { '/': ["'sha256-old'"] }, errorPages: [] }));
    expect(loadManifest(dist).pages['/']).toEqual([sha('new()')]);
    fs.rmSync(path.join(dist, MANIFEST_FILE));
    expect(loadManifest(dist).pages['/']).toEqual([sha('new()')]);
    expect(() => buildManifest(path.join(dist, 'missing'))).toThrow(/next build/);
  });
});

describe('policy', () => {
  const manifest = {
    pages: { '/': ["'sha256-home'"], '/kk/student': ["'sha256-kk'"] },
    errorPages: ["'sha256-404'"],
  };
  const csp = createCsp({ manifest, cabinet: 'https://cabinet.example' });
  const scriptSrc = (policy: string) => policy.split('; ').find((d) => d.startsWith('script-src '))!;

  it('a prerendered page: its own hashes, the nonce for a render per request, never unsafe-inline', () => {
    const p = csp.policyFor({ url: '/?utm_source=x', status: 200, html: true, nonce: 'n0nce' });
    expect(scriptSrc(p)).toContain("'self' 'nonce-n0nce' 'sha256-home'");
    expect(p).not.toContain("'sha256-kk'");
    expect(p).not.toContain("'sha256-404'");
    expect(scriptSrc(p)).not.toMatch(/unsafe-(inline|eval)/);
    // reCAPTCHA: api.js from www.google.com, its release script from www.gstatic.com.
    expect(scriptSrc(p)).toContain('https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/');
    for (const d of ["object-src 'none'", "base-uri 'self'", "frame-ancestors 'none'", "form-action 'self'", "default-src 'self'"]) expect(p).toContain(d);
    expect(p).toContain('https://cabinet.example');
    expect(p).toMatch(/report-uri \/api\/csp-report; report-to csp$/);
  });

  it('the address as visitors write it: trailing slash, /ru prefix, query; another locale has its own', () => {
    for (const url of ['/', '/ru', '/ru/', '/?a=1']) expect(manifestKey(url)).toBe('/');
    expect(manifestKey('/kk/student/')).toBe('/kk/student');
    expect(scriptSrc(csp.policyFor({ url: '/kk/student', html: true, nonce: 'n' }))).toContain("'sha256-kk'");
  });

  it('a page rendered per request has only the nonce; an error page also the prerendered error pages', () => {
    const cabinet = csp.policyFor({ url: '/admin/leads', status: 200, html: true, nonce: 'abc' });
    expect(scriptSrc(cabinet)).toMatch(/^script-src 'self' 'nonce-abc' https:\/\/www\.google\.com\/recaptcha\//);
    const notFound = csp.policyFor({ url: '/kk/nope', status: 404, html: true, nonce: 'abc' });
    expect(scriptSrc(notFound)).toContain("'nonce-abc' 'sha256-404'");
  });

  it('the back office, the company portal and the lesson room allow no third-party host (L4); marketing pages do', () => {
    for (const url of ['/admin/leads', '/en/admin', '/kk/company/employees', '/company', '/en/lesson/12']) {
      const p = csp.policyFor({ url, status: 200, html: true, nonce: 'abc' });
      expect(p, url).not.toMatch(/jivosite|googletagmanager|facebook|google-analytics/);
      expect(scriptSrc(p), url).toContain('https://www.google.com/recaptcha/');
    }
    for (const url of ['/', '/kk/student', '/en/companies', '/administration']) {
      expect(csp.policyFor({ url, status: 200, html: true, nonce: 'abc' }), url).toContain('https://code.jivosite.com');
    }
  });

  it('the lesson room\'s page alone may reach the Janus servers (group lessons): their public addresses from JANUS_SERVERS in connect-src', () => {
    const servers = JSON.stringify([
      { id: 'a', url: 'http://10.0.0.5:8088/janus', publicUrl: 'wss://sfu1.tilmen.kz/janus-ws', apiSecret: 'x', tokenSecret: 'y' },
      { id: 'b', url: 'http://10.0.0.6:8088/janus' },
    ]);
    expect(sfuOrigins(servers)).toEqual(['wss://sfu1.tilmen.kz', 'http://10.0.0.6:8088']);
    expect(sfuOrigins('secretsecretsecret1:tokentokentokentok@ws://127.0.0.1:8188')).toEqual(['ws://127.0.0.1:8188']);
    expect(sfuOrigins('')).toEqual([]);
    expect(sfuOrigins('[not json')).toEqual([]);
    const withSfu = createCsp({ manifest: { pages: {}, errorPages: [] }, sfu: sfuOrigins(servers) });
    const connect = (p: string) => p.split('; ').find((d) => d.startsWith('connect-src'))!;
    for (const url of ['/lesson/12', '/kk/lesson/12', '/en/lesson/12?x=1']) expect(connect(withSfu.policyFor({ url, html: true, nonce: 'n' })), url).toBe("connect-src 'self' https://www.google.com wss://sfu1.tilmen.kz http://10.0.0.6:8088");
    for (const url of ['/', '/admin', '/lesson/12/record', '/groups', '/kk/company']) expect(withSfu.policyFor({ url, html: true, nonce: 'n' }), url).not.toContain('sfu1.tilmen.kz');
    expect(withSfu.plain).not.toContain('sfu1.tilmen.kz');
  });

  it("a self-study unit's page alone plays media from memory (a recorded answer, a unit's audio): media-src 'self' blob:", () => {
    const policy = createCsp({ manifest: { pages: {}, errorPages: [] } });
    for (const url of ['/cabinet/study/english-a1/hello', '/kk/cabinet/study/kazakh-a1/tanysu', '/en/cabinet/study/a/b?x=1', '/cabinet/homework', '/kk/cabinet/homework']) expect(policy.policyFor({ url, html: true, nonce: 'n' }), url).toContain("media-src 'self' blob:");
    for (const url of ['/', '/cabinet', '/cabinet/study', '/kk/cabinet/words', '/lesson/12', '/admin']) expect(policy.policyFor({ url, html: true, nonce: 'n' }), url).not.toContain('media-src');
    expect(policy.plain).not.toContain('media-src');
  });

  it('anything but HTML (API answers, RSC payloads, files): no inline script at all', () => {
    const p = csp.policyFor({ url: '/', status: 200, html: false, nonce: 'abc' });
    expect(p).toBe(csp.plain);
    expect(scriptSrc(p)).not.toMatch(/nonce|sha256/);
    expect(cspHeader({ reportUri: null })).not.toContain('report-uri');
  });
});

describe('server.mjs with the policy (manifest → header, end to end over HTTP)', () => {
  async function start(manifest: Parameters<typeof createCsp>[0]['manifest'], lines: string[] = []) {
    const seen: http.IncomingHttpHeaders[] = [];
    const server = createAppServer(
      (req, res) => {
        seen.push({ ...req.headers });
        const url = req.url ?? '/';
        if (url.startsWith('/api/')) {
          res.setHeader('content-type', 'application/json');
          res.end('{}');
        } else if (url === '/cached') {
          res.setHeader('Content-Security-Policy', "script-src 'self' 'unsafe-inline'");
          res.writeHead(304, { ETag: '"x"' });
          res.end();
        } else if (url === '/missing') {
          res.writeHead(404, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': "script-src 'unsafe-inline'" });
          res.end('<h1>404</h1>');
        } else {
          res.setHeader('Content-Security-Policy', "script-src 'self' 'unsafe-inline'");
          res.setHeader('content-type', 'text/html; charset=utf-8');
          res.end('<h1>ok</h1>');
        }
      },
      { csp: createCsp({ manifest }), cspReportLogger: createReportLogger({ perMinute: 2, log: (l) => lines.push(l) }) },
    );
    servers.push(server);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    const get = (p: string, headers: Record<string, string> = {}, method = 'GET', body?: string) =>
      new Promise<{ status: number; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
        const req = http.request({ host: '127.0.0.1', port, path: p, method, headers, agent: false }, (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
        });
        req.on('error', reject);
        req.end(body);
      });
    return { get, seen };
  }

  it('each page gets its hashes and a fresh nonce that Next is handed in the request; the framework policy is replaced', async () => {
    const { get, seen } = await start({ pages: { '/': ["'sha256-home'"] }, errorPages: ["'sha256-404'"] });
    const a = await get('/', { 'content-security-policy': "script-src 'nonce-attacker'" });
    const b = await get('/');
    const policyA = String(a.headers['content-security-policy']);
    expect(policyA).toContain("'sha256-home'");
    expect(policyA.split('; ').find((d) => d.startsWith('script-src'))).not.toContain('unsafe-inline');
    const nonceA = /'nonce-([^']+)'/.exec(policyA)![1];
    const nonceB = /'nonce-([^']+)'/.exec(String(b.headers['content-security-policy']))![1];
    expect(nonceA).not.toBe(nonceB);
    expect(nonceA).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    // Next reads the nonce from the request's header: the server's, never the client's.
    expect(seen[0]!['content-security-policy']).toBe(`script-src 'nonce-${nonceA}'`);
    expect(a.headers['reporting-endpoints']).toBe('csp="/api/csp-report"');

    const missing = await get('/missing');
    expect(missing.status).toBe(404);
    expect(String(missing.headers['content-security-policy'])).toContain("'sha256-404'");
    expect(String(missing.headers['content-security-policy'])).not.toMatch(/script-src 'unsafe-inline'/);

    // A 304 says nothing of the body's type: no policy, so the browser keeps the one stored with the page.
    const cached = await get('/cached');
    expect(cached.status).toBe(304);
    expect(cached.headers['content-security-policy']).toBeUndefined();

    const api = await get('/api/thing');
    expect(String(api.headers['content-security-policy'])).not.toMatch(/nonce|sha256/);
    expect(api.headers['reporting-endpoints']).toBeUndefined();
  });

  it('violation reports are logged one line each, at most N a minute, and answered 204', async () => {
    const lines: string[] = [];
    const { get, seen } = await start({ pages: {}, errorPages: [] }, lines);
    const report = JSON.stringify({ 'csp-report': { 'document-uri': 'https://tilmen.kz/kk', 'effective-directive': 'script-src-elem', 'blocked-uri': 'inline' } });
    for (let i = 0; i < 4; i++) {
      expect((await get('/api/csp-report', { 'content-type': 'application/csp-report' }, 'POST', report)).status).toBe(204);
    }
    const reportingApi = JSON.stringify([{ type: 'csp-violation', body: { documentURL: 'https://tilmen.kz/', effectiveDirective: 'script-src', blockedURL: 'https://evil.example/x.js' } }]);
    expect((await get('/api/csp-report', { 'content-type': 'application/reports+json' }, 'POST', reportingApi)).status).toBe(204);
    expect(lines).toEqual([
      '[csp] violation: script-src-elem blocked inline on https://tilmen.kz/kk',
      '[csp] violation: script-src-elem blocked inline on https://tilmen.kz/kk',
    ]);
    expect(seen).toHaveLength(0); // answered before Next
    expect((await get('/api/csp-report', {}, 'POST', 'x'.repeat(70_000))).status).toBe(413);
  });

  it('the logger reports how many it left out once the minute is over', () => {
    let t = 0;
    const lines: string[] = [];
    const record = createReportLogger({ perMinute: 1, log: (l) => lines.push(l), now: () => t });
    const body = JSON.stringify({ 'csp-report': { 'violated-directive': 'script-src', 'blocked-uri': 'eval', 'document-uri': 'x\ny' } });
    record(body);
    record(body);
    record(body);
    expect(record('not json')).toBe(false);
    t = 61_000;
    record(body);
    expect(lines).toEqual([
      '[csp] violation: script-src blocked eval on x y',
      '[csp] 2 more violation report(s) not logged in the last minute',
      '[csp] violation: script-src blocked eval on x y',
    ]);
  });
});

describe('the checkout page and the payment provider', () => {
  it('lets the provider\'s page origin run scripts on /checkout pages only', async () => {
    const { createCsp: make } = await import('./csp.mjs');
    const csp = make({ manifest: { pages: {}, errorPages: [] }, payment: 'https://epay.homebank.kz' });
    const script = (url: string) => /script-src ([^;]*)/.exec(csp.policyFor({ url, html: true, nonce: 'n' }))![1]!;
    for (const url of ['/checkout', '/kk/checkout?tutor=1', '/en/checkout/return?invoice=100000001']) expect(script(url)).toContain('https://epay.homebank.kz');
    for (const url of ['/', '/stud-tariff-plans', '/cabinet', '/admin', '/checkouts']) expect(script(url)).not.toContain('epay');
    expect(csp.plain).not.toContain('epay');
  });
});
