import Image from '@/components/ui/image';
import { getTranslations } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { buttonPrimary, buttonSecondary } from '@/components/landing/student/styles';

const POINTS = ['age', 'levels', 'callback'] as const;

export async function HomeHero() {
  const t = await getTranslations('Home.hero');
  return (
    <section aria-labelledby="home-hero-title" className="bg-brand-tint/60">
      <div className="container-page grid items-center gap-10 py-10 md:py-16 lg:grid-cols-[1fr_1.1fr] lg:py-20">
        <div>
          <p className="text-sm font-semibold tracking-wide text-brand-dark uppercase">{t('eyebrow')}</p>
          <h1 id="home-hero-title" className="mt-3 text-3xl font-bold tracking-tight text-balance sm:text-4xl lg:text-5xl">
            {t('title')}
          </h1>
          <p className="mt-5 max-w-xl text-base text-muted md:text-lg">{t('lead')}</p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
            <Link href="/student#feedback" className={buttonPrimary}>
              {t('cta')}
            </Link>
            <Link href="/teacher" className={buttonSecondary}>
              {t('secondary')}
            </Link>
          </div>
          <ul className="mt-8 grid gap-2 text-sm font-medium sm:text-base">
            {POINTS.map((key) => (
              <li key={key} className="flex items-center gap-2.5">
                <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" className="shrink-0">
                  <circle cx="12" cy="12" r="12" fill="#2ec4a6" />
                  <path d="M7 12.5l3.2 3.2L17 9" fill="none" stroke="#fff" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
                {t(`points.${key}`)}
              </li>
            ))}
          </ul>
        </div>
        <Image
          src="/images/illustrations/interface-demo.svg"
          alt={t('imageAlt')}
          width={960}
          height={600}
          priority
          unoptimized
          className="h-auto w-full"
        />
      </div>
    </section>
  );
}
