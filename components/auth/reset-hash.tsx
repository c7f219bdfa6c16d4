'use client';

import { useCallback, useEffect, useState } from 'react';
import axios from 'axios';
import { useTranslations } from 'next-intl';
import { Link, useRouter } from '@/i18n/navigation';
import { api } from '@/lib/browser/api/client';
import { primaryClass } from '@/components/ui/button-classes';
import { CheckingLine, FailedRetry } from './link-states';
import { clearResetToken, storeResetToken } from './reset-token';

type State = 'checking' | 'invalid' | 'failed';
// The shape of resetEmailTokenSchema, without loading zod for one regex.
const TOKEN = /^[\w-]{20,100}$/;

/** Checks the e-mail link's token, then moves on to the new-password step without it in the URL. */
export function ResetHash() {
  const t = useTranslations('Reset');
  const router = useRouter();
  const [state, setState] = useState<State>('checking');

  const check = useCallback(async () => {
    setState('checking');
    const token = new URLSearchParams(window.location.search).get('token') ?? '';
    if (!TOKEN.test(token)) {
      clearResetToken();
      setState('invalid');
      return;
    }
    try {
      await api.post('/api/auth/reset/email/check', { token });
      storeResetToken(token);
      router.replace('/reset-password/password');
    } catch (error) {
      const status = axios.isAxiosError(error) ? error.response?.status : undefined;
      if (status === 410 || status === 422 || status === 400) {
        clearResetToken();
        setState('invalid');
      } else setState('failed');
    }
  }, [router]);

  useEffect(() => {
    // The check runs in the browser only: the token is never part of a rendered page.
    const timer = setTimeout(check, 0);
    return () => clearTimeout(timer);
  }, [check]);

  return (
    <div role="status" aria-live="polite" aria-busy={state === 'checking'}>
      {state === 'checking' && <CheckingLine text={t('hashChecking')} />}
      {state === 'invalid' && (
        <div>
          <p className="text-ink">{t('linkInvalid')}</p>
          <Link href="/reset-password/email" className={`mt-5 inline-block ${primaryClass}`}>
            {t('requestNew')}
          </Link>
        </div>
      )}
      {state === 'failed' && <FailedRetry text={t('checkFailed')} retry={t('retry')} onRetry={check} />}
    </div>
  );
}
