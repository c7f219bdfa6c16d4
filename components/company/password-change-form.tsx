'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useLocale } from '@/i18n/navigation';
import { companyPasswordChangeSchema } from '@/lib/validations/company-portal';
import { fetchJson, showCallError } from '@/lib/browser/api/fetch-json';
import { describedBy, Field } from '@/components/ui/field';
import { buttonClass, inputClass } from './ui';

type Values = z.input<typeof companyPasswordChangeSchema>;

/** One's own password: the current one, the new one twice. Other browsers are signed out. */
export function PasswordChangeForm({ email }: { email: string }) {
  const t = useTranslations('Company.security');
  const tp = useTranslations('Company.setPassword');
  const locale = useLocale();
  const [status, setStatus] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError, reset } = useForm<Values>({ resolver: zodResolver(companyPasswordChangeSchema), mode: 'onTouched' });
  const errors = formState.errors;
  const onSubmit = handleSubmit(async (values) => {
    setStatus(null);
    try {
      await fetchJson('/api/company/password/change', { body: values, locale });
      reset();
      setStatus(t('passwordChanged'));
    } catch (err) {
      showCallError<keyof Values>(err, { field: setError, error: setStatus });
    }
  });
  return (
    <form onSubmit={onSubmit} method="post" noValidate className="space-y-4">
      <input type="email" autoComplete="username" value={email} readOnly hidden />
      <Field id="hr-current" label={t('currentPassword')} error={errors.current?.message}>
        <input id="hr-current" type="password" autoComplete="current-password" className={inputClass} {...describedBy('hr-current', errors.current?.message)} {...register('current')} />
      </Field>
      <Field id="hr-new" label={tp('password')} error={errors.password?.message} hint={tp('hint')}>
        <input id="hr-new" type="password" autoComplete="new-password" className={inputClass} {...describedBy('hr-new', errors.password?.message, true)} {...register('password')} />
      </Field>
      <Field id="hr-new-confirm" label={tp('confirm')} error={errors.confirm?.message}>
        <input id="hr-new-confirm" type="password" autoComplete="new-password" className={inputClass} {...describedBy('hr-new-confirm', errors.confirm?.message)} {...register('confirm')} />
      </Field>
      <p aria-live="polite" className="text-sm font-medium text-ink">
        {status}
      </p>
      <button type="submit" className={buttonClass} disabled={formState.isSubmitting}>
        {formState.isSubmitting ? '…' : t('changePassword')}
      </button>
    </form>
  );
}
