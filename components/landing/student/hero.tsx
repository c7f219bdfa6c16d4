import { LandingHero } from '@/components/landing/landing-hero';

export function StudentHero() {
  return (
    <LandingHero
      namespace="StudentLanding.hero"
      tone="landing"
      cta="#feedback"
      secondary="#formats"
      titleId="hero-title"
      gridClassName="gap-8 pt-10 pb-8 md:grid-cols-2 md:gap-10 md:pt-16 md:pb-10"
      image={{ src: '/images/illustrations/hero-student.svg', width: 560, height: 440, className: 'mx-auto h-auto w-full max-w-[28rem] md:max-w-[35rem]' }}
      facts={['age', 'levels', 'registration']}
      factsClassName="pb-12 md:pb-16"
    />
  );
}
