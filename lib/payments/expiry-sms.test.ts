import { describe, expect, it } from 'vitest';
import { routing } from '@/i18n/routing';
import { translatorFor } from '@/lib/i18n/translate';
import { schoolDateTime } from '@/lib/lessons/notify';
import { absoluteUrl, localePath } from '@/lib/seo';
import { smsParts } from '@/lib/sms/length';

// The package expiry SMS (lib/payments/expiry.ts) as a student gets it: at most 2 parts in every
// language (copy review N-28: with the tutor's name it took 3), whatever the count and the date.
describe('the expiry SMS', () => {
  it.each(routing.locales)('%s fits in 2 parts', (locale) => {
    const t = translatorFor(locale, 'Cabinet');
    for (const lessons of [1, 3, 5, 21, 24])
      for (const validUntil of [new Date('2026-09-30T18:59:00Z'), new Date('2026-12-31T18:59:00Z')]) {
        const sms = t('money.expiry_sms', {
          lessons,
          date: schoolDateTime(validUntil, locale).date,
          cabinet: absoluteUrl(localePath(locale, '/cabinet')).replace(/^https?:\/\/[^/]+/, 'https://www.tilmen.kz'),
        });
        expect(sms).toMatch(/cabinet$/);
        expect(smsParts(sms), sms).toBeLessThanOrEqual(2);
        // English is GSM 7-bit: one part.
        if (locale === 'en') expect(smsParts(sms), sms).toBe(1);
      }
  });
});
