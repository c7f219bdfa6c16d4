'use client';

import { useEffect, useState } from 'react';
import { Link, useLocale } from '@/i18n/navigation';
import { useAuthState } from '@/components/auth/auth-store';
import { restoreSession } from '@/components/auth/restore-session';
import { primaryClass, secondaryClass } from '@/components/ui/button-classes';
import { plainTranslator, type PlainMessages } from '@/lib/i18n/plain';
import type { PaymentStart } from '@/lib/payments/provider';
import { formatTenge } from '@/lib/tariffs';

const loadCalls = () => import('./calls').catch(() => null);

/**
 * The checkout of chat help's hours (issue 34): the hours chosen, the total, and "pay", which stores
 * the order and opens the bank's page. Signed out, the way back is remembered and the visitor signs
 * in or registers first.
 */
export function ChatCheckout({
  path,
  options,
  initial,
  hourTenge,
  test,
  available,
  messages,
  texts,
}: {
  /** This page's path (/checkout?chat=1, /kk/checkout?chat=1). */
  path: string;
  options: readonly number[];
  initial: number;
  hourTenge: number;
  test: boolean;
  available: boolean;
  messages: PlainMessages;
  /** The hours' labels ("1 hour", "3 hours"…) and the legend, formatted on the server. */
  texts: { legend: string; hours: Record<number, string> };
}) {
  const t = plainTranslator(messages);
  const locale = useLocale();
  const { checked, token } = useAuthState();
  const [hours, setHours] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [needSignIn, setNeedSignIn] = useState(false);

  useEffect(() => {
    void restoreSession();
  }, []);

  async function pay() {
    setMessage(null);
    if (!token) {
      void loadCalls().then((calls) => calls?.rememberReturnPath(path));
      setNeedSignIn(true);
      return;
    }
    setBusy(true);
    const calls = await loadCalls();
    try {
      if (!calls) throw new Error('offline');
      const res = await calls.api.post<{ start: PaymentStart }>('/api/chat-help/checkout', { hours });
      await calls.openHostedPage(res.data.start);
    } catch (err) {
      setMessage(calls?.apiErrorBody(err)?.message ?? t('failed'));
      setBusy(false);
    }
  }

  return (
    <div className="space-y-6" data-testid="chat-checkout">
      {test && (
        <p className="rounded-xl bg-amber-50 p-4 text-sm font-medium" data-testid="test-payment">
          {t('testBadge')}
        </p>
      )}
      <fieldset className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <legend className="mb-2 text-sm font-medium">{texts.legend}</legend>
        {options.map((h) => (
          <label key={h} className={`flex min-h-11 cursor-pointer flex-col rounded-xl border p-3 ${hours === h ? 'border-brand-dark bg-brand-tint' : 'border-line'}`}>
            <input type="radio" name="hours" value={h} checked={hours === h} onChange={() => setHours(h)} className="sr-only" />
            <span className="font-semibold">{texts.hours[h]}</span>
            <span className="text-sm text-muted">{formatTenge(h * hourTenge, locale)}</span>
          </label>
        ))}
      </fieldset>
      <div role="status" aria-live="polite">
        {message && <p className="text-danger">{message}</p>}
      </div>
      {needSignIn ? (
        <div className="rounded-2xl border border-line p-5">
          <h2 className="text-lg font-semibold">{t('signInTitle')}</h2>
          <p className="mt-1 text-sm">{t('signInTextChat')}</p>
          <div className="mt-3 flex flex-wrap gap-3">
            <Link href={`/stud-sign-up?next=${encodeURIComponent(path)}`} className={primaryClass}>
              {t('register')}
            </Link>
            <Link href={`/sign-in?next=${encodeURIComponent(path)}`} className={secondaryClass}>
              {t('signIn')}
            </Link>
          </div>
        </div>
      ) : (
        <button type="button" onClick={() => void pay()} disabled={busy || !available || (!checked && !token)} className={`${primaryClass} w-full disabled:opacity-60`} data-testid="pay">
          {busy ? t('paying') : t('pay', { amount: formatTenge(hours * hourTenge, locale) })}
        </button>
      )}
    </div>
  );
}
