import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { SetPasswordForm } from '@/components/company/set-password-form';
import { AuthCard } from '@/components/ui/auth-card';

/** The single-use link's page: the token is in the URL's fragment and is read in the browser. */
export default async function SetPasswordPage({ params }: { params: Promise<{ locale: Locale }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations('Company.setPassword');
  return (
    <AuthCard title={t('title')} tight>
      <SetPasswordForm />
    </AuthCard>
  );
}
