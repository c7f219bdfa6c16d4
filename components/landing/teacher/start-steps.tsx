import Image from '@/components/ui/image';
import { getTranslations } from 'next-intl/server';
import { Section } from '@/components/ui/section';
import { ButtonLink } from '@/components/ui/button';

const STEPS = [
  { key: 'apply', icon: 'step-register' },
  { key: 'profile', icon: 'step-profile' },
  { key: 'lessons', icon: 'step-lessons' },
  { key: 'payout', icon: 'step-earn' },
] as const;

/** Four steps from the application to the first payout. */
export async function StartSteps() {
  const t = await getTranslations('TeacherLanding.steps');
  return (
    <Section id="steps" tone="tint" title={t('title')} lead={t('lead')}>
      <ol className="grid gap-5 md:grid-cols-2 lg:grid-cols-4">
        {STEPS.map(({ key, icon }, i) => (
          <li key={key} className="flex flex-col rounded-2xl bg-white p-6 shadow-sm">
            <Image src={`/images/icons/${icon}.svg`} alt="" width={56} height={56} unoptimized />
            <p className="mt-4 text-sm font-semibold text-brand-dark">{t('stepLabel', { n: i + 1 })}</p>
            <h3 className="mt-1 text-lg font-semibold">{t(`items.${key}.title`)}</h3>
            <p className="mt-2 text-muted">{t(`items.${key}.text`)}</p>
          </li>
        ))}
      </ol>
      <ButtonLink href="/teach-sign-up" tone="teacher" className="mt-10 inline-block">
        {t('cta')}
      </ButtonLink>
    </Section>
  );
}
