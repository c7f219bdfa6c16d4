import type { Metadata } from 'next';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { StudyHome } from '@/components/study/study-home';
import { pickMessages } from '@/lib/i18n/pick';

type Props = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: 'Study' });
  return { title: t('metaTitle'), robots: { index: false, follow: false } };
}

/** Self-study (signed-in only): what to do today and the courses; everything is loaded in the browser. */
export default async function StudyPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations('Study');
  return (
    <div className="container-page max-w-3xl py-8 md:py-14">
      <h1 className="text-3xl font-bold tracking-tight md:text-4xl">{t('title')}</h1>
      <div className="mt-6">
        <NextIntlClientProvider messages={pickMessages(await getMessages(), ['Study'])}>
          <StudyHome />
        </NextIntlClientProvider>
      </div>
    </div>
  );
}
