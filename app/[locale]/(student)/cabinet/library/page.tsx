import type { Metadata } from 'next';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { TutorLibrary } from '@/components/library-browse/tutor-library';
import { pickMessages } from '@/lib/i18n/pick';

type Props = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: 'TutorLibrary' });
  return { title: t('metaTitle'), robots: { index: false, follow: false } };
}

/** The tutor's library (signed-in tutors): the school's courses and units as students get them, with the keys; loaded in the browser. */
export default async function TutorLibraryPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations('TutorLibrary');
  return (
    <div className="container-page max-w-3xl py-8 md:py-14">
      <h1 className="text-3xl font-bold tracking-tight md:text-4xl">{t('title')}</h1>
      <p className="mt-3 text-muted">{t('lead')}</p>
      <div className="mt-6">
        <NextIntlClientProvider messages={pickMessages(await getMessages(), ['TutorLibrary', 'Exercises'])}>
          <TutorLibrary />
        </NextIntlClientProvider>
      </div>
    </div>
  );
}
