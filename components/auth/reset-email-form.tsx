'use client';

import { useId, useState } from 'react';
import { useTranslations } from 'next-intl';
import { api } from '@/lib/browser/api/client';
import { resetEmailRequestSchema } from '@/lib/validations/account';
import { CaptchaScope, useCaptcha } from '@/components/forms/captcha';
import { Field, inputClass } from '@/components/forms/field';
import { ghostSmallClass } from '@/components/ui/button-classes';
import { FormAlert, SubmitButton, useApiForm } from '@/components/registration/form-submit';

function Form() {
  const t = useTranslations('Reset');
  const id = useId();
  const { arm, guard } = useCaptcha();
  const [sent, setSent] = useState(false);
  const { register, handleSubmit, pending, error, submit, fieldError } = useApiForm(resetEmailRequestSchema, ['email']);

  const onSubmit = (values: { email: string }) =>
    submit(
      async () => {
        await guard('reset', (proof) => api.post('/api/auth/reset/email', { email: values.email, ...proof }));
        setSent(true);
      },
      (body) => body?.message ?? t('saveFailed'),
    );

  const emailError = fieldError('email');
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
