import { getTranslations } from 'next-intl/server';
import { Section } from '@/components/ui/section';
import { FeatureGrid } from './feature-grid';

const GOALS = ['travel', 'career', 'exam', 'school', 'kazakh'] as const;

export async function Goals() {
  const t = await getTranslations('StudentLanding.goals');
  const items = GOALS.map((key) => ({
    key,
    icon: `goal-${key}`,
    title: t(`items.${key}.title`),
    text: t(`items.${key}.text`),
  }));
  return (
    <Section id="goals" tone="tint" title={t('title')} lead={t('lead')}>
      <FeatureGrid items={items} cols={5} />
    </Section>
  );
}
