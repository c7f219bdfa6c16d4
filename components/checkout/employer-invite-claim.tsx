'use client';

import { useEffect, useState } from 'react';
import { useTranslations } from 'next-intl';
import { useAuthState } from '@/components/auth/auth-store';
import { apiErrorBody } from '@/lib/browser/api/error-body';
import { LESSONS_CHANGED } from '@/components/booking/paid-booking';

const KEY = 'tilmen:employer-invite';
const TOKEN = /^[\w-]{20,100}$/;

/**
 * HR's invitation to the lessons (lib/payments/employer-invite.ts): the link's token arrives in the
 * cabinet's fragment (#employer=…). It is kept in this tab's session storage and taken off the
 * address at once, so it survives the way through sign-in or registration (which keeps the path
 * only); once signed in, it is handed to POST /api/cabinet/employer, and the cabinet's money reloads.
 */
export function EmployerInviteClaim() {
  const t = useTranslations('Cabinet.employer');
  const { token } = useAuthState();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  useEffect(() => {
    const m = /(?:^#|&)employer=([\w-]+)/.exec(window.location.hash);
    if (m && TOKEN.test(m[1]!)) {
      sessionStorage.setItem(KEY, m[1]!);
      history.replaceState(history.state, '', window.location.pathname + window.location.search);
    }
  }, []);

  useEffect(() => {
    if (!token) return;
    const invite = sessionStorage.getItem(KEY);
    if (!invite) return;
    sessionStorage.removeItem(KEY);
    let live = true;
    import('@/lib/browser/api/client')
      .then(({ api }) => api.post<{ company: string; lessonsLeft: number }>('/api/cabinet/employer', { token: invite }))
      .then(
        (res) => {
          if (!live) return;
          setMessage({ ok: true, text: t('linked', { company: res.data.company, left: res.data.lessonsLeft }) });
          window.dispatchEvent(new Event(LESSONS_CHANGED));
          window.dispatchEvent(new Event(EMPLOYER_LINKED));
        },
        (err: unknown) => live && setMessage({ ok: false, text: apiErrorBody(err)?.message ?? t('linkFailed') }),
      );
    return () => {
      live = false;
    };
  }, [token, t]);

  return (
    <div role="status" aria-live="polite">
      {message && <p className={`mb-6 rounded-xl p-4 ${message.ok ? 'bg-brand-tint/40' : 'bg-red-50 text-danger'}`}>{message.text}</p>}
    </div>
  );
}

/** The employer's lessons changed (an invitation taken): the cabinet's money reloads. */
export const EMPLOYER_LINKED = 'tilmen:employer-linked';
