import { getTranslations } from 'next-intl/server';
import { Section } from '@/components/ui/section';
import { FeatureGrid } from './feature-grid';

const METHODS = ['speaking', 'games', 'homework', 'progress'] as const;

export async function Methods() {
  const t = await getTranslations('StudentLanding.methods');
  const items = METHODS.map((key) => ({
    key,
    icon: `method-${key}`,
    title: t(`items.${key}.title`),
    text: t(`items.${key}.text`),
  }));
  return (
    <Section id="methods" title={t('title')} lead={t('lead')}>
      <FeatureGrid items={items} cols={4} />
    </Section>
  );
}
