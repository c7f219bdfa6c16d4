import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { AuthShell, accountPageMetadata } from '@/components/auth/auth-shell';
import { SignInForm } from '@/components/auth/sign-in-form';

type Props = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return accountPageMetadata((await params).locale, 'SignIn', 'metaTitleStudent');
}

export default async function StudentSignInPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations('SignIn');
  return (
    <AuthShell title={t('titleStudent')} intro={t('intro')}>
      <SignInForm signUpHref="/stud-sign-up" />
    </AuthShell>
  );
}
