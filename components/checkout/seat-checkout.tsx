'use client';

import { useEffect, useState } from 'react';
import { Link, useLocale } from '@/i18n/navigation';
import { useAuthState } from '@/components/auth/auth-store';
import { restoreSession } from '@/components/auth/restore-session';
import { primaryClass, secondaryClass } from '@/components/ui/button-classes';
import { plainTranslator, type PlainMessages } from '@/lib/i18n/plain';
import type { PaymentStart } from '@/lib/payments/provider';
import { formatTenge } from '@/lib/tariffs';

/** The calls' module, loaded with the first call (null when it cannot be loaded: offline). */
const loadCalls = () => import('./calls').catch(() => null);

/**
 * The checkout of a seat in a group (issue 33): "pay" holds the seat (never sold twice: the server
 * refuses a full group before any payment) and opens the bank's page for the lessons left; a full
 * group offers its waitlist instead. Signed out, the way back is remembered and the visitor signs in
 * or registers first.
 */
export function SeatCheckout({
  groupId,
  path,
  full,
  totalTiyn,
  test,
  available,
  messages,
  texts,
}: {
  groupId: number;
  /** This page's path with the group (/checkout?group=7, /kk/checkout?group=7). */
  path: string;
  full: boolean;
  totalTiyn: number;
  test: boolean;
  available: boolean;
  /** The Checkout namespace as plain strings (lib/i18n/plain.ts). */
  messages: PlainMessages;
  /** The group's own strings, already formatted on the server. */
  texts: { waitlistJoin: string; waitlistDone: string; waitlistSignIn: string };
}) {
  const t = plainTranslator(messages);
  const locale = useLocale();
  const { checked, token } = useAuthState();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [needSignIn, setNeedSignIn] = useState(false);
  const [waitlisted, setWaitlisted] = useState<number | null>(null);

  useEffect(() => {
    void restoreSession();
  }, []);

  async function act() {
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
      if (full) {
        const res = await calls.api.post<{ entry: { position: number } }>(`/api/groups/${groupId}/waitlist`, {});
        setWaitlisted(res.data.entry.position);
        setBusy(false);
        return;
      }
      const res = await calls.api.post<{ start: PaymentStart }>(`/api/groups/${groupId}/checkout`, {});
      await calls.openHostedPage(res.data.start);
    } catch (err) {
      setMessage(calls?.apiErrorBody(err)?.message ?? t('failed'));
      setBusy(false);
    }
  }

  return (
    <div className="space-y-6" data-testid="seat-checkout">
      {test && !full && (
        <p className="rounded-xl bg-amber-50 p-4 text-sm font-medium" data-testid="test-payment">
          {t('testBadge')}
        </p>
      )}
      <div role="status" aria-live="polite">
        {message && <p className="text-danger">{message}</p>}
        {waitlisted !== null && (
          <p className="rounded-xl bg-brand-tint/60 p-4 font-medium" data-testid="waitlisted">
            {texts.waitlistDone.replace('{position}', String(waitlisted))}
          </p>
        )}
      </div>
      {needSignIn ? (
        <div className="rounded-2xl border border-line p-5">
          <h2 className="text-lg font-semibold">{t('signInTitle')}</h2>
          <p className="mt-1 text-sm">{full ? texts.waitlistSignIn : t('signInTextGroup')}</p>
          <div className="mt-3 flex flex-wrap gap-3">
            <Link href={`/stud-sign-up?next=${encodeURIComponent(path)}`} className={primaryClass}>
              {t('register')}
            </Link>
            <Link href={`/sign-in?next=${encodeURIComponent(path)}`} className={secondaryClass}>
              {t('signIn')}
            </Link>
          </div>
        </div>
      ) : waitlisted === null ? (
        <button
          type="button"
          onClick={() => void act()}
          disabled={busy || (!full && !available) || (!checked && !token)}
          className={`${full ? secondaryClass : primaryClass} w-full disabled:opacity-60`}
          data-testid={full ? 'waitlist' : 'pay'}
        >
          {full ? texts.waitlistJoin : busy ? t('paying') : t('pay', { amount: formatTenge(Math.round(totalTiyn / 100), locale) })}
        </button>
      ) : null}
    </div>
  );
}
