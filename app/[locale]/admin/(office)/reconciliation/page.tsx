import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { ReconcileForm } from '@/components/admin/finance/reconcile-form';
import { PageHeader } from '@/components/admin/ui/table';
import { period } from '@/lib/payments/finance';
import { requireStaffPage } from '@/lib/staff/page';
import { FINANCE_SCOPES } from '@/lib/validations/staff-scopes';

type Props = { params: Promise<{ locale: Locale }> };

/** Reconciliation (scope finance): our orders of a period against the provider's status query; the differences listed. */
export default async function ReconciliationPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  await requireStaffPage(locale, FINANCE_SCOPES, '/admin/reconciliation');
  const t = await getTranslations('Admin');
  const { from, to } = period({});
  return (
    <>
      <PageHeader title={t('reconciliation.title')} lead={t('reconciliation.lead')} />
      <ReconcileForm from={from} to={to} />
    </>
  );
}
