import { getMessages, getTranslations } from 'next-intl/server';
import { pickMessages } from '@/lib/i18n/pick';
import type { Locale } from '@/i18n/routing';
import type { CourseStatus, Localized } from '@/lib/validations/library-rules';
import { AGE_BANDS, LIBRARY_SUBJECTS } from '@/lib/validations/library-rules';

/** The words a course is shown with in the back office: the groups' subjects and ages, its title in the reader's language. */
export async function libraryWords(locale: Locale) {
  const tg = await getTranslations('GroupPages');
  const tw = await getTranslations('Registration.tutor');
  const subjects = Object.fromEntries(LIBRARY_SUBJECTS.map((s) => [s, tw(`subjects.${s}` as never)]));
  const ages = Object.fromEntries(AGE_BANDS.map((a) => [a, tg(`ages.${a}` as never)]));
  const title = (t: Localized | null) => (t ? t[locale] || t.ru : '');
  return { subjects, ages, title };
}

export const COURSE_TONES: Record<CourseStatus, 'neutral' | 'info' | 'good'> = { draft: 'neutral', review: 'info', published: 'good' };

/** The exercise components' messages in each of the student's languages, for the unit editor's preview. */
export async function exerciseMessages() {
  const [ru, kk, en] = await Promise.all((['ru', 'kk', 'en'] as const).map(async (locale) => pickMessages(await getMessages({ locale }), ['Exercises'])));
  return { ru: ru!, kk: kk!, en: en! };
}
