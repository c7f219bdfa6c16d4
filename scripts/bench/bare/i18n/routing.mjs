import { defineRouting } from 'next-intl/routing';

// The school's routing (i18n/routing.ts): ru without a prefix, /kk and /en.
export const routing = defineRouting({ locales: ['ru', 'kk', 'en'], defaultLocale: 'ru', localePrefix: 'as-needed', alternateLinks: false });
