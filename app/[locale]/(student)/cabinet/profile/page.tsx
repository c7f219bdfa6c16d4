import type { Metadata } from 'next';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { accountPageMetadata } from '@/components/auth/auth-shell';
import { ProfileEditor } from '@/components/cabinet/tutor-profile-editor';
import { pickMessages } from '@/lib/i18n/pick';

type Props = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return accountPageMetadata((await params).locale, 'Cabinet', 'publicProfile.metaTitle');
}

/** The approved tutor's public profile editor (signed-in only; the profile is loaded in the browser). */
export default async function CabinetProfilePage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations('Cabinet.publicProfile');
  const messages = await getMessages();
  const cabinet = messages.Cabinet as Record<string, unknown>;
  const registration = (messages.Registration as { tutor: Record<string, unknown> }).tutor;
  const tutors = messages.Tutors as Record<string, unknown>;
  const picked = {
    ...pickMessages(messages, ['Validation', 'Toasts']),
    Cabinet: { publicProfile: cabinet.publicProfile },
    Registration: { tutor: { languages: registration.languages, subjects: registration.subjects } },
    Tutors: { levels: tutors.levels, ages: tutors.ages },
    Review: { profileReasons: (messages.Review as Record<string, unknown>).profileReasons },
  };
  return (
    <div className="container-page max-w-3xl py-10 md:py-14">
      <h1 className="text-3xl font-bold tracking-tight md:text-4xl">{t('title')}</h1>
      <div className="mt-8">
        <NextIntlClientProvider messages={picked as never}>
          <ProfileEditor />
        </NextIntlClientProvider>
      </div>
    </div>
  );
}
