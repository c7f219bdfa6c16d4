import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { registrationMetadata } from '@/components/registration/metadata';
import { RegistrationPage } from '@/components/registration/registration-page';
import { ResetPhoneWizard } from './reset-phone-wizard';

type Props = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return registrationMetadata((await params).locale, 'resetPhone');
}

export default async function ResetByPhonePage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations('ResetPhone');
  return (
    <RegistrationPage title={t('title')} lead={t('lead')}>
      <ResetPhoneWizard />
    </RegistrationPage>
  );
}
