import Image from '@/components/ui/image';
import { getTranslations } from 'next-intl/server';
import { ButtonLink } from '@/components/ui/button';
import { FeatureList } from '@/components/ui/feature-list';
import { Hero } from '@/components/ui/hero';

const POINTS = ['age', 'levels', 'callback'] as const;

export async function HomeHero() {
  const t = await getTranslations('Home.hero');
  return (
    <Hero
      titleId="home-hero-title"
      gridClassName="gap-10 py-10 md:py-16 lg:grid-cols-[1fr_1.1fr] lg:py-20"
      eyebrow={t('eyebrow')}
      title={t('title')}
      lead={t('lead')}
      actions={
        <>
          <ButtonLink href="/student#feedback" tone="landing">
            {t('cta')}
          </ButtonLink>
          <ButtonLink href="/teacher" variant="secondary" tone="landing">
            {t('secondary')}
          </ButtonLink>
        </>
      }
      after={
        <FeatureList
          variant="points"
          className="mt-8 grid gap-2 text-sm font-medium sm:text-base"
          items={POINTS.map((key) => ({ key, content: t(`points.${key}`) }))}
        />
      }
      media={
        <Image
          src="/images/illustrations/interface-demo.svg"
          alt={t('imageAlt')}
          width={960}
          height={600}
          priority
          unoptimized
          className="h-auto w-full"
        />
      }
    />
  );
}
