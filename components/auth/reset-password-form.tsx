'use client';

import { useEffect, useId, useState } from 'react';
import { useWatch } from 'react-hook-form';
import axios from 'axios';
import { useTranslations } from 'next-intl';
import type { z } from 'zod';
import { Link } from '@/i18n/navigation';
import { api } from '@/lib/browser/api/client';
import { passwordStep } from '@/lib/validations/account';
import { Field } from '@/components/forms/field';
import { primaryClass } from '@/components/ui/button-classes';
import { FormAlert, SubmitButton, useApiForm } from '@/components/registration/form-submit';
import { PasswordInput } from './password-input';
import { PasswordRules } from './password-rules';
import { clearResetToken, readResetToken } from './reset-token';

type Values = z.input<typeof passwordStep>;
type Stage = 'loading' | 'form' | 'done' | 'invalid' | 'missing';


/** The new password for the e-mail link's token (kept in sessionStorage by the previous step). */
export function ResetPasswordForm() {
  const t = useTranslations('Reset');
  const ts = useTranslations('SignIn');
  const id = useId();
  const [stage, setStage] = useState<Stage>('loading');
  const [token, setToken] = useState<string | null>(null);
  const { register, handleSubmit, control, pending, error, submit, fieldError } = useApiForm(passwordStep, ['password', 'confirm']);
  const password = useWatch({ control, name: 'password' }) ?? '';

  useEffect(() => {
    const stored = readResetToken();
    const timer = setTimeout(() => {
      setToken(stored);
      setStage(stored ? 'form' : 'missing');
    }, 0);
    return () => clearTimeout(timer);
  }, []);

  async function onSubmit(values: Values) {
    if (!token) return;
    await submit(
      async () => {
        await api.post('/api/auth/reset/email/confirm', { token, password: values.password, confirm: values.confirm });
        clearResetToken();
        setStage('done');
      },
      (body, err) => {
        // The link was used or is too old: no message, the stage says so.
        if (axios.isAxiosError(err) && err.response?.status === 410) {
          clearResetToken();
          setStage('invalid');
          return null;
        }
        return body?.message ?? t('saveFailed');
      },
    );
  }

  const passwordError = fieldError('password');
  const confirmError = fieldError('confirm');
  const rulesId = `${id}-rules`;

  return (
    <div>
      <div role="status" aria-live="polite">
        {stage === 'done' && <p className="font-medium text-[#0b7a63]">{t('done')}</p>}
        {(stage === 'invalid' || stage === 'missing') && <p className="text-ink">{stage === 'invalid' ? t('linkInvalid') : t('noToken')}</p>}
      </div>
      {stage === 'done' && (
        <Link href="/sign-in" className={`mt-5 inline-block ${primaryClass}`}>
          {t('signIn')}
        </Link>
      )}
      {(stage === 'invalid' || stage === 'missing') && (
        <Link href="/reset-password/email" className={`mt-5 inline-block ${primaryClass}`}>
          {t('requestNew')}
        </Link>
      )}
      {stage === 'form' && (
        <form noValidate aria-busy={pending} onSubmit={handleSubmit(onSubmit)} className="grid gap-4">
          {/* Lets password managers file the new password under the account. */}
          <input type="text" name="username" autoComplete="username" hidden readOnly />
          <Field id={`${id}-password`} label={t('newPassword')} error={passwordError}>
            <PasswordInput
              id={`${id}-password`}
              autoComplete="new-password"
              showLabel={ts('showPassword')}
              hideLabel={ts('hidePassword')}
              aria-invalid={passwordError ? true : undefined}
              aria-describedby={passwordError ? `${id}-password-error ${rulesId}` : rulesId}
              {...register('password')}
            />
            <PasswordRules id={rulesId} value={password} title={t('rulesTitle')} met={t('ruleMet')} notMet={t('ruleNotMet')} />
          </Field>
          <Field id={`${id}-confirm`} label={t('confirm')} error={confirmError}>
            <PasswordInput
              id={`${id}-confirm`}
              autoComplete="new-password"
              showLabel={ts('showPassword')}
              hideLabel={ts('hidePassword')}
              aria-invalid={confirmError ? true : undefined}
              aria-describedby={confirmError ? `${id}-confirm-error` : undefined}
              {...register('confirm')}
            />
          </Field>
          <SubmitButton pending={pending} label={t('save')} busyLabel={t('saving')} />
          <FormAlert error={error} />
        </form>
      )}
    </div>
  );
}
