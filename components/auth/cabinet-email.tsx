'use client';

import { useId } from 'react';
import { useTranslations } from 'next-intl';
import { api } from '@/lib/browser/api/client';
import { emailChangeSchema } from '@/lib/validations/account';
import { EmailField } from '@/components/registration/email-field';
import { FormAlert, SubmitButton, useApiForm } from '@/components/registration/form-submit';

/**
 * Adds or changes the account's e-mail: POST /api/auth/email mails a single-use link, and the
 * address counts (sign-in, reset) only once that link is opened. Until then it is shown as pending.
 */
export function CabinetEmail({ email, pending, onPending }: { email: string | null; pending: string | null; onPending: (email: string) => void }) {
  const t = useTranslations('Cabinet.emailCard');
  const id = useId();
  const { register, handleSubmit, setError, reset, pending: sending, error, submit, fieldError } = useApiForm(emailChangeSchema, ['email']);

  async function onSubmit({ email: address }: { email: string }) {
    if (address === email) {
      setError('email', { type: 'server', message: t('same') }, { shouldFocus: true });
      return;
    }
    await submit(
      async () => {
        await api.post('/api/auth/email', { email: address });
        reset({ email: '' });
        onPending(address);
      },
      // 429 and other refusals without a field: the server's message under the form.
      (body) => (body?.fields?.email ? null : (body?.message ?? t('failed'))),
    );
  }

  const emailError = fieldError('email');
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
