import type { Metadata } from 'next';
import { setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { pageMetadata } from '@/lib/seo';
import { LeadSection } from '@/components/forms/lead-section';
import { ChooseTutor } from '@/components/landing/student/choose-tutor';
import { Communicate } from '@/components/landing/student/communicate';
import { Formats } from '@/components/landing/student/formats';
import { Goals } from '@/components/landing/student/goals';
import { StudentHero } from '@/components/landing/student/hero';
import { LessonVideo } from '@/components/landing/student/lesson-video';
import { Letters } from '@/components/landing/student/letters';
import { Methods } from '@/components/landing/student/methods';
import { Partners } from '@/components/landing/student/partners';
import { PromoCode } from '@/components/landing/student/promo-code';
import { QuizOffer } from '@/components/landing/student/quiz-offer';
import { Reviews } from '@/components/landing/student/reviews';
import { Schedule } from '@/components/landing/student/schedule';
import { Subjects } from '@/components/landing/student/subjects';
import { Teachers } from '@/components/landing/student/teachers';
import { WhyUs } from '@/components/landing/student/why-us';

type Props = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return pageMetadata((await params).locale, 'student', '/student');
}

export default async function StudentPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  return (
    <>
      <StudentHero />
      <Formats locale={locale} />
      <ChooseTutor />
      <Schedule />
      <Reviews />
      <Partners />
      <Teachers />
      <Letters />
      <Goals />
      <Methods />
      <Subjects />
      <LessonVideo locale={locale} />
      <WhyUs locale={locale} />
      <Communicate />
      <PromoCode />
      <LeadSection kind="feedback" page="/student" />
      <QuizOffer page="/student" />
    </>
  );
}
