import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { pickMessages } from '@/lib/i18n/pick';

/** The corporate portal: dynamic (every page checks the HR session on the server), never indexed. */
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale as Locale, namespace: 'Company' });
  return { title: t('meta.title'), robots: { index: false, follow: false, nocache: true } };
}

export default async function CompanyLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  const locale = (await params).locale as Locale;
  setRequestLocale(locale);
  const messages = await getMessages();
  return (
    <NextIntlClientProvider messages={pickMessages(messages, ['Company', 'Validation', 'Errors'])}>
      <div className="flex min-h-dvh flex-1 flex-col bg-slate-50">{children}</div>
    </NextIntlClientProvider>
  );
}
