import Image from '@/components/ui/image';
import { getTranslations } from 'next-intl/server';
import { ButtonAnchor, ButtonLink } from '@/components/ui/button';
import { Hero } from '@/components/ui/hero';

const FACTS = ['tutors', 'courses', 'payouts'] as const;

/** Teacher landing hero: the page's only h1, the call to apply and three facts. */
export async function TeacherHero() {
  const t = await getTranslations('TeacherLanding.hero');
  return (
    <Hero
      as="div"
      className="overflow-hidden py-12 md:py-20"
      gridClassName="gap-10 md:grid-cols-2"
      titleClassName="md:text-5xl"
      actionsClassName="flex-wrap gap-3"
      eyebrow={t('eyebrow')}
      title={t('title')}
      lead={t('lead')}
      actions={
        <>
          <ButtonLink href="/teach-sign-up" tone="teacher" className="w-full text-center sm:w-auto">
            {t('cta')}
          </ButtonLink>
          <ButtonAnchor href="#steps" variant="secondary" tone="teacher" className="w-full text-center sm:w-auto">
            {t('secondaryCta')}
          </ButtonAnchor>
        </>
      }
      media={
        <Image
          src="/images/illustrations/hero-teacher.svg"
          alt={t('imageAlt')}
          width={560}
          height={440}
          preload
          unoptimized
          className="mx-auto h-auto w-full max-w-sm md:max-w-none"
        />
      }
    >
      <div className="container-page mt-10 md:mt-14">
        <dl className="grid gap-4 sm:grid-cols-3">
          {FACTS.map((key) => (
            <div key={key} className="flex flex-col rounded-2xl bg-white p-5 shadow-sm md:p-6">
              <dt className="order-2 mt-1 text-sm text-muted md:text-base">{t(`facts.${key}.label`)}</dt>
              <dd className="order-1 text-2xl font-bold text-brand-dark md:text-3xl">{t(`facts.${key}.value`)}</dd>
            </div>
          ))}
        </dl>
      </div>
    </Hero>
  );
}
