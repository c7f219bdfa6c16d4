import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { localePath, routing, type Locale } from '@/i18n/routing';
import { publicEnv } from '@/lib/public-env';

export type PageKey = 'home' | 'student' | 'teacher' | 'studFaq' | 'teachFaq' | 'studTariffs' | 'teachTariffs';

/** "/student" in a locale: no prefix for Russian, /kk and /en otherwise. */
export { localePath };

export function absoluteUrl(path: string): string {
  return new URL(path, publicEnv.NEXT_PUBLIC_SITE_URL).toString();
}

const ogLocale: Record<Locale, string> = { ru: 'ru_KZ', kk: 'kk_KZ', en: 'en_US' };

export async function pageMetadata(locale: Locale, key: PageKey, path: string): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace: 'Metadata' });
  return buildMetadata(locale, path, t(`${key}.title`), t(`${key}.description`), t('siteName'));
}

/** Title, description, canonical, hreflang alternates and sharing cards of one page. */
export function buildMetadata(locale: Locale, path: string, title: string, description: string, siteName = 'Tilmen'): Metadata {
  const languages: Record<string, string> = Object.fromEntries(routing.locales.map((l) => [l, localePath(l, path)]));
  languages['x-default'] = localePath(routing.defaultLocale, path);
  const image = { url: `/og/og-${locale}.png`, width: 1200, height: 630, alt: title };
  return {
    title,
    description,
    alternates: { canonical: localePath(locale, path), languages },
    openGraph: {
      type: 'website',
      siteName,
      title,
      description,
      url: localePath(locale, path),
      locale: ogLocale[locale],
      images: [image],
    },
    twitter: { card: 'summary_large_image', title, description, images: [image.url] },
  };
}
