import Image from '@/components/ui/image';
import { getTranslations } from 'next-intl/server';
import { Link } from '@/i18n/navigation';

const FACTS = ['tutors', 'courses', 'payouts'] as const;

/** Teacher landing hero: the page's only h1, the call to apply and three facts. */
export async function TeacherHero() {
  const t = await getTranslations('TeacherLanding.hero');
  return (
    <div className="overflow-hidden bg-brand-tint/60 py-12 md:py-20">
      <div className="container-page grid items-center gap-10 md:grid-cols-2">
        <div>
          <p className="text-sm font-semibold tracking-wide text-brand-dark uppercase">{t('eyebrow')}</p>
          <h1 className="mt-3 text-3xl font-bold tracking-tight text-balance md:text-5xl">{t('title')}</h1>
          <p className="mt-5 max-w-xl text-base text-muted md:text-lg">{t('lead')}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link
              href="/teach-sign-up"
              className="w-full rounded-xl bg-brand-dark px-6 py-3.5 text-center text-base font-semibold text-white transition-colors duration-150 hover:bg-ink sm:w-auto"
            >
              {t('cta')}
            </Link>
            <a
              href="#steps"
              className="w-full rounded-xl border border-brand-dark bg-white px-6 py-3.5 text-center text-base font-semibold text-brand-dark transition-colors duration-150 hover:bg-brand-tint sm:w-auto"
            >
              {t('secondaryCta')}
            </a>
          </div>
        </div>
        <Image
          src="/images/illustrations/hero-teacher.svg"
          alt={t('imageAlt')}
          width={560}
          height={440}
          preload
          unoptimized
          className="mx-auto h-auto w-full max-w-sm md:max-w-none"
        />
      </div>
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
    </div>
  );
}
