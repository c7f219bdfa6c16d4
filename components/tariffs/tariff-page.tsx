import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { JsonLd } from '@/components/layout/json-ld';
import { LeadSection } from '@/components/forms/lead-section';
import { FeatureList } from '@/components/ui/feature-list';
import { PageHero } from '@/components/ui/section';
import { EARNING_EXAMPLE_PRICE, tenge, tutorEarningTiyn } from '@/lib/money/model';
import { absoluteUrl, localePath } from '@/lib/seo';
import { pricePerLesson, PRICES, STUDENT_PLANS, TEACHER_PLANS, formatTenge } from '@/lib/tariffs';
import { TariffBoard, type PlanView, type PromoLabels } from './tariff-board';

/** Student (/stud-tariff-plans) or tutor (/teach-tariff-plans) tariff page. */
export async function TariffPage({ audience, locale, hoursNote }: { audience: 'student' | 'teacher'; locale: string; hoursNote?: string }) {
  const ns = audience === 'student' ? 'StudTariffs' : 'TeachTariffs';
  const t = await getTranslations(ns);
  const tp = await getTranslations('Promo');
  const ts = await getTranslations('StudTariffs');
  const tv = await getTranslations('Validation');
  const keys = ['popular', 'perLesson', 'perLessonEarn', 'oldPrice', 'lessons', 'lessonsPerMonth', 'discount', 'feeDiscount', 'total', 'choose', 'buyOnline', 'apply', 'title', 'text', 'label', 'applyCode', 'applying', 'remove', 'failed'] as const;
  const labels: PromoLabels = {
    ...(Object.fromEntries(keys.map((k) => [k, tp(k)])) as Omit<PromoLabels, 'applied' | 'validation'>),
    // Filled in the browser with the code and percentage the server returns.
    applied: tp('applied', { code: '{code}', percent: '{percent}' }),
    validation: Object.fromEntries((['required', 'too_long', 'invalid_value', 'promo_format'] as const).map((k) => [k, tv(k)])),
  };
  const source = audience === 'student' ? STUDENT_PLANS : TEACHER_PLANS;
  const plans: PlanView[] = source.map((p) => ({
    id: p.id,
    name: t(`plans.${p.id}.name`),
    popular: p.popular,
    lessons: p.lessons,
    // A tutor's line is what they earn at the example price under their plan's fee (lib/money/model.ts).
    pricePerLesson: audience === 'student' ? pricePerLesson(p) : tenge(tutorEarningTiyn(EARNING_EXAMPLE_PRICE, p.id)),
    discountPercent: p.discountPercent,
    features: (
      <FeatureList
        variant="plan"
        className="mt-6 flex-1 space-y-2 text-sm"
        items={Object.values(t.raw(`plans.${p.id}.features`) as Record<string, string>).map((f) => ({ key: f, content: <span>{f}</span> }))}
      />
    ),
  }));
  const path = audience === 'student' ? '/stud-tariff-plans' : '/teach-tariff-plans';
  const notes = Object.values(t.raw('notes') as Record<string, string>);
  const offers = {
    '@context': 'https://schema.org',
    '@type': 'OfferCatalog',
    name: t('title'),
    url: absoluteUrl(localePath(locale, path)),
    itemListElement: plans.map((p) => ({
      '@type': 'Offer',
      name: p.name,
      price: audience === 'student' ? p.pricePerLesson * p.lessons : p.pricePerLesson,
      priceCurrency: 'KZT',
      description: `${p.lessons} × ${p.pricePerLesson} KZT`,
      availability: 'https://schema.org/InStock',
      url: absoluteUrl(localePath(locale, path)),
    })),
  };
  return (
    <>
      <PageHero
        title={t('title')}
        lead={t('lead', {
          individual: formatTenge(PRICES.individualFrom, locale),
          group: formatTenge(PRICES.groupFrom, locale),
        })}
      />
      <div className="container-page py-12 md:py-16">
        {/* Students choose a plan into the lead form below; tutors apply through the tutor registration. */}
        <TariffBoard
          plans={plans}
          audience={audience}
          ctaHref={audience === 'student' ? '#feedback' : localePath(locale, '/teach-sign-up')}
          buyHref={audience === 'student' ? localePath(locale, '/checkout') : undefined}
          labels={labels}
        />
        <ul className="mt-10 grid gap-4 text-sm text-muted md:grid-cols-2">
          {notes.map((n) => (
            <li key={n} className="rounded-xl bg-brand-tint/50 p-4">
              {n}
            </li>
          ))}
        </ul>
        {audience === 'student' && (
          <p className="mt-6">
            <Link href={localePath(locale, '/groups')} className="font-semibold text-brand-dark underline-offset-2 hover:underline">
              {ts('groupsLink')} →
            </Link>
          </p>
        )}
      </div>
      <LeadSection
        kind={audience === 'student' ? 'callback' : 'feedback'}
        id="feedback"
        page={path}
        audience={audience}
        hoursNote={hoursNote}
        plans={audience === 'student' ? Object.fromEntries(plans.map((p) => [p.id, p.name])) : undefined}
      />
      <JsonLd data={offers} />
    </>
  );
}
