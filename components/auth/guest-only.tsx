'use client';

import { useEffect } from 'react';
import { useRouter } from 'next/navigation';
import { useLocale } from '@/i18n/navigation';
import { getAuthState } from './auth-store';
import { restoreSession } from './restore-session';

/**
 * A guest-only page (sign-up): a visitor who is signed in when the page opens goes to the cabinet,
 * or on to a safe ?next=. Decided once, when the session restore settles: the account a visitor
 * makes on this very page does not send them away from its success step.
 */
export function GuestOnly() {
  const router = useRouter();
  const locale = useLocale();
  useEffect(() => {
    let cancelled = false;
    void restoreSession().then(async () => {
      if (cancelled || !getAuthState().token) return;
      // Loaded only for a signed-in visitor: the page's own scripts stay without it.
      const { localePath, takeReturnPath } = await import('./return-path');
      if (!cancelled) router.replace(takeReturnPath(localePath(locale, '/cabinet')));
    });
    return () => {
      cancelled = true;
    };
  }, [router, locale]);
  return null;
}
