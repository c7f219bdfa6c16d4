import Image from '@/components/ui/image';
import { getTranslations } from 'next-intl/server';
import { ButtonLink } from '@/components/ui/button';

// The demo code seeded by lib/db/seed.ts (DEMO_PROMO_CODE); components do not import lib/db.
const PROMO_CODE = 'TILMEN10';

export async function PromoCode() {
  const t = await getTranslations('StudentLanding.promo');
  return (
    <section id="promo" aria-labelledby="promo-title" className="bg-white py-14 md:py-20">
      <div className="container-page">
        <div className="grid items-center gap-6 rounded-3xl border border-line bg-linear-to-br from-brand-tint to-white p-6 shadow-sm md:grid-cols-[auto_1fr_auto] md:gap-10 md:p-10">
          <Image src="/images/icons/gift.svg" alt="" width={64} height={64} unoptimized className="size-16 md:size-20" />
          <div>
            <h2 id="promo-title" className="text-2xl font-bold tracking-tight md:text-3xl">
              {t('title')}
            </h2>
            <p className="mt-3 text-base md:text-lg">{t('text')}</p>
            <p className="mt-2 text-sm text-muted">{t('note')}</p>
          </div>
          <div className="flex flex-col items-start gap-4 md:items-stretch">
            <p className="text-sm font-medium text-muted">
              {t('codeLabel')}
              <span className="mt-1 block rounded-xl border-2 border-dashed border-brand-dark bg-white px-5 py-2.5 text-center text-2xl font-bold tracking-widest tabular-nums text-brand-dark select-all">
                {PROMO_CODE}
              </span>
            </p>
            <ButtonLink href="/stud-tariff-plans" tone="landing">
              {t('cta')}
            </ButtonLink>
          </div>
        </div>
      </div>
    </section>
  );
}
