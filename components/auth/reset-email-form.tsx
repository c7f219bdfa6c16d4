'use client';

import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import type { z } from 'zod';
import { api } from '@/lib/browser/api/client';
import { apiErrorBody } from '@/lib/browser/api/error-body';
import { resetEmailRequestSchema } from '@/lib/validations/registration';
import { CaptchaScope, useCaptcha } from '@/components/forms/captcha';
import { Field, inputClass } from '@/components/forms/field';
import { ghostSmallClass } from '@/components/ui/button-classes-form';
import { FormAlert, setServerFields, SubmitButton, useSubmitCall } from '@/components/registration/form-submit';
import { fieldMessage } from './messages';

type Input = z.input<typeof resetEmailRequestSchema>;
type Output = z.output<typeof resetEmailRequestSchema>;

function Form() {
  const t = useTranslations('Reset');
  const tv = useTranslations('Validation');
  const id = useId();
  const { arm, guard } = useCaptcha();
  const [sent, setSent] = useState(false);
  const { pending, error, run } = useSubmitCall();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Input, unknown, Output>({ resolver: zodResolver(resetEmailRequestSchema), mode: 'onTouched' });

  const onSubmit = (values: Output) =>
    run(
      async () => {
        await guard('reset', (proof) => api.post('/api/auth/reset/email', { email: values.email, ...proof }));
        setSent(true);
      },
      (err) => {
        const body = apiErrorBody(err);
        setServerFields(setError, body?.fields, ['email'], tv);
        return body?.message ?? t('saveFailed');
      },
    );

  const emailError = fieldMessage(errors.email, tv);
  return (
    <div>
      <div role="status" aria-live="polite">
        {sent && (
          <div className="rounded-xl border border-line bg-brand-tint/60 p-4">
            <p className="font-medium text-ink">{t('emailSent')}</p>
            <p className="mt-2 text-sm text-muted">{t('emailSentHint')}</p>
          </div>
        )}
      </div>
      {sent ? (
        <button type="button" onClick={() => setSent(false)} className={`mt-4 ${ghostSmallClass}`}>
          {t('sendAgain')}
        </button>
      ) : (
        <form noValidate onFocus={arm} aria-busy={pending} onSubmit={handleSubmit(onSubmit)} className="grid gap-4">
          <Field id={`${id}-email`} label={t('email')} error={emailError}>
            <input
              id={`${id}-email`}
              type="email"
              inputMode="email"
              autoComplete="email"
              autoCapitalize="none"
              spellCheck={false}
              aria-invalid={emailError ? true : undefined}
              aria-describedby={emailError ? `${id}-email-error` : undefined}
              className={inputClass}
              {...register('email')}
            />
          </Field>
          <SubmitButton pending={pending} label={t('emailSubmit')} busyLabel={t('emailSending')} />
          <FormAlert error={error} />
        </form>
      )}
    </div>
  );
}

export function ResetEmailForm() {
  return (
    <CaptchaScope>
      <Form />
    </CaptchaScope>
  );
}
