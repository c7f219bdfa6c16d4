import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { AuthShell, accountPageMetadata } from '@/components/auth/auth-shell';
import { ResetHash } from '@/components/auth/reset-hash';

type Props = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  // The link's token must not leave through the Referer header either.
  return { ...(await accountPageMetadata((await params).locale, 'Reset', 'hashMetaTitle')), referrer: 'no-referrer' };
}

export default async function ResetHashPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations('Reset');
  return (
    <AuthShell title={t('hashTitle')}>
      <ResetHash />
    </AuthShell>
  );
}
