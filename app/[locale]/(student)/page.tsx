import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { callbackHoursNote } from '@/lib/leads/hours-note';
import { pageMetadata } from '@/lib/seo';
import { LeadSection } from '@/components/forms/lead-section';
import { Audiences } from '@/components/landing/home/audiences';
import { HomeHero } from '@/components/landing/home/hero';
import { Formats } from '@/components/landing/student/formats';
import { Reviews } from '@/components/landing/student/reviews';
import { WhyUs } from '@/components/landing/student/why-us';

type Props = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return pageMetadata((await params).locale, 'home', '/');
}

export default async function HomePage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations('Home.formats');
  return (
    <>
      <HomeHero />
      <Audiences />
      <Formats locale={locale} tone="tint" title={t('title')} lead={t('lead')} />
      <WhyUs locale={locale} />
      <Reviews tone="dark" />
      <LeadSection kind="callback" page="/" hoursNote={callbackHoursNote(locale)} />
    </>
  );
}
