import type { ReactNode } from 'react';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { pickMessages } from '@/lib/i18n/pick';

// Registration layout: content only. Its pages are forms, so their islands format messages in the browser.
const NAMESPACES = ['Registration', 'SmsCode', 'ResetPhone', 'SignIn', 'Reset', 'EmailConfirm', 'Cabinet', 'AuthHeader', 'Toasts', 'Validation', 'Errors', 'LeadForm', 'Common'];

export default async function RegistrationLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  setRequestLocale(locale as Locale);
  const messages = await getMessages();
  return (
    <NextIntlClientProvider messages={pickMessages(messages, NAMESPACES)}>
      <main id="main" className="flex min-h-dvh flex-1 flex-col bg-brand-tint/40">
        {children}
      </main>
    </NextIntlClientProvider>
  );
}
