import { describe, expect, it } from 'vitest';
import { safeRedirect } from './redirect';

describe('redirect targets after login', () => {
  it.each(['//evil.com', '/\\evil.com', '\\\\evil.com', '/%09/evil.com', 'https://evil.com', 'http:evil.com', 'javascript:alert(1)',
    '%2F%2Fevil.com', '/%2F/evil.com', '/%5Cevil.com', '\t//evil.com', '/\t/evil.com', '', 'evil.com', '//%65vil.com', '/%0d%0aLocation:x'])(
    '%s falls back home',
    (target) => {
      expect(safeRedirect(target)).toBe('/');
    },
  );

  it.each([
    ['/student', '/student'],
    ['/kk/stud-tariff-plans?plan=advanced#feedback', '/kk/stud-tariff-plans?plan=advanced#feedback'],
    ['/cabinet', '/cabinet'],
  ])('%s is kept', (target, expected) => {
    expect(safeRedirect(target)).toBe(expected);
  });

  // Found by the outside probe: the check ran before the dot segments were resolved, and
  // `/.//evil.example/phish` became `//evil.example/phish`, which the browser reads as another host.
  it.each([
    '/.//evil.example/phish',
    '/a/..//evil.example/phish',
    '/en/../..//evil.example/phish',
    '/%2e%2e//evil.example/x',
    '/%2E//evil.example/x',
    '/.%2e//evil.example/x',
    '/..%2f/evil.example/x',
    '/a/%2e%2e/%2e%2e//evil.example/x',
    '/%252e%252e//evil.example/x',
    '/./\\evil.example',
    '/.\t//evil.example',
    '/a/..\\evil.example',
    '/%2e%2e/%5cevil.example',
    '/ /evil.example',
  ])('%s (dot segments or escapes that collapse into //) falls back home', (target) => {
    expect(safeRedirect(target)).toBe('/');
  });

  it('whatever it returns is a same-origin path when resolved by a URL parser', () => {
    const page = 'https://tilmen.kz/sign-in?next=x';
    for (const target of ['/.//evil.example/phish', '/a/..//evil.example', '/%2e%2e//evil.example/x', '/student', '/a/./b/../c?x=1#y']) {
      const out = safeRedirect(target);
      expect(new URL(out, page).origin).toBe('https://tilmen.kz');
      expect(out.startsWith('//')).toBe(false);
      expect(safeRedirect(out)).toBe(out);
    }
  });

  it('resolves harmless dot segments into the plain path', () => {
    expect(safeRedirect('/a/./b/../cabinet?x=1#y')).toBe('/a/cabinet?x=1#y');
    expect(safeRedirect('/kk/../en/cabinet')).toBe('/en/cabinet');
    expect(safeRedirect('/%D0%BA%D1%83%D1%80%D1%81')).toBe('/%D0%BA%D1%83%D1%80%D1%81');
  });

  it('ignores non-strings', () => {
    expect(safeRedirect(undefined)).toBe('/');
    expect(safeRedirect(['/a'])).toBe('/');
  });
});
