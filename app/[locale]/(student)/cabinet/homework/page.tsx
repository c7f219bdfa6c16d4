import type { Metadata } from 'next';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { HomeworkPage } from '@/components/homework/homework-page';
import { pickMessages } from '@/lib/i18n/pick';

type Props = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: 'Homework' });
  return { title: t('metaTitle'), robots: { index: false, follow: false } };
}

/** Homework (signed-in only): a student's units from their tutors' reports, or a tutor's students' results to check; loaded in the browser. */
export default async function HomeworkRoute({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations('Homework');
  return (
    <div className="container-page max-w-3xl py-8 md:py-14">
      <h1 className="text-3xl font-bold tracking-tight md:text-4xl">{t('title')}</h1>
      <div className="mt-6">
        <NextIntlClientProvider messages={pickMessages(await getMessages(), ['Homework'])}>
          <HomeworkPage />
        </NextIntlClientProvider>
      </div>
    </div>
  );
}
