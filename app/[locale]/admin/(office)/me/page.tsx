import { getTranslations, setRequestLocale } from 'next-intl/server';
import { STAFF_SCOPE_LIST } from '@/lib/validations/staff-scopes';
import type { Locale } from '@/i18n/routing';
import { PasswordForm } from '@/components/admin/me/password-form';
import { RecoveryForm } from '@/components/admin/me/recovery-form';
import { PageHeader } from '@/components/admin/ui/table';
import { getDb } from '@/lib/db/client';
import { recoveryCodesLeft } from '@/lib/staff/recovery';
import { requireStaffPage } from '@/lib/staff/page';

/** A staff member's own account: the password and the recovery codes (any scope). */
export default async function MyAccountPage({ params }: { params: Promise<{ locale: Locale }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  const { staff } = await requireStaffPage(locale, STAFF_SCOPE_LIST, '/admin/me');
  const t = await getTranslations('Admin');
  const left = await recoveryCodesLeft(await getDb(), staff.id);
  return (
    <>
      <PageHeader title={t('staff.me.title')} lead={t('staff.me.lead')} />
      <p className="mb-6 text-sm">
        <span className="font-medium">{staff.name}</span> · {staff.email}
        <span className="block text-muted">{t('staff.me.rights', { scopes: staff.scopes.map((s) => t(`scopes.${s}`)).join(', ') })}</span>
      </p>
      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="me-password-title" className="rounded-xl border border-line bg-white p-4">
          <h2 id="me-password-title" className="text-lg font-semibold">
            {t('staff.me.passwordTitle')}
          </h2>
          <p className="mt-1 mb-4 text-sm text-muted">{t('staff.me.passwordText')}</p>
          <PasswordForm />
        </section>
        <section aria-labelledby="me-recovery-title" className="rounded-xl border border-line bg-white p-4">
          <h2 id="me-recovery-title" className="text-lg font-semibold">
            {t('staff.me.recoveryTitle')}
          </h2>
          <p className="mt-1 text-sm text-muted">{t('staff.me.recoveryText')}</p>
          <p className="mt-2 mb-4 text-sm font-medium" data-testid="recovery-left">
            {t('staff.me.recoveryLeft', { count: left })}
          </p>
          <RecoveryForm />
        </section>
      </div>
    </>
  );
}
