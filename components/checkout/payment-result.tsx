'use client';

import { useEffect, useState } from 'react';
import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { useAuthState } from '@/components/auth/auth-store';
import { restoreSession } from '@/components/auth/restore-session';
import { primaryClass, secondaryClass } from '@/components/ui/button-classes';

type Status = 'pending' | 'paid' | 'declined' | 'expired' | 'refunded';
interface OrderAnswer {
  status: Status;
  lessons: number;
  tutorId: number;
  plan: string;
}

const POLL_MS = 2000;
const POLL_FOR_MS = 3 * 60_000;

/**
 * The return page's island: polls our server for the order (which asks the provider itself when
 * the notification is late), never trusting the redirect; stops at a final status or after 3 minutes.
 */
export function PaymentResult({ invoice }: { invoice: string | null }) {
  const t = useTranslations('Checkout');
  const { checked, token } = useAuthState();
  const [order, setOrder] = useState<OrderAnswer | null>(null);
  const [missing, setMissing] = useState(!invoice);
  const [gaveUp, setGaveUp] = useState(false);

  useEffect(() => {
    void restoreSession();
  }, []);

  useEffect(() => {
    if (!invoice || !token) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const until = Date.now() + POLL_FOR_MS;
    const poll = async () => {
      try {
        const { api } = await import('@/lib/browser/api/client');
        const res = await api.get<OrderAnswer>(`/api/payments/orders/${invoice}`);
        if (!live) return;
        setOrder(res.data);
        if (res.data.status !== 'pending') return;
      } catch {
        if (live) setMissing(true);
        return;
      }
      if (Date.now() > until) setGaveUp(true);
      else timer = setTimeout(() => void poll(), POLL_MS);
    };
    void poll();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [invoice, token]);

  if (missing || (checked && !token)) return <p role="alert">{t('notFound')}</p>;
  const status = order?.status;
  return (
    <div className="space-y-6" data-testid="payment-result" data-status={status ?? 'checking'}>
      <p role="status" aria-live="polite" className="text-lg">
        {!order
          ? t('checking')
          : status === 'paid'
            ? t('paid', { lessons: order.lessons })
            : status === 'declined'
              ? t('declined')
              : status === 'expired'
                ? t('expired')
                : gaveUp
                  ? t('stillPending')
                  : t('checking')}
      </p>
      <div className="flex flex-wrap gap-3">
        {status === 'paid' || gaveUp ? (
          <Link href="/cabinet#cabinet-money" className={primaryClass}>
            {t('toCabinet')}
          </Link>
        ) : null}
        {(status === 'declined' || status === 'expired') && order && (
          <Link href={`/checkout?tutor=${order.tutorId}&plan=${order.plan}`} className={secondaryClass}>
            {t('tryAgain')}
          </Link>
        )}
      </div>
    </div>
  );
}
