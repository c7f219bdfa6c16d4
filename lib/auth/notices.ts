import 'server-only';
import { createTranslator } from 'use-intl/core';
import type { Locale } from '@/i18n/routing';
import type { Db } from '@/lib/db/types';
import { enqueue } from '@/lib/outbox';
import { publicEnv } from '@/lib/public-env';
import { absoluteUrl, localePath } from '@/lib/seo';
import ru from '@/messages/ru.json';
import kk from '@/messages/kk.json';
import en from '@/messages/en.json';

const catalogues = { ru, kk, en } as const;
const asLocale = (l: string): Locale => (l === 'kk' || l === 'en' ? l : 'ru');

/**
 * "Your password was changed" by SMS to the account's phone and by e-mail to its confirmed
 * address, in the account's language, through the outbox (queued in the caller's transaction).
 */
export async function queuePasswordChangedNotice(db: Db, user: { phone: string; email: string | null; locale: string }): Promise<void> {
  const locale = asLocale(user.locale);
  const t = createTranslator({ locale, messages: catalogues[locale], namespace: 'SecurityNotice' });
  await enqueue(db, { channel: 'sms', recipient: user.phone, subject: null, body: t('passwordChangedSms') });
  if (user.email) {
    const link = absoluteUrl(localePath(locale, '/reset-password'));
    await enqueue(db, {
      channel: 'email',
      recipient: user.email,
      subject: t('passwordChangedSubject'),
      body: t('passwordChangedBody', { link, phone: publicEnv.NEXT_PUBLIC_SUPPORT_PHONE }),
    });
  }
}

/** The mail with the single-use link that confirms a new address. */
export function emailConfirmMail(locale: string, token: string) {
  const loc = asLocale(locale);
  const t = createTranslator({ locale: loc, messages: catalogues[loc], namespace: 'EmailConfirmMail' });
  const link = absoluteUrl(`${localePath(loc, '/email-confirm')}?token=${token}`);
  return { subject: t('subject'), body: t('body', { link, phone: publicEnv.NEXT_PUBLIC_SUPPORT_PHONE }) };
}
