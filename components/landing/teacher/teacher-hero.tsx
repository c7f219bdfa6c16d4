import { LandingHero } from '@/components/landing/landing-hero';

/** Teacher landing hero: the page's only h1, the call to apply and three facts. */
export function TeacherHero() {
  return (
    <LandingHero
      namespace="TeacherLanding.hero"
      tone="teacher"
      cta="/teach-sign-up"
      secondary="#steps"
      actionClassName="w-full text-center sm:w-auto"
      as="div"
      className="overflow-hidden py-12 md:py-20"
      gridClassName="gap-10 md:grid-cols-2"
      titleClassName="md:text-5xl"
      actionsClassName="flex-wrap gap-3"
      image={{ src: '/images/illustrations/hero-teacher.svg', width: 560, height: 440, className: 'mx-auto h-auto w-full max-w-sm md:max-w-none' }}
      facts={['share', 'review', 'payouts']}
      factsClassName="mt-10 md:mt-14"
    />
  );
}
