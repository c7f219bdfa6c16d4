import type { Metadata } from 'next';
import { setRequestLocale } from 'next-intl/server';
import { TariffPage } from '@/components/tariffs/tariff-page';
import type { Locale } from '@/i18n/routing';
import { callbackHoursNote } from '@/lib/leads/hours-note';
import { pageMetadata } from '@/lib/seo';

type Props = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return pageMetadata((await params).locale, 'studTariffs', '/stud-tariff-plans');
}

export default async function StudentTariffsPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  return <TariffPage audience="student" locale={locale} hoursNote={callbackHoursNote(locale)} />;
}
