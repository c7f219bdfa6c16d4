import type { Metadata } from 'next';
import { setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { IslandPage, islandPageMetadata } from '@/components/cabinet/island-page';
import { TutorLibrary } from '@/components/library-browse/tutor-library';

type Props = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return islandPageMetadata((await params).locale, 'TutorLibrary');
}

/** The tutor's library (signed-in tutors): the school's courses and units as students get them, with the keys; loaded in the browser. */
export default async function TutorLibraryPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  return (
    <IslandPage locale={locale} namespace="TutorLibrary" messages={['TutorLibrary', 'Exercises']} lead>
      <TutorLibrary />
    </IslandPage>
  );
}
