import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { ForgotPasswordForm } from '@/components/company/forgot-password-form';
import { AuthCard } from '@/components/ui/auth-card';

/** "Forgot password": the HR person's e-mail; a fresh set-password link is mailed if the address is known. */
export default async function CompanyForgotPasswordPage({ params }: { params: Promise<{ locale: Locale }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations('Company.forgot');
  return (
    <AuthCard title={t('title')} intro={t('intro')}>
      <ForgotPasswordForm />
    </AuthCard>
  );
}
