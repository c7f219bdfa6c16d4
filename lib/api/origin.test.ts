import { describe, expect, it } from 'vitest';
import { allowedOrigins, sameOrigin } from './origin';

describe('Origin check of cookie-authenticated POSTs', () => {
  const allowed = allowedOrigins('https://tilmen.kz', 'http://localhost:3000/api/member/refresh', '127.0.0.1:3000');
  it.each([
    [{ origin: 'https://tilmen.kz' }, true],
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

  it('ignores a Host header that is not a host', () => {
    expect(allowedOrigins('https://tilmen.kz', 'http://localhost/', 'evil.com/x@y')).not.toContain('http://evil.com/x@y');
  });
});
