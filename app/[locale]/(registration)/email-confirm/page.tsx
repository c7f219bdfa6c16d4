import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { AuthShell, accountPageMetadata } from '@/components/auth/auth-shell';
import { EmailConfirm } from '@/components/auth/email-confirm';

type Props = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  // The link's token must not leave through the Referer header either.
  return { ...(await accountPageMetadata((await params).locale, 'EmailConfirm', 'metaTitle')), referrer: 'no-referrer' };
}

export default async function EmailConfirmPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations('EmailConfirm');
  return (
    <AuthShell title={t('title')}>
      <EmailConfirm />
    </AuthShell>
  );
}
