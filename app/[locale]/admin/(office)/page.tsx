import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { PageHeader } from '@/components/admin/ui/table';
import { requireStaffPage } from '@/lib/staff/page';

/** The dashboard (scopes sales, reviewer; admin sees everything). */
export default async function DashboardPage({ params }: { params: Promise<{ locale: Locale }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  await requireStaffPage(locale, ['sales', 'reviewer'], '/admin');
  const t = await getTranslations('Admin');
  return <PageHeader title={t('nav.dashboard')} />;
}
