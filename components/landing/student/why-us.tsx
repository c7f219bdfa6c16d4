import { getTranslations } from 'next-intl/server';
import { Section } from '@/components/ui/section';
import { formatTenge, PRICES } from '@/lib/tariffs';
import { FeatureGrid } from './feature-grid';

const REASONS = ['price', 'time', 'tutors', 'security'] as const;

/** Price, time, vetted tutors, secure card payment; the home page shows it too. */
export async function WhyUs({ locale, tone = 'white' }: { locale: string; tone?: 'white' | 'tint' }) {
  const t = await getTranslations('StudentLanding.why');
  const prices = { individual: formatTenge(PRICES.individualFrom, locale), group: formatTenge(PRICES.groupFrom, locale) };
  const items = REASONS.map((key) => ({
    key,
    icon: `why-${key}`,
    title: t(`items.${key}.title`),
    text: t(`items.${key}.text`, prices),
  }));
  return (
    <Section id="why" tone={tone} title={t('title')}>
      <FeatureGrid items={items} cols={4} />
    </Section>
  );
}
