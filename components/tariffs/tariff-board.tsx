'use client';

import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { formatTenge, type PlanId } from '@/lib/tariffs';
import { useLocale } from '@/i18n/navigation';
import { primaryClass, primaryFieldClass, secondaryClass } from '@/components/ui/button-classes';
import { choosePlan } from './plan-choice';

export interface PlanView {
  id: PlanId;
  name: string;
  popular: boolean;
  lessons: number;
  pricePerLesson: number;
  discountPercent: number;
  /** What the plan includes: a FeatureList rendered on the server. */
  features: ReactNode;
}

interface Quote {
  code: string;
  percentOff: number;
  plans: { id: PlanId; applies: boolean; discountedPerLesson: number; discountedTotal: number }[];
}

/** Strings of the Promo namespace and the promo field messages, formatted on the server. */
export type PromoLabels = Record<
  | 'popular' | 'perLesson' | 'perLessonEarn' | 'oldPrice' | 'lessons' | 'lessonsPerMonth' | 'discount' | 'feeDiscount' | 'total'
  | 'choose' | 'buyOnline' | 'apply' | 'title' | 'text' | 'label' | 'applyCode' | 'applying' | 'applied' | 'remove' | 'failed',
  string
> & { validation: Record<string, string> };

/** Plan cards with the promo-code box (students) or without it (tutors). */
export function TariffBoard({
  plans,
  audience,
  ctaHref,
  buyHref,
  labels,
}: {
  plans: PlanView[];
  audience: 'student' | 'teacher';
  ctaHref: string;
  /** Students: the checkout's address (a plain link: the checkout is its own dynamic page). */
  buyHref?: string;
  labels: PromoLabels;
}) {
  const t = (key: Exclude<keyof PromoLabels, 'validation'>) => labels[key];
  const locale = useLocale();
  const [quote, setQuote] = useState<Quote | null>(null);
  const money = (n: number) => formatTenge(n, locale);

  return (
    <div>
      <ul className="grid gap-6 lg:grid-cols-3">
        {plans.map((plan) => {
          const q = quote?.plans.find((p) => p.id === plan.id && p.applies);
          const total = plan.pricePerLesson * plan.lessons;
          return (
            <li
              key={plan.id}
              data-plan={plan.id}
              className={`relative flex flex-col rounded-2xl border bg-white p-6 md:p-8 ${
                plan.popular ? 'border-brand-dark shadow-lg ring-2 ring-brand' : 'border-line'
              }`}
            >
              {plan.popular && (
                <p className="absolute -top-3.5 left-6 rounded-full bg-brand-dark px-3 py-1 text-xs font-semibold tracking-wide text-white uppercase">
                  {t('popular')}
                </p>
              )}
              <h2 className="text-xl font-bold md:text-2xl">{plan.name}</h2>
              <p className="mt-4 flex flex-wrap items-baseline gap-x-2">
                <span className="text-3xl font-bold text-ink md:text-4xl" data-testid={`price-${plan.id}`}>
                  {money(q ? q.discountedPerLesson : plan.pricePerLesson)}
                </span>
                <span className="text-muted">{audience === 'student' ? t('perLesson') : t('perLessonEarn')}</span>
              </p>
              {q && (
                <p className="mt-1 text-sm text-muted">
                  <span className="sr-only">{t('oldPrice')}: </span>
                  <s>{money(plan.pricePerLesson)}</s>
                </p>
              )}
              <dl className="mt-6 grid grid-cols-2 gap-3 text-sm">
                <div className="rounded-xl bg-brand-tint/60 p-3">
                  <dt className="text-muted">{audience === 'student' ? t('lessons') : t('lessonsPerMonth')}</dt>
                  <dd className="mt-1 text-lg font-semibold">{plan.lessons}</dd>
                </div>
                <div className="rounded-xl bg-brand-tint/60 p-3">
                  <dt className="text-muted">{audience === 'student' ? t('discount') : t('feeDiscount')}</dt>
                  <dd className="mt-1 text-lg font-semibold">{plan.discountPercent > 0 ? `−${plan.discountPercent}%` : '—'}</dd>
                </div>
              </dl>
              {audience === 'student' && (
                <p className="mt-4 text-sm text-muted">
                  {t('total')}: <span className="font-semibold text-ink">{money(q ? q.discountedTotal : total)}</span>
                </p>
              )}
              {plan.features}
              <a
                href={ctaHref}
                data-choose={plan.id}
                // The lead form below carries the plan and the promo code applied (students).
                onClick={audience === 'student' ? () => choosePlan({ plan: plan.id, promoCode: quote?.code }) : undefined}
                className={`mt-8 block text-center ${plan.popular ? primaryClass : secondaryClass}`}
              >
                {audience === 'student' ? t('choose') : t('apply')}
                <span className="sr-only">: {plan.name}</span>
              </a>
              {buyHref && (
                // Paying online: the checkout with this plan and the promo code applied here.
                <a
                  href={`${buyHref}?plan=${plan.id}${quote?.code ? `&promo=${encodeURIComponent(quote.code)}` : ''}`}
                  data-buy={plan.id}
                  className="mt-3 block text-center text-sm font-medium text-brand-dark underline-offset-2 hover:underline"
                >
                  {t('buyOnline')}
                  <span className="sr-only">: {plan.name}</span>
                </a>
              )}
            </li>
          );
        })}
      </ul>
      {audience === 'student' && <PromoBox quote={quote} onQuote={setQuote} labels={labels} />}
    </div>
  );
}

