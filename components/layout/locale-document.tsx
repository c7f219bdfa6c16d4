import type { ReactNode } from 'react';
import { getMessages, getTranslations } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { LocaleProvider } from '@/i18n/navigation';
import { NavigationProgress } from '@/components/layout/navigation-progress';
import { NetworkStatus } from '@/components/layout/network-status';
import { DeferredSections } from '@/components/layout/deferred-sections';
import { ThirdParties } from '@/components/layout/third-parties';
import { JsonLd, organizationJsonLd } from '@/components/layout/json-ld';
import { AuthProvider } from '@/components/auth/auth-provider';
import { Toaster } from '@/components/ui/toaster';
import { pickKeys } from '@/lib/i18n/pick';
import { ISLAND_MESSAGES } from '@/components/forms/island-messages';

// Only what the islands read in the browser (components/forms/island-messages.ts: the lead form's
// keys, the captcha panel, the error boundary), this locale's only; the rest of the chrome gets
// strings as props. No NextIntlClientProvider here: it would bring use-intl and the ICU formatter
// into every page. The lead form mounts its own around these messages; form pages (registration,
// cabinet) have theirs.

/**
 * The document of every page in a locale: <html lang>, fonts (app/fonts.ts's variables, handed in
 * by the caller), skip link, the client chrome (progress bar, network status, session, toasts,
 * third parties) and the organisation JSON-LD.
 * Shared by app/[locale]/layout.tsx and app/not-found.tsx (unmatched URLs), so a 404 is the
 * same page as any other.
 */
export async function LocaleDocument({ locale, fontVariables, children }: { locale: Locale; fontVariables: string; children: ReactNode }) {
  const messages = await getMessages({ locale });
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
        <LocaleProvider locale={locale} messages={pickKeys(messages, ISLAND_MESSAGES)}>
          <NavigationProgress />
          <NetworkStatus labels={{ offline: t('offline'), backOnline: t('backOnline') }} />
          <AuthProvider />
          <DeferredSections />
          {children}
          <Toaster labels={{ permission_required: toasts('permission_required'), reload_browser: toasts('reload_browser'), offline: toasts('offline'), close: toasts('close') }} />
          <ThirdParties />
        </LocaleProvider>
        <JsonLd data={organizationJsonLd(locale)} />
      </body>
    </html>
  );
}
