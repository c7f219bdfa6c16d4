import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { Link } from '@/i18n/navigation';
import { AuthShell, accountPageMetadata } from '@/components/auth/auth-shell';
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
      <p className="mt-6 flex flex-wrap justify-between gap-3 text-sm">
        <Link href="/reset-password" className="font-medium text-brand-dark underline-offset-2 hover:underline">
          {t('otherWays')}
        </Link>
        <Link href="/sign-in" className="font-medium text-brand-dark underline-offset-2 hover:underline">
          {t('backToSignIn')}
        </Link>
      </p>
    </AuthShell>
  );
}
