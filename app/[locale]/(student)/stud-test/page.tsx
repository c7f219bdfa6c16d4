import type { Metadata } from 'next';
import { setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { PlacementTestPage, testMetadata } from '@/components/quiz/test-pages';

type Props = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return testMetadata((await params).locale, 'placement', null);
}

/** The English placement test: a static start screen, the test itself runs in the browser. */
export default async function StudTestPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  return <PlacementTestPage locale={locale} company={null} />;
}
