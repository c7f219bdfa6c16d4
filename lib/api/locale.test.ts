import { describe, expect, it } from 'vitest';
import { localeFromAcceptLanguage } from './locale';

describe('Accept-Language', () => {
  it.each([
    [null, 'ru'],
    ['', 'ru'],
    ['kk-KZ,kk;q=0.9,ru;q=0.8', 'kk'],
    ['en-US,en;q=0.9', 'en'],
    ['de-DE,de;q=0.9', 'ru'],
    ['de;q=1, en;q=0.5, kk;q=0.7', 'kk'],
    ['kk;q=0, en', 'en'],
    ['x'.repeat(2000), 'ru'],
  ])('%s → %s', (header, locale) => {
    expect(localeFromAcceptLanguage(header)).toBe(locale);
  });
});
