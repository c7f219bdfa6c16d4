import { describe, expect, it } from 'vitest';
import { formatTenge } from './tariffs';

describe('formatTenge: the same string on the server and in every browser', () => {
  it('matches what Node’s full ICU gives for ru-KZ, kk-KZ and en-KZ', () => {
    for (const n of [0, 500, 4500, 40_000, 1_234_567]) {
      for (const [locale, tag] of [['ru', 'ru-KZ'], ['kk', 'kk-KZ'], ['en', 'en-KZ']] as const) {
        const icu = new Intl.NumberFormat(tag, { style: 'currency', currency: 'KZT', currencyDisplay: 'narrowSymbol', maximumFractionDigits: 0 }).format(n);
        expect(formatTenge(n, locale), `${locale} ${n}`).toBe(icu);
      }
    }
  });

  it('writes whole tenge with no-break spaces, or the English way', () => {
    expect(formatTenge(40_000, 'kk')).toBe('40\u00a0000\u00a0₸');
    expect(formatTenge(4_500.4, 'ru')).toBe('4\u00a0500\u00a0₸');
    expect(formatTenge(1_234_567, 'en')).toBe('₸1,234,567');
  });
});
