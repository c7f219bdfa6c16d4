'use client';

import { useEffect, useRef } from 'react';
import { useRouter } from 'next/navigation';
import { useAuthState } from './auth-store';
import { restoreSession } from './restore-session';
import { localePath, rememberReturnPath } from './return-path';
import { useLocale } from '@/i18n/navigation';

/**
 * A protected page: once the session restore has settled, a visitor without a session goes to the
 * sign-in page, and the path they tried is remembered (sessionStorage and ?next=). Returns whether
 * the visitor is signed in; `paused` stops the redirect (while signing out on purpose).
 */
export function useRequireAuth(paused = false): { ready: boolean; signedIn: boolean } {
  const { checked, token } = useAuthState();
  const router = useRouter();
  const locale = useLocale();
  const sent = useRef(false);

  useEffect(() => {
    void restoreSession();
  }, []);
  useEffect(() => {
    if (!checked || token || paused || sent.current) return;
    sent.current = true;
    const here = window.location.pathname + window.location.search;
    rememberReturnPath(here);
    router.replace(`${localePath(locale, '/sign-in')}?next=${encodeURIComponent(here)}`);
  }, [checked, token, paused, router, locale]);

  return { ready: checked, signedIn: checked && token };
}
