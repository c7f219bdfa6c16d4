import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { CompanyForm } from '@/components/admin/companies/company-form';
import { BackLink, PageHeader } from '@/components/admin/ui/table';
import { localePath } from '@/lib/seo';
import { requireStaffPage } from '@/lib/staff/page';

/** A new corporate client (admins only). */
export default async function NewCompanyPage({ params }: { params: Promise<{ locale: Locale }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  await requireStaffPage(locale, 'admin', '/admin/companies/new');
  const t = await getTranslations('Admin.companies');
  return (
    <>
      <BackLink href={localePath(locale, '/admin/companies')}>{t('back')}</BackLink>
      <PageHeader title={t('new')} />
      <CompanyForm />
    </>
  );
}
