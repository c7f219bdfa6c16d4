import { getTranslations } from 'next-intl/server';
import { Section } from '@/components/ui/section';
import { QuizPicker, type QuizQuestion } from './quiz-picker';
import type { QuizText } from './quiz-dialog';

const QUESTIONS = {
  goal: ['travel', 'career', 'exam', 'school', 'kazakh'],
  age: ['kids', 'teens', 'adults'],
  level: ['beginner', 'elementary', 'intermediate', 'advanced'],
} as const;

/** The picker's strings for `total` questions (client islands get strings, not catalogue namespaces). */
export async function quizPickerText(total: number): Promise<QuizText> {
  const t = await getTranslations('StudentLanding.quiz');
  const common = await getTranslations('Common');
  return {
    progress: Array.from({ length: total }, (_, i) => t('progress', { current: i + 1, total })),
    next: t('next'),
    back: t('back'),
    finish: t('finish'),
    reopen: t('reopen'),
    restart: t('restart'),
    dialogTitle: t('dialog.title'),
    dialogText: t('dialog.text'),
    summary: t('dialog.summary'),
    close: t('dialog.close'),
    loading: common('loading'),
  };
}

/** Three quick questions, then the quiz-finish offer of a free trial lesson in a dialog. */
export async function QuizOffer({ page }: { page: string }) {
  const t = await getTranslations('StudentLanding.quiz');
  const questions: QuizQuestion[] = Object.entries(QUESTIONS).map(([id, values]) => ({
    id,
    legend: t(`questions.${id}.legend`),
    options: values.map((value) => ({ value, label: t(`questions.${id}.options.${value}`) })),
  }));
  const text = await quizPickerText(questions.length);
  return (
    <Section id="quiz" title={t('title')} lead={t('lead')}>
      <QuizPicker questions={questions} text={text} page={page} />
    </Section>
  );
}
