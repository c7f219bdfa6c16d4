import type { Metadata } from 'next';
import { setRequestLocale } from 'next-intl/server';
import { FaqPage } from '@/components/faq/faq-page';
import type { Locale } from '@/i18n/routing';
import { callbackHoursNote } from '@/lib/leads/hours-note';
import { pageMetadata } from '@/lib/seo';

type Props = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return pageMetadata((await params).locale, 'studFaq', '/stud-faq');
}

export default async function StudentFaqPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  return <FaqPage audience="student" hoursNote={callbackHoursNote(locale)} />;
}
