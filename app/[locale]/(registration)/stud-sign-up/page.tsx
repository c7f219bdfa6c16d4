import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { registrationMetadata } from '@/components/registration/metadata';
import { RegistrationPage } from '@/components/registration/registration-page';
import { GuestOnly } from '@/components/auth/guest-only';
import { PendingBookingLink } from '@/components/booking/pending-link';
import { StudentWizard } from './student-wizard';

type Props = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return registrationMetadata((await params).locale, 'student');
}

export default async function StudentSignUpPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations('Registration.student');
  const tb = await getTranslations('Booking');
  return (
    <RegistrationPage title={t('title')}>
      <GuestOnly />
      <StudentWizard />
      <PendingBookingLink label={tb('pendingTitle')} />
    </RegistrationPage>
  );
}
