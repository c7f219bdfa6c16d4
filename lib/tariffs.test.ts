import { describe, expect, it } from 'vitest';
import { formatTenge, formatTiyn } from './tariffs';

describe('formatTenge: the same string on the server and in every browser', () => {
  it('matches what Node’s full ICU gives for ru-KZ and kk-KZ, and writes English the same way (as Kazakhstan reads amounts)', () => {
    for (const n of [0, 500, 4500, 40_000, 1_234_567]) {
      expect(formatTenge(n, 'en')).toBe(formatTenge(n, 'ru'));
      for (const [locale, tag] of [['ru', 'ru-KZ'], ['kk', 'kk-KZ']] as const) {
        const icu = new Intl.NumberFormat(tag, { style: 'currency', currency: 'KZT', currencyDisplay: 'narrowSymbol', maximumFractionDigits: 0 }).format(n);
        expect(formatTenge(n, locale), `${locale} ${n}`).toBe(icu);
      }
    }
  });

  it('writes whole tenge with no-break spaces in every language', () => {
    expect(formatTenge(40_000, 'kk')).toBe('40\u00a0000\u00a0₸');
    expect(formatTenge(4_500.4, 'ru')).toBe('4\u00a0500\u00a0₸');
    expect(formatTenge(1_234_567, 'en')).toBe('1\u00a0234\u00a0567\u00a0₸');
  });

  it('formatTiyn: whole tenge as formatTenge, tiyn after the decimal mark when there are any', () => {
    expect(formatTiyn(7_920_000, 'ru')).toBe(formatTenge(79_200, 'ru'));
    expect(formatTiyn(275_055, 'ru')).toBe('2\u00a0750,55\u00a0₸');
    expect(formatTiyn(275_055, 'en')).toBe('2\u00a0750.55\u00a0₸');
    expect(formatTiyn(-720_000, 'kk')).toBe('-7\u00a0200\u00a0₸');
    expect(formatTiyn(-5, 'en')).toBe('-0.05\u00a0₸');
  });
});
