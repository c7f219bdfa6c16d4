import type { Metadata } from 'next';
import { setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { pageMetadata } from '@/lib/seo';
import { LeadSection } from '@/components/forms/lead-section';
import { InterfaceDemo } from '@/components/landing/teacher/interface-demo';
import { StartSteps } from '@/components/landing/teacher/start-steps';
import { TeachSubjects } from '@/components/landing/teacher/teach-subjects';
import { TeacherFaq } from '@/components/landing/teacher/teacher-faq';
import { TeacherHero } from '@/components/landing/teacher/teacher-hero';
import { WhyTeach } from '@/components/landing/teacher/why-teach';

type Props = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return pageMetadata((await params).locale, 'teacher', '/teacher');
}

export default async function TeacherPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  return (
    <>
      <TeacherHero />
      <WhyTeach />
      <StartSteps />
      <InterfaceDemo />
      <TeachSubjects />
      <TeacherFaq />
      <LeadSection kind="feedback" page="/teacher" audience="teacher" />
    </>
  );
}
