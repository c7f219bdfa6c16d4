'use client';

import { useEffect, useState } from 'react';
import { Link, useLocale } from '@/i18n/navigation';
import { localePath } from '@/i18n/routing';
import { useAuthState } from '@/components/auth/auth-store';
import { restoreSession } from '@/components/auth/restore-session';
import { CABINET_GROUPS_PATH, CABINET_MONEY_PATH } from '@/components/cabinet/anchors';
import { primaryClass, secondaryClass } from '@/components/ui/button-classes';
import { plainTranslator, type PlainMessages } from '@/lib/i18n/plain';

type Status = 'pending' | 'paid' | 'declined' | 'expired' | 'refunded';
type Product = 'package' | 'group_seat' | 'chat_help';
interface OrderAnswer {
  status: Status;
  /** What was bought (lib/payments/checkout.ts orderView). */
  product: Product;
  lessons: number;
  tutorId: number | null;
  plan: string;
  /** A seat in a group (issue 33): the group's id, else null. */
  groupId: number | null;
}

/** Per product: the page's title, the paid message, and where the bought thing lives (the next step). */
export const PRODUCT_WORDS: Record<Product, { title: string; paid: string; next: string; nextLabel: string }> = {
  package: { title: 'returnTitlePackage', paid: 'paid', next: CABINET_MONEY_PATH, nextLabel: 'toCabinet' },
  group_seat: { title: 'returnTitleGroup', paid: 'groupPaid', next: CABINET_GROUPS_PATH, nextLabel: 'toGroups' },
  chat_help: { title: 'returnTitleChat', paid: 'chatPaid', next: '/cabinet/chat', nextLabel: 'toChat' },
};

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
 * Its title and next step name what was bought: a package (its lessons in the cabinet's money), a seat
 * in a group (My groups) or hours of chat help (/cabinet/chat).
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

  const words = order ? PRODUCT_WORDS[order.product] : null;
  // The title names what was bought once the order is known (the server's HTML cannot: only the buyer may see it).
  const title = (
    <h1 className="text-3xl font-bold tracking-tight md:text-4xl" data-testid="payment-title">
      {t(words?.title ?? 'returnTitle')}
    </h1>
  );
  if (missing || (checked && !token)) {
    return (
      <>
        {title}
        <p role="alert" className="mt-8">
          {t('notFound')}
        </p>
      </>
    );
  }
  const status = order?.status === 'pending' && notCompleted ? 'not_completed' : order?.status;
  return (
    <>
      {title}
      <div className="mt-8 space-y-6" data-testid="payment-result" data-status={status ?? 'checking'}>
        <p role="status" aria-live="polite" className="text-lg">
          {!order
            ? t('checking')
            : status === 'paid' && words
              ? t(words.paid, { lessons: order.lessons })
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
          {(status === 'paid' || gaveUp) && words ? (
            <Link href={words.next} className={primaryClass} data-testid="payment-next">
              {t(words.nextLabel)}
            </Link>
          ) : null}
          {(status === 'declined' || status === 'expired' || status === 'not_completed') && order && (
            <a href={localePath(locale, order.product === 'chat_help' ? `/checkout?chat=${order.lessons}` : order.groupId ? `/checkout?group=${order.groupId}` : `/checkout?tutor=${order.tutorId}&plan=${order.plan}`)} className={secondaryClass}>
              {t('tryAgain')}
            </a>
          )}
        </div>
      </div>
    </>
  );
}
