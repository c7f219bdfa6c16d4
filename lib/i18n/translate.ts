import 'server-only';
import { createTranslator } from 'use-intl/core';
import type { Locale } from '@/i18n/routing';
import ru from '@/messages/ru.json';
import kk from '@/messages/kk.json';
import en from '@/messages/en.json';

const catalogues = { ru, kk, en } as const;
type Messages = typeof ru;

/** A stored locale string as a Locale (anything unknown is Russian, the site's default). */
export const asLocale = (l: string | null | undefined): Locale => (l === 'kk' || l === 'en' ? l : 'ru');

/** Server-side strings in a given locale (mails, SMS, exports), outside a request's locale. */
export function translatorFor<N extends keyof Messages>(locale: string | null | undefined, namespace: N) {
  const loc = asLocale(locale);
  return createTranslator({ locale: loc, messages: catalogues[loc] as Messages, namespace });
}
