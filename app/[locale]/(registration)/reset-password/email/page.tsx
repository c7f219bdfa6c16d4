import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { AuthShell, AuthShellLinks, accountPageMetadata } from '@/components/auth/auth-shell';
import { ResetEmailForm } from '@/components/auth/reset-email-form';

type Props = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return accountPageMetadata((await params).locale, 'Reset', 'emailMetaTitle');
}

export default async function ResetEmailPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations('Reset');
  return (
    <AuthShell title={t('emailTitle')} intro={t('emailIntro')}>
      <ResetEmailForm />
      <AuthShellLinks
        links={[
          { href: '/reset-password', label: t('otherWays') },
          { href: '/sign-in', label: t('backToSignIn') },
        ]}
      />
    </AuthShell>
  );
}
