import Image from '@/components/ui/image';
import { getTranslations } from 'next-intl/server';
import { Section } from '@/components/ui/section';

const SUBJECTS = [
  { key: 'english', icon: 'subject-english' },
  { key: 'kazakh', icon: 'subject-kazakh' },
  { key: 'russian', icon: 'method-speaking' },
  { key: 'school', icon: 'goal-school' },
] as const;

/** Subjects a tutor can teach on the platform. */
export async function TeachSubjects() {
  const t = await getTranslations('TeacherLanding.subjects');
  const school = Object.values(t.raw('schoolList') as Record<string, string>);
  return (
    <Section id="subjects" tone="tint" title={t('title')} lead={t('lead')}>
      <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
        {SUBJECTS.map(({ key, icon }) => (
          <li key={key} className="rounded-2xl bg-white p-6 shadow-sm">
            <Image src={`/images/icons/${icon}.svg`} alt="" width={56} height={56} unoptimized />
            <h3 className="mt-4 text-lg font-semibold">{t(`items.${key}.title`)}</h3>
            <p className="mt-2 text-muted">{t(`items.${key}.text`)}</p>
            {key === 'school' && (
              <ul aria-label={t('schoolLabel')} className="mt-4 flex flex-wrap gap-2">
                {school.map((s) => (
                  <li key={s} className="rounded-full bg-brand-tint px-3 py-1 text-sm font-medium text-ink">
                    {s}
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </Section>
  );
}
