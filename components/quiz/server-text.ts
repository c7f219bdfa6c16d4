import 'server-only';
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import type { Skill } from '@/lib/quiz/types';
import type { ResultText, RunnerText, TestText } from './text';

export async function getTestText(locale: Locale): Promise<TestText> {
  const t = await getTranslations({ locale, namespace: 'Tests' });
  const common = await getTranslations({ locale, namespace: 'Common' });
  return {
    runner: t.raw('runner') as RunnerText,
    result: t.raw('result') as ResultText,
    skills: t.raw('skills') as Record<Skill, string>,
    loadingForm: common('loading'),
    taker: t.raw('kazakh.taker') as string,
  };
}
