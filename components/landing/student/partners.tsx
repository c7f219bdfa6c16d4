import Image from '@/components/ui/image';
import { getTranslations } from 'next-intl/server';
import { Section } from '@/components/ui/section';
import { Slider } from '@/components/slider/slider';

const PARTNERS = ['p1', 'p2', 'p3', 'p4', 'p5', 'p6'] as const;

export async function Partners() {
  const t = await getTranslations('StudentLanding.partners');
  return (
    <Section id="partners" title={t('title')} lead={t('lead')}>
      <Slider label={t('sliderLabel')}>
        {PARTNERS.map((id, i) => (
          <div key={id} className="partner-tile">
            <Image src={`/images/partners/partner-${i + 1}.svg`} alt={t(`names.${id}`)} width={200} height={64} unoptimized />
          </div>
        ))}
      </Slider>
    </Section>
  );
}
