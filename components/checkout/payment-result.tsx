'use client';

import { useEffect, useState } from 'react';
import { Link, useLocale } from '@/i18n/navigation';
import { localePath } from '@/i18n/routing';
import { useAuthState } from '@/components/auth/auth-store';
import { restoreSession } from '@/components/auth/restore-session';
import { primaryClass, secondaryClass } from '@/components/ui/button-classes';
import { plainTranslator, type PlainMessages } from '@/lib/i18n/plain';

type Status = 'pending' | 'paid' | 'declined' | 'expired' | 'refunded';
interface OrderAnswer {
  status: Status;
  lessons: number;
  tutorId: number | null;
  plan: string;
  /** A seat in a group (issue 33): the group's id, else null. */
  groupId: number | null;
}

const POLL_MS = 2000;
const POLL_FOR_MS = 3 * 60_000;
/**
 * Back from the bank's page by its failure link (a declined card, or "Cancel" there): the decline's
 * notification may still be on its way, so a few polls first; a payment still pending after them
 * was not completed, and the page says so instead of waiting for a bank that has nothing to say.
 */
const FAILED_POLLS = 3;

/**
 * The return page's island: polls our server for the order (which asks the provider itself when
 * the notification is late), never trusting the redirect; stops at a final status or after 3 minutes.
 */
export function PaymentResult({ invoice, failed = false, messages }: { invoice: string | null; failed?: boolean; messages: PlainMessages }) {
  const t = plainTranslator(messages);
  const locale = useLocale();
  const { checked, token } = useAuthState();
  const [order, setOrder] = useState<OrderAnswer | null>(null);
  const [missing, setMissing] = useState(!invoice);
  const [gaveUp, setGaveUp] = useState(false);
  const [notCompleted, setNotCompleted] = useState(false);

  useEffect(() => {
    void restoreSession();
  }, []);

  useEffect(() => {
    if (!invoice || !token) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const until = Date.now() + POLL_FOR_MS;
    let polls = 0;
    const poll = async () => {
      polls++;
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
      if (failed && polls >= FAILED_POLLS) setNotCompleted(true);
      else if (Date.now() > until) setGaveUp(true);
      else timer = setTimeout(() => void poll(), POLL_MS);
    };
    void poll();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [invoice, token, failed]);

  if (missing || (checked && !token)) return <p role="alert">{t('notFound')}</p>;
  const status = order?.status === 'pending' && notCompleted ? 'not_completed' : order?.status;
  return (
    <div className="space-y-6" data-testid="payment-result" data-status={status ?? 'checking'}>
      <p role="status" aria-live="polite" className="text-lg">
        {!order
          ? t('checking')
          : status === 'paid'
            ? t(order.plan === 'chat' ? 'chatPaid' : order.groupId ? 'groupPaid' : 'paid', { lessons: order.lessons })
            : status === 'refunded' && order.groupId
              ? t('groupFull')
            : status === 'declined'
              ? t('declined')
              : status === 'expired'
                ? t('expired')
                : status === 'not_completed'
                  ? t('notCompleted')
                  : gaveUp
                  ? t('stillPending')
                  : t('checking')}
      </p>
      <div className="flex flex-wrap gap-3">
        {status === 'paid' || gaveUp ? (
          <Link href={order?.plan === 'chat' ? '/cabinet/chat' : '/cabinet#cabinet-money'} className={primaryClass}>
            {t(order?.plan === 'chat' ? 'toChat' : 'toCabinet')}
          </Link>
        ) : null}
        {(status === 'declined' || status === 'expired' || status === 'not_completed') && order && (
          <a href={localePath(locale, order.plan === 'chat' ? `/checkout?chat=${order.lessons}` : order.groupId ? `/checkout?group=${order.groupId}` : `/checkout?tutor=${order.tutorId}&plan=${order.plan}`)} className={secondaryClass}>
            {t('tryAgain')}
          </a>
        )}
      </div>
    </div>
  );
}
