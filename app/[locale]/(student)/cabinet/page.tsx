import type { Metadata } from 'next';
import { NextIntlClientProvider, type AbstractIntlMessages } from 'next-intl';
import { getMessages, getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { accountPageMetadata } from '@/components/auth/auth-shell';
import { CabinetView } from '@/components/auth/cabinet-view';
import { CabinetLessons } from '@/components/booking/cabinet-lessons';
import { CabinetGroups } from '@/components/cabinet/cabinet-groups';
import { CabinetMoney } from '@/components/checkout/cabinet-money';
import { EmployerInviteClaim } from '@/components/checkout/employer-invite-claim';
import { TutorEarnings } from '@/components/checkout/tutor-earnings';
import { ScheduleEditor } from '@/components/booking/schedule-editor';
import { CabinetDictionary } from '@/components/lesson-room/dictionary';
import { CabinetProgress } from '@/components/lesson-room/progress';
import { CabinetLinks } from '@/components/cabinet/cabinet-links';
import { pickMessages } from '@/lib/i18n/pick';
import { STUDENT_PLANS, TEACHER_PLANS } from '@/lib/tariffs';
import { TUTOR_SUBJECTS } from '@/lib/validations/registration';

type Props = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return accountPageMetadata((await params).locale, 'Cabinet', 'metaTitle');
}

/** The built-in cabinet (signed-in only): static shell, the profile is loaded in the browser. */
export default async function CabinetPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations('Cabinet');
  const tw = await getTranslations('Registration.tutor');
  const tp = await getTranslations('StudTariffs');
  const subjectNames = Object.fromEntries(TUTOR_SUBJECTS.map((s) => [s, tw(`subjects.${s}`)]));
  const planNames = Object.fromEntries(STUDENT_PLANS.map((p) => [p.id, tp(`plans.${p.id}.name`)]));
  const tt = await getTranslations('TeachTariffs');
  const tutorPlanNames = Object.fromEntries(TEACHER_PLANS.map((p) => [p.id, tt(`plans.${p.id}.name`)]));
  const ts = await getTranslations('Study.cabinet');
  const tc = await getTranslations('ChatHelp.cabinet');
  const th = await getTranslations('Homework.cabinet');
  const studentLinks = [
    { href: '/cabinet/homework', label: th('student'), text: th('studentText') },
    { href: '/cabinet/study', label: ts('study'), text: ts('studyText') },
    { href: '/cabinet/words', label: ts('words'), text: ts('wordsText') },
    { href: '/cabinet/chat', label: tc('student'), text: tc('studentText') },
  ];
  const tutorLinks = [
    { href: '/cabinet/homework', label: th('tutor'), text: th('tutorText') },
    { href: '/cabinet/library', label: tc('library'), text: tc('libraryText') },
    { href: '/cabinet/chat', label: tc('tutor'), text: tc('tutorText') },
  ];
  const messages = await getMessages();
  // Besides its own namespaces: the review reasons a returned tutor application shows, and the
  // wizard's labels its correction form reuses (a few strings, not the whole wizard).
  const review = messages.Review as { reasons: AbstractIntlMessages };
  const wizard = (messages.Registration as { tutor: Record<string, AbstractIntlMessages | string> }).tutor;
  const tutorLabels = Object.fromEntries(
    ['kindTitle', 'international', 'local', 'name', 'lastname', 'secondname', 'languageTitle', 'languages', 'subjectTitle', 'subjects'].map((k) => [k, wizard[k]!]),
  );
  const picked = { ...pickMessages(messages, ['Cabinet', 'Validation', 'Toasts', 'TranslationLangs']), Review: { reasons: review.reasons }, Registration: { tutor: tutorLabels } };
  return (
    <div className="container-page max-w-3xl py-10 md:py-14">
      <h1 className="text-3xl font-bold tracking-tight md:text-4xl">{t('title')}</h1>
      <div className="mt-8">
        <NextIntlClientProvider messages={picked}>
          <EmployerInviteClaim />
          <CabinetView
            tutorTools={
              <>
                <CabinetLinks id="cabinet-tutor-links" title={tc('tutorTitle')} links={tutorLinks} />
                <TutorEarnings plans={tutorPlanNames} />
                <ScheduleEditor />
              </>
            }
            studentTools={
              <>
                <CabinetLinks id="cabinet-study" title={ts('title')} links={studentLinks} />
                <CabinetMoney subjects={subjectNames} plans={planNames} />
              </>
            }
            lessons={
              <>
                <CabinetLessons />
                <CabinetGroups />
                <CabinetProgress />
                <CabinetDictionary />
              </>
            }
          />
        </NextIntlClientProvider>
      </div>
    </div>
  );
}
