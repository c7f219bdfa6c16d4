import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { KazakhTestPage } from '@/components/quiz/kazakh-test-page';
import { testMetadata } from '@/components/quiz/test-pages';
import { companyFromParam } from '@/lib/quiz/company';

type Props = { params: Promise<{ locale: Locale; company: string }> };

// Companies live in the database: rendered per request; an unknown company is a 404.
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, company } = await params;
  const found = await companyFromParam(company);
  return found ? testMetadata(locale, 'kazakh', found) : {};
}

export default async function CompanyKazakhTestPage({ params }: Props) {
  const { locale, company } = await params;
  setRequestLocale(locale);
  const found = await companyFromParam(company);
  if (!found) notFound();
  return <KazakhTestPage locale={locale} company={found} />;
}
