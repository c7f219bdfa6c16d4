'use client';

import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import type { z } from 'zod';
import { api } from '@/lib/browser/api/client';
import { apiErrorBody } from '@/lib/browser/api/error-body';
import { emailChangeSchema } from '@/lib/validations/registration';
import { EmailField } from '@/components/registration/email-field';
import { FormAlert, setServerFields, SubmitButton, useSubmitCall } from '@/components/registration/form-submit';
import { fieldMessage } from './messages';

type Input = z.input<typeof emailChangeSchema>;
type Output = z.output<typeof emailChangeSchema>;

/**
 * Adds or changes the account's e-mail: POST /api/auth/email mails a single-use link, and the
 * address counts (sign-in, reset) only once that link is opened. Until then it is shown as pending.
 */
export function CabinetEmail({ email, pending, onPending }: { email: string | null; pending: string | null; onPending: (email: string) => void }) {
  const t = useTranslations('Cabinet.emailCard');
  const tv = useTranslations('Validation');
  const id = useId();
  const { pending: sending, error, run } = useSubmitCall();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<Input, unknown, Output>({ resolver: zodResolver(emailChangeSchema), mode: 'onTouched' });

  async function onSubmit({ email: address }: Output) {
    if (address === email) {
      setError('email', { type: 'server', message: t('same') }, { shouldFocus: true });
      return;
    }
    await run(
      async () => {
        await api.post('/api/auth/email', { email: address });
        reset({ email: '' });
        onPending(address);
      },
      (err) => {
        const body = apiErrorBody(err);
        setServerFields(setError, body?.fields, ['email'], tv);
        // 429 and other refusals without a field: the server's message under the form.
        return body?.fields?.email ? null : (body?.message ?? t('failed'));
      },
    );
  }

  const emailError = fieldMessage(errors.email, tv);
  return (
    <div className="mt-3 grid gap-4">
      <p className="text-muted">{t('intro')}</p>
      <div role="status" aria-live="polite">
        {pending && (
          <div className="rounded-xl bg-brand-tint px-4 py-3 text-ink" data-testid="cabinet-email-pending">
            <p>{t('pending', { email: pending })}</p>
            {email && <p className="mt-1 text-sm text-muted">{t('keepCurrent', { email })}</p>}
          </div>
        )}
      </div>
      <form noValidate aria-busy={sending} onSubmit={handleSubmit(onSubmit)} className="grid gap-4 sm:max-w-md">
        <EmailField id={`${id}-email`} label={email || pending ? t('newLabel') : t('label')} hint={null} error={emailError} {...register('email')} />
        <SubmitButton pending={sending} label={email ? t('change') : t('add')} busyLabel={t('sending')} />
        <FormAlert error={error} />
      </form>
    </div>
  );
}
