import { describe, expect, it } from 'vitest';
import { allowedOrigins, sameOrigin } from './origin';

describe('Origin check of cookie-authenticated POSTs', () => {
  const allowed = allowedOrigins('http://localhost:3000', 'http://localhost:3000/api/member/refresh', '127.0.0.1:3000');
  it.each([
    [{ origin: 'http://127.0.0.1:3000' }, true],
    [{ origin: 'http://localhost:3000' }, true],
    [{ origin: 'https://evil.example' }, false],
    [{ origin: 'null' }, false],
    [{ 'sec-fetch-site': 'cross-site' }, false],
    [{ 'sec-fetch-site': 'same-origin' }, true],
    [{}, true],
  ])('%o → %s', (headers, ok) => {
    expect(sameOrigin(new Headers(headers as Record<string, string>), allowed)).toBe(ok);
  });

  it('a site with a public address trusts only that address, whatever Host says (I6)', () => {
    const pinned = allowedOrigins('https://tilmen.kz', 'http://evil.example/api/x', 'evil.example');
    expect(pinned).toEqual(['https://tilmen.kz']);
    expect(sameOrigin(new Headers({ origin: 'http://evil.example' }), pinned)).toBe(false);
    expect(sameOrigin(new Headers({ origin: 'https://tilmen.kz' }), pinned)).toBe(true);
  });

  it('a machine-local site behind a TLS proxy trusts the https origin the browser used, port included', () => {
    const behind = allowedOrigins('http://localhost:3000', 'http://127.0.0.1:3100/api/member/refresh', '127.0.0.1:8443', true);
    expect(sameOrigin(new Headers({ origin: 'https://127.0.0.1:8443' }), behind)).toBe(true);
    expect(sameOrigin(new Headers({ origin: 'http://127.0.0.1:8443' }), allowedOrigins('https://tilmen.kz', 'http://127.0.0.1:3100/', '127.0.0.1:8443', true))).toBe(false);
  });

  it('ignores a Host header that is not a host', () => {
    expect(allowedOrigins('https://tilmen.kz', 'http://localhost/', 'evil.com/x@y')).not.toContain('http://evil.com/x@y');
  });
});
