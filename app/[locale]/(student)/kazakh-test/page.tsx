import type { Metadata } from 'next';
import { setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { KazakhTestPage } from '@/components/quiz/kazakh-test-page';
import { testMetadata } from '@/components/quiz/test-pages';

type Props = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return testMetadata((await params).locale, 'kazakh', null);
}

/** The Kazakh level test: a static entry screen, the test itself runs in the browser. */
export default async function KazakhTestRoute({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  return <KazakhTestPage locale={locale} company={null} />;
}
