import Image from '@/components/ui/image';
import { getTranslations } from 'next-intl/server';
import { buttonPrimary, buttonSecondary } from './styles';

const FACTS = ['age', 'levels', 'registration'] as const;

export async function StudentHero() {
  const t = await getTranslations('StudentLanding.hero');
  return (
    <section aria-labelledby="hero-title" className="bg-brand-tint/60">
      <div className="container-page grid items-center gap-8 pt-10 pb-8 md:grid-cols-2 md:gap-10 md:pt-16 md:pb-10">
        <div>
          <p className="text-sm font-semibold tracking-wide text-brand-dark uppercase">{t('eyebrow')}</p>
          <h1 id="hero-title" className="mt-3 text-3xl font-bold tracking-tight text-balance sm:text-4xl lg:text-5xl">
            {t('title')}
          </h1>
          <p className="mt-5 max-w-xl text-base text-muted md:text-lg">{t('lead')}</p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
            <a href="#feedback" className={buttonPrimary}>
              {t('cta')}
            </a>
            <a href="#formats" className={buttonSecondary}>
              {t('secondary')}
            </a>
          </div>
        </div>
        <Image
          src="/images/illustrations/hero-student.svg"
          alt=""
          width={560}
          height={440}
          priority
          unoptimized
          className="mx-auto h-auto w-full max-w-[28rem] md:max-w-[35rem]"
        />
      </div>
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
    </section>
  );
}
