import { getTranslations } from 'next-intl/server';
import { AGE_BANDS, GROUP_SUBJECTS } from '@/lib/validations/groups';

/** The words a group is shown with in the back office (the public pages' own: subjects, ages, weekdays). */
export async function groupWords() {
  const tg = await getTranslations('GroupPages');
  const tw = await getTranslations('Registration.tutor');
  const tt = await getTranslations('Tutors');
  const subjects = Object.fromEntries(GROUP_SUBJECTS.map((s) => [s, tw(`subjects.${s}` as never)]));
  const ages = Object.fromEntries(AGE_BANDS.map((a) => [a, tg(`ages.${a}` as never)]));
  const weekdays = Object.fromEntries([1, 2, 3, 4, 5, 6, 7].map((d) => [String(d), tt(`weekdays.${d}` as never)]));
  const title = (g: { subject: string; level: string }) => tg('card.title', { subject: subjects[g.subject] ?? g.subject, level: g.level });
  const days = (ds: number[]) => ds.map((d) => weekdays[String(d)]).join(', ');
  return { subjects, ages, weekdays, title, days };
}
