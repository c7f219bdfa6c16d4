import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';

/** Registration pages: a translated title, kept out of search results. */
export async function registrationMetadata(locale: Locale, key: 'signUp' | 'student' | 'tutor' | 'lesson' | 'resetPhone'): Promise<Metadata> {
  const robots = { index: false, follow: true };
  if (key === 'resetPhone') {
    const t = await getTranslations({ locale, namespace: 'ResetPhone' });
    return { title: t('metaTitle'), robots };
  }
  const t = await getTranslations({ locale, namespace: 'Registration' });
  return { title: t(`meta.${key}`), description: t('meta.description'), robots };
}
