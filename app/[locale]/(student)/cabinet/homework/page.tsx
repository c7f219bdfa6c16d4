import type { Metadata } from 'next';
import { setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { IslandPage, islandPageMetadata } from '@/components/cabinet/island-page';
import { HomeworkPage } from '@/components/homework/homework-page';

type Props = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return islandPageMetadata((await params).locale, 'Homework');
}

/** Homework (signed-in only): a student's units from their tutors' reports, or a tutor's students' results to check; loaded in the browser. */
export default async function HomeworkRoute({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  return (
    <IslandPage locale={locale} namespace="Homework" messages={['Homework']}>
      <HomeworkPage />
    </IslandPage>
  );
}
