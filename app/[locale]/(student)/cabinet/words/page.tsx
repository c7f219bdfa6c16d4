import type { Metadata } from 'next';
import { setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { IslandPage, islandPageMetadata } from '@/components/cabinet/island-page';
import { WordTrainer } from '@/components/study/word-trainer';

type Props = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return islandPageMetadata((await params).locale, 'Study.trainer');
}

/** The word trainer (signed-in only): the words due from the student's dictionary, loaded in the browser. */
export default async function WordsPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  return (
    <IslandPage locale={locale} namespace="Study.trainer" messages={['Study']} narrow>
      <WordTrainer />
    </IslandPage>
  );
}
