import { getLocale, getTranslations } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import type { LocaleLabels } from './locale-switcher';

/** The language switch's strings, translated on the server (the switch formats no message in the browser). */
export async function localeLabels(): Promise<LocaleLabels> {
  const tl = await getTranslations('LocaleSwitcher');
  const locale = (await getLocale()) as Locale;
  return {
    label: tl('label'),
    current: tl('current', { language: tl(locale) }),
    names: { ru: tl('ru'), kk: tl('kk'), en: tl('en') },
  };
}
