import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { PromoForm } from '@/components/admin/promo/promo-form';
import { BackLink, PageHeader } from '@/components/admin/ui/table';
import { localePath } from '@/lib/seo';
import { requireStaffPage } from '@/lib/staff/page';
import { PLAN_IDS } from '@/lib/validations/lead';

/** A new promo code (admins only). */
export default async function NewPromoPage({ params }: { params: Promise<{ locale: Locale }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  await requireStaffPage(locale, 'admin', '/admin/promo/new');
  const t = await getTranslations('Admin.promo');
  const tp = await getTranslations('StudTariffs.plans');
  return (
    <>
      <BackLink href={localePath(locale, '/admin/promo')}>{t('back')}</BackLink>
      <PageHeader title={t('new')} />
      <PromoForm planNames={Object.fromEntries(PLAN_IDS.map((id) => [id, tp(`${id}.name`)]))} />
    </>
  );
}
