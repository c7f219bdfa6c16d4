import { defineRouting } from 'next-intl/routing';

export const LOCALE_COOKIE_MAX_AGE = 60 * 60 * 24 * 365;

export const routing = defineRouting({
  locales: ['ru', 'kk', 'en'],
  defaultLocale: 'ru',
  localePrefix: 'as-needed',
  // `secure` only in a browser on https: next-intl writes this cookie with document.cookie when
  // the locale is switched (and writes "secure" for any boolean value, so false must be left out).
  // On the server the spread is empty; proxy.ts adds Secure to the cookie it sets over https.
  localeCookie: {
    name: 'NEXT_LOCALE',
    maxAge: LOCALE_COOKIE_MAX_AGE,
    sameSite: 'lax',
    ...(typeof window !== 'undefined' && window.location.protocol === 'https:' ? { secure: true } : {}),
  },
  // hreflang alternates are rendered in <head> by each page's metadata instead.
  alternateLinks: false,
});

export type Locale = (typeof routing.locales)[number];

/** A path in `locale` (the default language has no prefix): the one home of the rule. */
export function localePath(locale: string, path: string): string {
  if (locale === routing.defaultLocale) return path;
  return path === '/' ? `/${locale}` : `/${locale}${path}`;
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (routing.locales as readonly string[]).includes(value);
}
