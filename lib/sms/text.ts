import { createTranslator } from 'use-intl/core';
import type { Locale } from '@/i18n/routing';
import ru from '@/messages/ru.json';
import kk from '@/messages/kk.json';
import en from '@/messages/en.json';

const catalogues = { ru, kk, en } as const;

/** "Tilmen: your code 123456. …" in the visitor's language (messages/*.json, namespace Sms). */
export function smsCodeText(locale: Locale, code: string): string {
  const t = createTranslator({ locale, messages: catalogues[locale], namespace: 'Sms' });
  return t('code', { code });
}
