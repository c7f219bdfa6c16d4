import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { pageMetadata } from '@/lib/seo';
import { PageHero } from '@/components/ui/section';
import { LeadSection } from '@/components/forms/lead-section';

type Props = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return pageMetadata((await params).locale, 'student', '/student');
}

export default async function StudentPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations('Metadata');
  return (
    <>
      <PageHero title={t('student.title')} lead={t('student.description')} />
      <LeadSection kind="feedback" page="/student" />
    </>
  );
}
