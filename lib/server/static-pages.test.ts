import { describe, expect, it } from 'vitest';
import { createCsp } from './csp.mjs';
import { configHeaders, headerVariable, nginxHeaderValue, nginxString, PAGE_HEADERS, pageHeaders, publicPath, renderNginxConf } from './static-pages.mjs';

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
});
