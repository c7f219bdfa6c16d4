'use client';

import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useLocale } from '@/i18n/navigation';
import { useAuthState } from '@/components/auth/auth-store';
import { restoreSession } from '@/components/auth/restore-session';
import { primaryClass, secondaryClass } from '@/components/ui/button-classes';
import { plainTranslator, type PlainMessages } from '@/lib/i18n/plain';
import type { PackageQuote } from '@/lib/money/model';
import type { PaymentStart } from '@/lib/payments/provider';
import { formatTenge, type PlanId } from '@/lib/tariffs';

interface QuoteAnswer {
  quote: PackageQuote;
  promo: { code: string; percentOff: number; applies: boolean } | null;
  test: boolean;
  available: boolean;
}

/** The calls' module, loaded with the first call (null when it cannot be loaded: offline). */
const loadCalls = () => import('./calls').catch(() => null);

/**
 * The checkout's island: the plan and subject, a promo code, the price broken down (from the
 * server, in tiyn), then "pay": signed in, the order is made and the provider's hosted page opens;
 * signed out, the way back is remembered and the visitor signs in or registers first.
 */
export function CheckoutForm({
  path,
  tutorId,
  subjects,
  plans,
  initial,
  messages,
}: {
  /** The Checkout namespace as plain strings (lib/i18n/plain.ts: no ICU formatter on this page). */
  messages: PlainMessages;
  /** This page's path in the visitor's language (/checkout, /kk/checkout…), for the way back after signing in. */
  path: string;
  tutorId: number;
  subjects: { id: string; name: string }[];
  plans: { id: PlanId; name: string }[];
  initial: { plan: PlanId; subject: string; promo: string; answer: QuoteAnswer };
}) {
  const t = plainTranslator(messages);
  const locale = useLocale();
  const ids = useId();
  const { checked, token } = useAuthState();
  const [plan, setPlan] = useState<PlanId>(initial.plan);
  const [subject, setSubject] = useState(initial.subject);
  const [promoInput, setPromoInput] = useState(initial.promo);
  const [promo, setPromo] = useState(initial.answer.promo?.applies ? initial.answer.promo.code : '');
  const [answer, setAnswer] = useState<QuoteAnswer>(initial.answer);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [needSignIn, setNeedSignIn] = useState(false);
  const money = (tiyn: number) => formatTenge(Math.round(tiyn / 100), locale);

  async function requote(next: { plan?: PlanId; subject?: string; promo?: string }) {
    const body = { tutorId, plan: next.plan ?? plan, subject: next.subject ?? subject, promoCode: (next.promo ?? promo) || undefined };
    setMessage(null);
    const calls = await loadCalls();
    try {
      if (!calls) throw new Error('offline');
      const res = await calls.api.post<QuoteAnswer>('/api/payments/quote', body);
      setAnswer(res.data);
      if (res.data.promo && !res.data.promo.applies) setMessage(t('promoNotForPlan', { code: res.data.promo.code }));
      return true;
    } catch (err) {
      setMessage(calls?.apiErrorBody(err)?.message ?? t('loadFailed'));
      return false;
    }
  }

  useEffect(() => {
    void restoreSession();
    // A code carried from the tariff page is checked once on arrival.
    if (initial.promo) {
      void (async () => {
        if (await requote({ promo: initial.promo })) setPromo(initial.promo);
      })();
    }
    // Once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  async function applyPromo(e: FormEvent) {
    e.preventDefault();
    const code = promoInput.trim().toUpperCase();
    if (await requote({ promo: code })) setPromo(code);
  }

  const here = () => `${path}?tutor=${tutorId}&plan=${plan}&subject=${subject}${promo ? `&promo=${encodeURIComponent(promo)}` : ''}`;

  async function pay() {
    setMessage(null);
    if (!token) {
      // ?next= on the links carries the way back; the remembered path covers a visitor who leaves them.
      void loadCalls().then((calls) => calls?.rememberReturnPath(here()));
      setNeedSignIn(true);
      return;
    }
    setBusy(true);
    const calls = await loadCalls();
    try {
      if (!calls) throw new Error('offline');
      const res = await calls.api.post<{ invoiceId: string; start: PaymentStart }>('/api/payments/checkout', { tutorId, plan, subject, promoCode: promo || undefined });
      await calls.openHostedPage(res.data.start);
    } catch (err) {
      setMessage(calls?.apiErrorBody(err)?.message ?? t('failed'));
      setBusy(false);
    }
  }

  const q = answer.quote;
  const row = 'flex justify-between gap-4 border-b border-line py-2 last:border-b-0';
  return (
    <div className="space-y-8" data-testid="checkout">
      {answer.test && (
        <p className="rounded-xl bg-amber-50 p-4 text-sm font-medium" data-testid="test-payment">
          {t('testBadge')}
        </p>
      )}
      <fieldset>
        <legend className="text-lg font-semibold">{t('plan')}</legend>
        <div className="mt-3 grid gap-3 sm:grid-cols-3">
          {plans.map((p) => (
            <label key={p.id} className={`cursor-pointer rounded-xl border p-4 ${plan === p.id ? 'border-brand-dark bg-brand-tint/50' : 'border-line'}`}>
              <input
                type="radio"
                name={`${ids}-plan`}
                value={p.id}
                checked={plan === p.id}
                onChange={() => {
                  setPlan(p.id);
                  void requote({ plan: p.id });
                }}
                className="mr-2"
              />
              {p.name}
            </label>
          ))}
        </div>
      </fieldset>
      {subjects.length > 1 && (
        <div>
          <label htmlFor={`${ids}-subject`} className="text-lg font-semibold">
            {t('subject')}
          </label>
          <select
            id={`${ids}-subject`}
            value={subject}
            onChange={(e) => {
              setSubject(e.target.value);
              void requote({ subject: e.target.value });
            }}
            className="mt-2 block w-full rounded-xl border border-line p-3"
          >
            {subjects.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </div>
      )}
      <form onSubmit={applyPromo} className="flex flex-wrap items-end gap-3">
        <div className="grow">
          <label htmlFor={`${ids}-promo`} className="text-sm font-medium">
            {t('promoLabel')}
          </label>
          <input id={`${ids}-promo`} value={promoInput} onChange={(e) => setPromoInput(e.target.value)} maxLength={32} autoComplete="off" className="mt-1 block w-full rounded-xl border border-line p-3 uppercase" />
        </div>
        <button type="submit" className={secondaryClass}>
          {t('promoApply')}
        </button>
        {promo && (
          <button
            type="button"
            className="text-sm text-brand-dark underline"
            onClick={() => {
              setPromo('');
              setPromoInput('');
              void requote({ promo: '' });
            }}
          >
            {t('promoRemove')}
          </button>
        )}
      </form>
      <section aria-labelledby={`${ids}-breakdown`} className="rounded-2xl border border-line p-5" data-testid="breakdown">
        <h2 id={`${ids}-breakdown`} className="text-lg font-semibold">
          {t('breakdown')}
        </h2>
        <p className="mt-1 text-sm text-muted">
          {t('lessons', { count: q.lessons })} · {t('validity', { months: q.validMonths })}
        </p>
        <dl className="mt-3 text-sm">
          <div className={row}>
            <dt>{t('listPrice')}</dt>
            <dd>{money(q.listPerLessonTiyn)}</dd>
          </div>
          {q.planDiscountPercent > 0 && (
            <div className={row}>
              <dt>{t('planDiscount', { percent: q.planDiscountPercent })}</dt>
              <dd>{money(q.planPerLessonTiyn)}</dd>
            </div>
          )}
          {q.promoPercent > 0 && answer.promo && (
            <div className={row}>
              <dt>{t('promoDiscount', { code: answer.promo.code, percent: q.promoPercent })}</dt>
              <dd>{money(q.perLessonTiyn)}</dd>
            </div>
          )}
          <div className={row}>
            <dt>{t('perLesson')}</dt>
            <dd className="font-medium">{money(q.perLessonTiyn)}</dd>
          </div>
          {q.savedTiyn > 0 && (
            <div className={row}>
              <dt>{t('saved')}</dt>
              <dd>{money(q.savedTiyn)}</dd>
            </div>
          )}
          <div className={`${row} text-base font-semibold`}>
            <dt>{t('total')}</dt>
            <dd data-testid="total">{money(q.totalTiyn)}</dd>
          </div>
        </dl>
        <p className="mt-3 text-xs text-muted">{t('refundNote')}</p>
      </section>
      <div role="status" aria-live="polite">
        {message && <p className="text-danger">{message}</p>}
      </div>
      {needSignIn ? (
        <div className="rounded-2xl border border-line p-5">
          <h2 className="text-lg font-semibold">{t('signInTitle')}</h2>
          <p className="mt-1 text-sm">{t('signInText')}</p>
          <div className="mt-3 flex flex-wrap gap-3">
            <Link href={`/stud-sign-up?next=${encodeURIComponent(here())}`} className={primaryClass}>
              {t('register')}
            </Link>
            <Link href={`/sign-in?next=${encodeURIComponent(here())}`} className={secondaryClass}>
              {t('signIn')}
            </Link>
          </div>
        </div>
      ) : (
        <button type="button" onClick={() => void pay()} disabled={busy || !answer.available || (!checked && !token)} className={`${primaryClass} w-full disabled:opacity-60`} data-testid="pay">
          {busy ? t('paying') : t('pay', { amount: money(q.totalTiyn) })}
        </button>
      )}
    </div>
  );
}