function PromoBox({ quote, onQuote, labels }: { quote: Quote | null; onQuote: (q: Quote | null) => void; labels: PromoLabels }) {
  const t = (key: Exclude<keyof PromoLabels, 'validation'>) => labels[key];
  const id = useId();
  const [code, setCode] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    const { api, apiErrorBody, promoFormSchema } = await import('./promo-request');
    const parsed = promoFormSchema.safeParse({ code });
    if (!parsed.success) {
      const key = parsed.error.issues[0]?.message ?? 'invalid_value';
      setError(labels.validation[key] ?? labels.validation.invalid_value ?? key);
      return;
    }
    setPending(true);
    try {
      const res = await api.post<Quote>('/api/promo/check', { code: parsed.data.code, audience: 'student' });
      onQuote(res.data);
    } catch (err) {
      onQuote(null);
      const body = apiErrorBody(err);
      setError(body?.fields?.code ?? body?.message ?? t('failed'));
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="mt-10 rounded-2xl border border-line bg-white p-6 md:flex md:items-start md:gap-8 md:p-8">
      <div className="md:w-1/2">
        <h2 className="text-xl font-bold">{t('title')}</h2>
        <p className="mt-2 text-sm text-muted">{t('text')}</p>
      </div>
      <form onSubmit={submit} noValidate className="mt-4 md:mt-0 md:w-1/2">
        <label htmlFor={`${id}-code`} className="mb-1.5 block text-sm font-medium">
          {t('label')}
        </label>
        <div className="flex gap-2">
          <input
            id={`${id}-code`}
            value={code}
            onChange={(e) => setCode(e.target.value.toUpperCase())}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={32}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-status`}
            className="block w-full min-w-0 rounded-xl border border-line px-4 py-3 text-base uppercase focus:border-brand-dark focus:outline-none aria-[invalid=true]:border-danger"
          />
          <button type="submit" disabled={pending} aria-busy={pending} className={`shrink-0 disabled:opacity-70 ${primaryFieldClass}`}>
            {pending ? t('applying') : t('applyCode')}
          </button>
        </div>
        <div id={`${id}-status`} role="status" aria-live="polite" className="mt-2 min-h-6 text-sm">
          {error && <p className="text-danger">{error}</p>}
          {!error && quote && (
            <p className="flex flex-wrap items-center gap-2 font-medium text-[#0b7a63]">
              {t('applied').replace('{code}', quote.code).replace('{percent}', String(quote.percentOff))}
              <button
                type="button"
                onClick={() => {
                  onQuote(null);
                  setCode('');
                }}
                className="text-brand-dark underline"
              >
                {t('remove')}
              </button>
            </p>
          )}
        </div>
      </form>
    </div>
  );
}
