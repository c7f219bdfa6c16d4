import type { Metadata } from 'next';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { accountPageMetadata } from '@/components/auth/auth-shell';
import { CabinetView } from '@/components/auth/cabinet-view';
import { pickMessages } from '@/lib/i18n/pick';

type Props = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return accountPageMetadata((await params).locale, 'Cabinet', 'metaTitle');
}

/** The built-in cabinet (signed-in only): static shell, the profile is loaded in the browser. */
export default async function CabinetPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations('Cabinet');
  const messages = await getMessages();
  return (
    <div className="container-page max-w-3xl py-10 md:py-14">
      <h1 className="text-3xl font-bold tracking-tight md:text-4xl">{t('title')}</h1>
      <div className="mt-8">
        <NextIntlClientProvider messages={pickMessages(messages, ['Cabinet', 'Validation', 'Toasts'])}>
          <CabinetView />
        </NextIntlClientProvider>
      </div>
    </div>
  );
}
