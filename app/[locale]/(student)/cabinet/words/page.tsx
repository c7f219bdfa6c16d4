import type { Metadata } from 'next';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { WordTrainer } from '@/components/study/word-trainer';
import { pickMessages } from '@/lib/i18n/pick';

type Props = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: 'Study.trainer' });
  return { title: t('metaTitle'), robots: { index: false, follow: false } };
}

/** The word trainer (signed-in only): the words due from the student's dictionary, loaded in the browser. */
export default async function WordsPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations('Study.trainer');
  return (
    <div className="container-page max-w-xl py-8 md:py-14">
      <h1 className="text-3xl font-bold tracking-tight md:text-4xl">{t('title')}</h1>
      <div className="mt-6">
        <NextIntlClientProvider messages={pickMessages(await getMessages(), ['Study'])}>
          <WordTrainer />
        </NextIntlClientProvider>
      </div>
    </div>
  );
}
