import { createTranslator } from 'use-intl/core';
import type { Locale } from '@/i18n/routing';
import ru from '@/messages/ru.json';
import kk from '@/messages/kk.json';
import en from '@/messages/en.json';

const catalogues = { ru, kk, en } as const;

/** A code inside an SMS body is the only six-digit run the templates contain (same in SQL). */
export const CODE_PATTERN_SQL = '[0-9]{6}';
export const REDACTED_CODE = '******';

/** "Tilmen: your code 123456. …" in the visitor's language (messages/*.json, namespace Sms). */
export function smsCodeText(locale: Locale, code: string): string {
  const t = createTranslator({ locale, messages: catalogues[locale], namespace: 'Sms' });
  return t('code', { code });
}

/** The code a body still carries, or null once it is redacted. */
export function codeInBody(body: string): string | null {
  return body.match(/\d{6}/)?.[0] ?? null;
}
