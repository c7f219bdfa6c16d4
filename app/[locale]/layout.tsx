import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { notFound } from 'next/navigation';
import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { routing } from '@/i18n/routing';
import { publicEnv } from '@/lib/public-env';
import { fontVariables } from '@/app/fonts';
import { LocaleDocument } from '@/components/layout/locale-document';

// Only ru, kk and en exist; any other first segment (/foo.png) is a plain 404, never rendered.
export const dynamicParams = false;

export function generateStaticParams() {
  return routing.locales.map((locale) => ({ locale }));
}

export const viewport: Viewport = { themeColor: '#0090f9', width: 'device-width', initialScale: 1 };

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) return {};
  const t = await getTranslations({ locale, namespace: 'Metadata' });
  return {
    metadataBase: new URL(publicEnv.NEXT_PUBLIC_SITE_URL),
    applicationName: t('siteName'),
    title: { default: t('home.title'), template: `%s` },
    description: t('home.description'),
    manifest: '/manifest.webmanifest',
    formatDetection: { telephone: false },
  };
}

export default async function LocaleLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  return <LocaleDocument locale={locale} fontVariables={fontVariables}>{children}</LocaleDocument>;
}
