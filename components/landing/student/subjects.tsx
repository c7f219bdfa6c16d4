import Image from '@/components/ui/image';
import { getTranslations } from 'next-intl/server';
import { Section } from '@/components/ui/section';
import { ButtonAnchor } from '@/components/ui/button';

const SUBJECTS = ['english', 'kazakh'] as const;

export async function Subjects() {
  const t = await getTranslations('StudentLanding.subjects');
  return (
    <Section id="subjects" tone="tint" title={t('title')} lead={t('lead')}>
      <ul className="grid gap-4 md:grid-cols-2 md:gap-6">
        {SUBJECTS.map((key) => (
          <li key={key} className="flex flex-col rounded-2xl bg-white p-6 shadow-sm md:p-8">
            <div className="flex items-center gap-4">
              <Image src={`/images/icons/subject-${key}.svg`} alt="" width={64} height={64} unoptimized />
              <h3 className="text-xl font-semibold md:text-2xl">{t(`items.${key}.title`)}</h3>
            </div>
            <p className="mt-4 text-muted">{t(`items.${key}.text`)}</p>
            <p className="mt-4 text-sm">
              <span className="font-semibold">{t('levelsLabel')}: </span>
              {t(`items.${key}.levels`)}
            </p>
          </li>
        ))}
      </ul>
      <p className="mt-8">
        <ButtonAnchor href="#feedback" tone="landing">
          {t('cta')}
        </ButtonAnchor>
      </p>
    </Section>
  );
}
