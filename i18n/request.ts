import { getRequestConfig } from 'next-intl/server';
import { hasLocale } from 'next-intl';
import { routing } from './routing';
import { SCHOOL_FIXED_ZONE } from '@/lib/time/school-clock';

export default getRequestConfig(async ({ requestLocale }) => {
  const requested = await requestLocale;
  const locale = hasLocale(routing.locales, requested) ? requested : routing.defaultLocale;
  return {
    locale,
    messages: (await import(`../messages/${locale}.json`)).default,
    // The school's clock as a fixed offset (lib/time/school-clock.ts): the browser's own zone data may be stale.
    timeZone: SCHOOL_FIXED_ZONE,
  };
});
