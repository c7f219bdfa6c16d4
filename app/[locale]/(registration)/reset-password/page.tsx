import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { AuthShell, AuthShellLinks, accountPageMetadata } from '@/components/auth/auth-shell';
import { ResetChoices } from '@/components/auth/reset-choices';

type Props = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return accountPageMetadata((await params).locale, 'Reset', 'metaTitle');
}

export default async function ResetPasswordPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations('Reset');
  return (
    <AuthShell title={t('title')} intro={t('intro')}>
      <ResetChoices />
      <AuthShellLinks links={[{ href: '/sign-in', label: t('backToSignIn') }]} />
    </AuthShell>
  );
}
