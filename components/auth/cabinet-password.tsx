'use client';

import { useId, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslations } from 'next-intl';
import type { z } from 'zod';
import { api } from '@/lib/browser/api/client';
import { changePasswordSchema } from '@/lib/validations/account';
import { Field } from '@/components/forms/field';
import { FormAlert, SubmitButton, useApiForm } from '@/components/registration/form-submit';
import { PasswordInput } from './password-input';
import { PasswordRules } from './password-rules';
import { signedIn } from './session';

type Values = z.input<typeof changePasswordSchema>;

/**
 * Changes the password (POST /api/auth/password): the current one, then the new one twice with the
 * reset form's rules. Every other session ends; this device goes on with the token it answers.
 */
export function CabinetPassword({ username }: { username: string }) {
  const t = useTranslations('Cabinet.passwordCard');
  const id = useId();
  const [done, setDone] = useState(false);
  const { register, handleSubmit, setFocus, reset, control, pending, error, submit, fieldError } = useApiForm(changePasswordSchema, ['current', 'password', 'confirm']);
  const password = useWatch({ control, name: 'password' }) ?? '';

  async function onSubmit(values: Values) {
    setDone(false);
    await submit(
      async () => {
        const { data } = await api.post<{ ok: true; token: string }>('/api/auth/password', values);
        signedIn(data.token);
        reset({ current: '', password: '', confirm: '' });
        setDone(true);
      },
      (body) => {
        if (body?.code === 'wrong_current_password') setFocus('current');
        // 429 (too many tries) and other failures without a field: under the form.
        return body?.fields ? null : (body?.message ?? t('failed'));
      },
    );
  }

  const currentError = fieldError('current');
  const passwordError = fieldError('password');
  const confirmError = fieldError('confirm');
  const rulesId = `${id}-rules`;
  const input = (name: 'current' | 'password' | 'confirm', message: string | undefined, extra?: string) => ({
    id: `${id}-${name}`,
    autoComplete: name === 'current' ? 'current-password' : 'new-password',
    showLabel: t('show'),
    hideLabel: t('hide'),
    maxLength: 128,
    'aria-invalid': message ? true : undefined,
    'aria-describedby': [message ? `${id}-${name}-error` : undefined, extra].filter(Boolean).join(' ') || undefined,
    ...register(name),
  });

  return (
    <form noValidate aria-busy={pending} onSubmit={handleSubmit(onSubmit)} className="mt-3 grid gap-4 sm:max-w-md">
      {/* Lets password managers file the new password under the account. */}
      <input type="text" name="username" autoComplete="username" value={username} hidden readOnly />
      <Field id={`${id}-current`} label={t('current')} error={currentError}>
        <PasswordInput {...input('current', currentError)} />
      </Field>
      <Field id={`${id}-password`} label={t('new')} error={passwordError}>
        <PasswordInput {...input('password', passwordError, rulesId)} />
        <PasswordRules id={rulesId} value={password} title={t('rulesTitle')} met={t('ruleMet')} notMet={t('ruleNotMet')} />
      </Field>
      <Field id={`${id}-confirm`} label={t('confirm')} error={confirmError}>
        <PasswordInput {...input('confirm', confirmError)} />
      </Field>
      <SubmitButton pending={pending} label={t('submit')} busyLabel={t('saving')} />
      <div role="status" aria-live="polite">
        {done && <p className="font-medium text-[#0b7a63]">{t('done')}</p>}
      </div>
      <FormAlert error={error} />
    </form>
  );
}
