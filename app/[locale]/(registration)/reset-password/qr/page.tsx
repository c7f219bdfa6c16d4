import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { AuthShell, AuthShellLinks, accountPageMetadata } from '@/components/auth/auth-shell';
import { SupportContacts, whatsappUrl } from '@/components/auth/support-contacts';
import { publicEnv } from '@/lib/public-env';
import { qrSvg } from '@/lib/qr';

type Props = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return accountPageMetadata((await params).locale, 'Reset', 'qrMetaTitle');
}

export default async function ResetQrPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations('Reset');
  return (
    <AuthShell title={t('qrTitle')} intro={t('qrIntro')}>
      <SupportContacts qr={qrSvg(whatsappUrl(publicEnv.NEXT_PUBLIC_SUPPORT_PHONE))} />
      <AuthShellLinks links={[{ href: '/reset-password', label: t('otherWays') }]} />
    </AuthShell>
  );
}
