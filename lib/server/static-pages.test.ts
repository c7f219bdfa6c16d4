import { describe, expect, it } from 'vitest';
import { createCsp } from './csp.mjs';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { configHeaders, createStaticPages, fileEncoding, headerVariable, nginxHeaderValue, nginxString, PAGE_HEADERS, pageHeaders, publicPath, renderNginxConf, staticPageFor } from './static-pages.mjs';

const rules = [
  { source: '/((?!_next/static/).*)', regex: '^(?:/((?!_next/static/).*))(?:/)?$', headers: [{ key: 'Content-Security-Policy', value: 'loose' }, { key: 'X-Frame-Options', value: 'DENY' }, { key: 'Permissions-Policy', value: 'camera=()' }] },
  { source: '/lesson/:id', regex: '^/lesson(?:/([^/]+?))(?:/)?$', headers: [{ key: 'Permissions-Policy', value: 'camera=(self)' }] },
];
const csp = createCsp({ manifest: { pages: { '/kk/student': ["'sha256-abc='"] }, errorPages: [] } });

describe('the pages nginx sends from files (lib/server/static-pages.mjs)', () => {
  it('names a prerendered route by its public path: the default locale unprefixed', () => {
    expect(publicPath('/ru')).toBe('/');
    expect(publicPath('/ru/student')).toBe('/student');
    expect(publicPath('/kk')).toBe('/kk');
    expect(publicPath('/en/stud-test')).toBe('/en/stud-test');
  });

  it('takes next.config.ts headers in Next’s order, a later rule replacing a name; conditions keep a page with the app', () => {
    expect(Object.fromEntries(configHeaders(rules, '/lesson/5')!)).toEqual({ 'content-security-policy': 'loose', 'x-frame-options': 'DENY', 'permissions-policy': 'camera=(self)' });
    expect(configHeaders([{ ...rules[0]!, has: [{ type: 'cookie', key: 'x' }] }], '/')).toBeNull();
  });

  it('gives a page the production policy with its hashes and a nonce slot, and refuses headers it cannot send', () => {
    const headers = pageHeaders({ pathname: '/kk/student', rules, csp, cacheControl: 's-maxage=31536000', etag: '"e1"' })!;
    expect(Object.keys(headers).every((h) => PAGE_HEADERS.includes(h))).toBe(true);
    expect(headers['content-security-policy']).toMatch(/^default-src 'self'; script-src 'self' 'nonce-TILMEN-NONCE-SLOT' 'sha256-abc='/);
    expect(headers['content-security-policy']).not.toContain('loose');
    expect(headers).toMatchObject({ etag: '"e1"', 'cache-control': 's-maxage=31536000', 'reporting-endpoints': 'csp="/api/csp-report"' });
    expect(headers['vary']).toBe('rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch, Accept-Encoding');
    const odd = [{ ...rules[0]!, headers: [{ key: 'X-Other', value: '1' }] }];
    expect(pageHeaders({ pathname: '/', rules: odd, csp, cacheControl: 'x', etag: '"e"' })).toBeNull();
  });

  it('writes nginx strings safely: quotes escaped, no stray variables, the nonce as $request_id', () => {
    expect(nginxString('"4jr"')).toBe('"\\"4jr\\""');
    expect(() => nginxString('a$b')).toThrow();
    expect(() => nginxString('a\nb')).toThrow();
    expect(nginxHeaderValue("script-src 'nonce-TILMEN-NONCE-SLOT' 'x'")).toBe("script-src 'nonce-${request_id}' 'x'");
    expect(headerVariable('Content-Security-Policy')).toBe('tilmen_page_content_security_policy');
  });

  it('maps the default locale’s pages through the Accept-Language check and the others straight', () => {
    const conf = renderNginxConf(
      [
        { path: '/', file: 'B/ru.html', headers: { etag: '"a"' } },
        { path: '/kk/student', file: 'B/kk/student.html', headers: { etag: '"b"' } },
      ],
      { buildId: 'B' },
    );
    expect(conf).toContain('"/" "dl:B/ru.html";');
    expect(conf).toContain('"/kk/student" "lc:B/kk/student.html";');
    expect(conf).toContain('map $request_uri $tilmen_page_etag {');
    expect(conf).toContain('"/kk/student" "\\"b\\"";');
    // Every header the snippet sends has its map.
    for (const name of PAGE_HEADERS) expect(conf).toContain(`$${headerVariable(name)} {`);
  });

  it('lets the app send a file by the rules of the nginx maps: only what the path alone decides', () => {
    const pages = new Map([
      ['/student', { prefixed: false }],
      ['/kk/student', { prefixed: true }],
    ]);
    const pick = (method: string, url: string, headers: Record<string, string> = {}) => staticPageFor({ method, url, headers }, pages) !== null;
    expect(pick('GET', '/student')).toBe(true);
    expect(pick('HEAD', '/kk/student')).toBe(true);
    expect(pick('POST', '/student')).toBe(false);
    for (const url of ['/student?utm_source=x', '/student/', '/ru/student', '/Student', '/student?']) expect(pick('GET', url), url).toBe(false);
    for (const header of ['rsc', 'next-router-prefetch', 'next-router-state-tree', 'next-router-segment-prefetch', 'next-action', 'next-url', 'if-none-match', 'if-modified-since', 'range'])
      expect(pick('GET', '/kk/student', { [header]: '1' }), header).toBe(false);
    expect(pick('GET', '/kk/student', { rsc: '' }), 'an empty header, as nginx reads it').toBe(true);
    expect(pick('GET', '/kk/student', { cookie: 'a=1; next_locale=kk' })).toBe(false);
    expect(pick('GET', '/kk/student', { cookie: '__prerender_bypass=1' })).toBe(false);
    expect(pick('GET', '/kk/student', { cookie: 'utm_source=x' })).toBe(true);
    // The cluster test's Accept-Language cases, and the prefixed pages ignore the header.
    for (const [language, file] of [
      ['', true],
      ['ru', true],
      ['RU-kz', true],
      ['ru-KZ, kk;q=0.9', true],
      ['ru;q=1.000, en', true],
      ['kk, ru', false],
      ['ru;q=0.5, kk', false],
      ['ru, kk;q=2', false],
      ['en-US,en;q=0.9', false],
    ] as const) {
      expect(pick('GET', '/student', { 'accept-language': language }), `"${language}"`).toBe(file);
      expect(pick('GET', '/kk/student', { 'accept-language': language }), `/kk: "${language}"`).toBe(true);
    }
  });

  it('chooses brotli, then gzip, then the plain file; a coding with q=0 is refused', () => {
    expect(fileEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(fileEncoding('gzip')).toBe('gzip');
    expect(fileEncoding('br;q=0, gzip')).toBe('gzip');
    expect(fileEncoding('gzip;q=0')).toBe('');
    expect(fileEncoding(undefined)).toBe('');
    expect(fileEncoding('identity')).toBe('');
  });

  it('sends a page from the build’s files with its headers, and refuses files of another build', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'static-pages-'));
    try {
      const html = Buffer.from('<!DOCTYPE html><html lang="kk"><body>Сәлем</body></html>');
      fs.mkdirSync(path.join(dist, 'nginx/pages/B1/kk'), { recursive: true });
      fs.writeFileSync(path.join(dist, 'nginx/pages/B1/kk/student.html'), html);
      fs.writeFileSync(path.join(dist, 'nginx/pages/B1/kk/student.html.gz'), zlib.gzipSync(html));
      fs.writeFileSync(path.join(dist, 'nginx/pages/B1/kk/student.html.br'), zlib.brotliCompressSync(html));
      const headers = { 'content-security-policy': 'x', 'reporting-endpoints': 'y', 'x-frame-options': 'DENY', etag: '"e"', vary: 'Accept-Encoding' };
      fs.writeFileSync(path.join(dist, 'nginx/pages.json'), JSON.stringify({ buildId: 'B1', pages: [{ path: '/kk/student', file: 'B1/kk/student.html', headers }] }));
      fs.writeFileSync(path.join(dist, 'BUILD_ID'), 'B2\n');
      expect(createStaticPages({ distDir: dist }), 'another build’s files').toBeNull();
      fs.writeFileSync(path.join(dist, 'BUILD_ID'), 'B1\n');
      const pages = createStaticPages({ distDir: dist })!;
      expect(pages.count).toBe(1);
      const server = http.createServer((req, res) => {
        if (!pages.serve(req, res)) res.writeHead(404).end('app');
      });
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      const { port } = server.address() as { port: number };
      const get = (method: string, url: string, h: Record<string, string>) =>
        new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
          const req = http.request({ host: '127.0.0.1', port, method, path: url, headers: h, agent: false }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
          });
          req.on('error', reject);
          req.end();
        });
      try {
        const br = await get('GET', '/kk/student', { 'accept-encoding': 'gzip, br' });
        expect(br.status).toBe(200);
        expect(br.headers['content-encoding']).toBe('br');
        expect(zlib.brotliDecompressSync(br.body).equals(html)).toBe(true);
        expect(br.headers['content-type']).toBe('text/html; charset=utf-8');
        expect([br.headers['x-frame-options'], br.headers['etag'], br.headers['vary']]).toEqual(['DENY', '"e"', 'Accept-Encoding']);
        // The policy is the server's to set (a fresh nonce per answer), never the file's slot.
        expect(br.headers['content-security-policy']).toBeUndefined();
        expect(br.headers['reporting-endpoints']).toBeUndefined();
        const plain = await get('GET', '/kk/student', {});
        expect(plain.headers['content-encoding']).toBeUndefined();
        expect(plain.body.equals(html)).toBe(true);
        const head = await get('HEAD', '/kk/student', { 'accept-encoding': 'gzip' });
        expect([head.status, head.headers['content-length'], head.body.length]).toEqual([200, String(zlib.gzipSync(html).length), 0]);
        expect((await get('GET', '/kk/student', { 'if-none-match': '"e"' })).body.toString()).toBe('app');
        expect((await get('GET', '/kk/student?x', {})).body.toString()).toBe('app');
      } finally {
        await new Promise((r) => server.close(r));
      }
    } finally {
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});
