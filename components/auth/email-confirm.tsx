'use client';

import { useCallback, useEffect, useState } from 'react';
import axios from 'axios';
import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { api } from '@/lib/browser/api/client';
import { primaryClass } from '@/components/ui/button-classes';
import { CheckingLine, FailedRetry } from './link-states';

const action = `mt-5 inline-block ${primaryClass}`;

type State = { kind: 'checking' } | { kind: 'done'; email: string } | { kind: 'invalid' } | { kind: 'taken' } | { kind: 'failed' };
// The shape of emailConfirmSchema's token, without loading zod for one regex.
const TOKEN = /^[\w-]{20,100}$/;

/** Opens the e-mail link once: the address becomes the account's, then the token leaves the URL. */
export function EmailConfirm() {
  const t = useTranslations('EmailConfirm');
  const tr = useTranslations('Reset');
  const [state, setState] = useState<State>({ kind: 'checking' });

  const confirm = useCallback(async () => {
    setState({ kind: 'checking' });
    const token = new URLSearchParams(window.location.search).get('token') ?? '';
    if (!TOKEN.test(token)) return setState({ kind: 'invalid' });
    try {
      const { data } = await api.post<{ email: string }>('/api/auth/email/confirm', { token });
      window.history.replaceState(null, '', window.location.pathname);
      setState({ kind: 'done', email: data.email });
    } catch (error) {
      const status = axios.isAxiosError(error) ? error.response?.status : undefined;
      if (status === 409) setState({ kind: 'taken' });
      else if (status === 410 || status === 422 || status === 400) setState({ kind: 'invalid' });
      else setState({ kind: 'failed' });
    }
  }, []);

  useEffect(() => {
    // Runs in the browser only: the token is never part of a rendered page.
    const timer = setTimeout(confirm, 0);
    return () => clearTimeout(timer);
  }, [confirm]);

  return (
    <div role="status" aria-live="polite" aria-busy={state.kind === 'checking'}>
      {state.kind === 'checking' && <CheckingLine text={t('checking')} />}
      {state.kind === 'done' && (
        <div>
          <p className="text-ink">{t('done', { email: state.email })}</p>
          <Link href="/cabinet" className={action}>
            {t('toCabinet')}
          </Link>
        </div>
      )}
      {(state.kind === 'invalid' || state.kind === 'taken') && (
        <div>
          <p className="text-ink">{t(state.kind)}</p>
          <Link href="/sign-in" className={action}>
            {t('toSignIn')}
          </Link>
        </div>
      )}
      {state.kind === 'failed' && <FailedRetry text={tr('checkFailed')} retry={tr('retry')} onRetry={confirm} />}
    </div>
  );
}
