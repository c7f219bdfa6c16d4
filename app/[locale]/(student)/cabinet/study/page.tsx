import type { Metadata } from 'next';
import { setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { IslandPage, islandPageMetadata } from '@/components/cabinet/island-page';
import { StudyHome } from '@/components/study/study-home';

type Props = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return islandPageMetadata((await params).locale, 'Study');
}

/** Self-study (signed-in only): what to do today and the courses; everything is loaded in the browser. */
export default async function StudyPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  return (
    <IslandPage locale={locale} namespace="Study" messages={['Study']}>
      <StudyHome />
    </IslandPage>
  );
}
