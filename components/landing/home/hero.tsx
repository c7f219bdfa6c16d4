import { getTranslations } from 'next-intl/server';
import { FeatureList } from '@/components/ui/feature-list';
import { LandingHero } from '@/components/landing/landing-hero';

const POINTS = ['age', 'levels', 'callback'] as const;

export async function HomeHero() {
  const t = await getTranslations('Home.hero');
  return (
    <LandingHero
      namespace="Home.hero"
      tone="landing"
      cta="/student#feedback"
      // A student on a phone reaches the catalogue from the first screen (the walk: the first "tutor"
      // link was the tutors' landing); tutors have their door in the section below.
      secondary="/tutors"
      titleId="home-hero-title"
      gridClassName="gap-10 py-10 md:py-16 lg:grid-cols-[1fr_1.1fr] lg:py-20"
      image={{ src: '/images/illustrations/interface-demo.svg', width: 960, height: 600, className: 'h-auto w-full' }}
      after={
        <FeatureList
          variant="points"
          className="mt-8 grid gap-2 text-sm font-medium sm:text-base"
          items={POINTS.map((key) => ({ key, content: t(`points.${key}`) }))}
        />
      }
    />
  );
}
