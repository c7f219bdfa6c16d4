import { describe, expect, it } from 'vitest';
import { localizePath } from './navigation';

describe('localizePath: the URLs of next-intl’s as-needed prefix', () => {
  it('leaves Russian paths unprefixed unless switching to Russian', () => {
    expect(localizePath('/student', 'ru')).toBe('/student');
    expect(localizePath('/', 'ru')).toBe('/');
    expect(localizePath('/student', 'ru', true)).toBe('/ru/student');
  });

  it('prefixes Kazakh and English, the home page without a trailing slash', () => {
    expect(localizePath('/student', 'kk')).toBe('/kk/student');
    expect(localizePath('/', 'en')).toBe('/en');
    expect(localizePath('/?utm_source=x', 'en')).toBe('/en?utm_source=x');
    expect(localizePath('/#lead', 'kk')).toBe('/kk#lead');
    expect(localizePath('/stud-faq?q=1#a', 'kk')).toBe('/kk/stud-faq?q=1#a');
  });

  it('leaves external, protocol-relative, hash and mailto links alone', () => {
    for (const href of ['https://example.com/x', '//cdn.example.com/a', '#lead', 'mailto:a@b.kz', 'tel:+77011234567', 'student']) {
      expect(localizePath(href, 'kk')).toBe(href);
    }
  });
});
