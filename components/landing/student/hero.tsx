import Image from '@/components/ui/image';
import { getTranslations } from 'next-intl/server';
import { ButtonAnchor } from '@/components/ui/button';
import { Hero } from '@/components/ui/hero';

const FACTS = ['age', 'levels', 'registration'] as const;

export async function StudentHero() {
  const t = await getTranslations('StudentLanding.hero');
  return (
    <Hero
      titleId="hero-title"
      gridClassName="gap-8 pt-10 pb-8 md:grid-cols-2 md:gap-10 md:pt-16 md:pb-10"
      eyebrow={t('eyebrow')}
      title={t('title')}
      lead={t('lead')}
      actions={
        <>
          <ButtonAnchor href="#feedback" tone="landing">
            {t('cta')}
          </ButtonAnchor>
          <ButtonAnchor href="#formats" variant="secondary" tone="landing">
            {t('secondary')}
          </ButtonAnchor>
        </>
      }
      media={
        <Image
          src="/images/illustrations/hero-student.svg"
          alt=""
          width={560}
          height={440}
          priority
          unoptimized
          className="mx-auto h-auto w-full max-w-[28rem] md:max-w-[35rem]"
        />
      }
    >
      <div className="container-page pb-12 md:pb-16">
        <ul aria-label={t('factsLabel')} className="grid gap-3 sm:grid-cols-3 md:gap-6">
          {FACTS.map((key) => (
            <li key={key} className="rounded-2xl bg-white p-5 shadow-sm">
              <span className="block text-2xl font-bold text-brand-dark">{t(`facts.${key}.value`)}</span>
              <span className="mt-1 block text-sm text-muted">{t(`facts.${key}.label`)}</span>
            </li>
          ))}
        </ul>
      </div>
    </Hero>
  );
}
