import Image from '@/components/ui/image';
import { getTranslations } from 'next-intl/server';
import { Section } from '@/components/ui/section';
import { Slider } from '@/components/slider/slider';
import { TUTORS } from './tutors';

export async function Teachers() {
  const t = await getTranslations('StudentLanding');
  return (
    <Section id="teachers" tone="tint" title={t('teachers.title')} lead={t('teachers.lead')}>
      <Slider label={t('teachers.sliderLabel')}>
        {TUTORS.map((tutor) => {
          const name = t(`people.${tutor.id}.name`);
          return (
            <article key={tutor.id} className="tutor-card">
              <Image
                src={tutor.image}
                alt={t('teachers.portrait', { name })}
                width={160}
                height={160}
                unoptimized
                className="tutor-photo"
              />
              <div className="min-w-0">
                <h3 className="text-lg font-semibold">{name}</h3>
                <p className="mt-1 text-sm text-muted">{t(`people.${tutor.id}.subject`)}</p>
                <p className="mt-2 text-sm font-medium text-brand-dark">{t('teachers.experience', { years: tutor.years })}</p>
              </div>
            </article>
          );
        })}
      </Slider>
    </Section>
  );
}
