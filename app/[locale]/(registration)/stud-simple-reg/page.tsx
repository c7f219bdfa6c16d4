import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { registrationMetadata } from '@/components/registration/metadata';
import { RegistrationPage } from '@/components/registration/registration-page';
import { LessonWizard } from './lesson-wizard';

type Props = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return registrationMetadata((await params).locale, 'lesson');
}

export default async function SimpleRegistrationPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations('Registration.lesson');
  return (
    <RegistrationPage title={t('title')} lead={t('lead')}>
      <LessonWizard />
    </RegistrationPage>
  );
}
