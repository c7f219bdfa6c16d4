import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { notFound } from 'next/navigation';
import { hasLocale, NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations, setRequestLocale } from 'next-intl/server';
import { routing } from '@/i18n/routing';
import { fontVariables } from '@/app/fonts';
import { publicEnv } from '@/lib/public-env';
import { NavigationProgress } from '@/components/layout/navigation-progress';
import { NetworkStatus } from '@/components/layout/network-status';
import { ThirdParties } from '@/components/layout/third-parties';
import { JsonLd, organizationJsonLd } from '@/components/layout/json-ld';
import { AuthProvider } from '@/components/auth/auth-provider';
import { Toaster } from '@/components/ui/toaster';
import { pickMessages } from '@/lib/i18n/pick';

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

// Only what islands format in the browser (the lead form, the toasts); the rest gets strings as props.
const CLIENT_NAMESPACES = ['LeadForm', 'Validation'];

export default async function LocaleLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const messages = await getMessages();
  const t = await getTranslations({ locale, namespace: 'Common' });
  const toasts = await getTranslations({ locale, namespace: 'Toasts' });
  return (
    <html lang={locale} className={fontVariables}>
      <body className="flex min-h-dvh flex-col">
        <a
          href="#main"
          className="sr-only z-50 rounded bg-white px-4 py-2 text-brand focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          {t('skipToContent')}
        </a>
        <NextIntlClientProvider locale={locale} messages={pickMessages(messages, CLIENT_NAMESPACES)}>
          <NavigationProgress />
          <NetworkStatus labels={{ offline: t('offline'), backOnline: t('backOnline') }} />
          <AuthProvider />
          {children}
          <Toaster labels={{ permission_required: toasts('permission_required'), reload_browser: toasts('reload_browser'), offline: toasts('offline'), close: toasts('close') }} />
          <ThirdParties />
        </NextIntlClientProvider>
        <JsonLd data={organizationJsonLd(locale)} />
      </body>
    </html>
  );
}
