import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { Link } from '@/i18n/navigation';
import { QuizPicker, type QuizQuestion } from '@/components/landing/student/quiz-picker';
import { quizPickerText } from '@/components/landing/student/quiz-offer';
import { textLink } from '@/components/landing/student/styles';
import { buildMetadata } from '@/lib/seo';

type Props = { params: Promise<{ locale: Locale }> };

const QUESTIONS = {
  goal: ['travel', 'career', 'exam', 'school', 'kazakh'],
  age: ['kids', 'teens', 'adults'],
  level: ['beginner', 'elementary', 'intermediate', 'advanced'],
  format: ['individual', 'group', 'unsure'],
} as const;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'Tests.quiz' });
  return buildMetadata(locale, '/stud-quiz', t('metaTitle'), t('metaDescription'));
}

/** The student quiz: goals, age (5+), level and format, ending in the trial-lesson offer (a lead with the answers). */
export default async function StudQuizPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations('Tests.quiz');
  const landing = await getTranslations('StudentLanding.quiz');
  const questions: QuizQuestion[] = Object.entries(QUESTIONS).map(([id, values]) => ({
    id,
    legend: id === 'format' ? t('format.legend') : landing(`questions.${id}.legend`),
    options: values.map((value) => ({
      value,
      label: id === 'format' ? t(`format.options.${value}`) : landing(`questions.${id}.options.${value}`),
    })),
  }));
  const text = await quizPickerText(questions.length);
  return (
    <div className="container-page max-w-3xl py-10 md:py-14">
      <h1 className="text-3xl font-bold tracking-tight text-balance md:text-4xl">{t('title')}</h1>
      <p className="mt-4 text-lg text-muted">{t('lead')}</p>
      <div className="mt-8">
        <QuizPicker questions={questions} text={text} page="/stud-quiz" />
      </div>
      <p className="mt-8 text-center">
        <Link href="/stud-test" className={textLink}>
          {t('testLink')} →
        </Link>
      </p>
    </div>
  );
}
