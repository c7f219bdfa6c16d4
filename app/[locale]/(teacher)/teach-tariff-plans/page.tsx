import type { Metadata } from 'next';
import { setRequestLocale } from 'next-intl/server';
import { TariffPage } from '@/components/tariffs/tariff-page';
import type { Locale } from '@/i18n/routing';
import { pageMetadata } from '@/lib/seo';

type Props = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return pageMetadata((await params).locale, 'teachTariffs', '/teach-tariff-plans');
}

export default async function TeacherTariffsPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  return <TariffPage audience="teacher" locale={locale} />;
}
