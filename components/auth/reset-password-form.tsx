'use client';

import { useEffect, useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import axios from 'axios';
import { useTranslations } from 'next-intl';
import type { z } from 'zod';
import { Link } from '@/i18n/navigation';
import { api } from '@/lib/browser/api/client';
import { apiErrorBody } from '@/lib/browser/api/error-body';
import { passwordStep } from '@/lib/validations/registration';
import { Field } from '@/components/forms/field';
import { primaryClass } from '@/components/ui/button-classes';
import { FormAlert, setServerFields, SubmitButton, useSubmitCall } from '@/components/registration/form-submit';
import { fieldMessage } from './messages';
import { PasswordInput } from './password-input';
import { PasswordRules } from './password-rules';
import { clearResetToken, readResetToken } from './reset-token';

type Values = z.input<typeof passwordStep>;
type Stage = 'loading' | 'form' | 'done' | 'invalid' | 'missing';


/** The new password for the e-mail link's token (kept in sessionStorage by the previous step). */
export function ResetPasswordForm() {
  const t = useTranslations('Reset');
  const tv = useTranslations('Validation');
  const ts = useTranslations('SignIn');
  const id = useId();
  const [stage, setStage] = useState<Stage>('loading');
  const [token, setToken] = useState<string | null>(null);
  const { pending, error, run } = useSubmitCall();
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm<Values>({ resolver: zodResolver(passwordStep), mode: 'onTouched' });
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
    await run(
      async () => {
        await api.post('/api/auth/reset/email/confirm', { token, password: values.password, confirm: values.confirm });
        clearResetToken();
        setStage('done');
      },
      (err) => {
        // The link was used or is too old: no message, the stage says so.
        if (axios.isAxiosError(err) && err.response?.status === 410) {
          clearResetToken();
          setStage('invalid');
          return null;
        }
        const body = apiErrorBody(err);
        setServerFields(setError, body?.fields, ['password', 'confirm'], tv);
        return body?.message ?? t('saveFailed');
      },
    );
  }

  const passwordError = fieldMessage(errors.password, tv);
  const confirmError = fieldMessage(errors.confirm, tv);
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
