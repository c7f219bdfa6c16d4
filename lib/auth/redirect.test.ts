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

  it('ignores non-strings', () => {
    expect(safeRedirect(undefined)).toBe('/');
    expect(safeRedirect(['/a'])).toBe('/');
  });
});
