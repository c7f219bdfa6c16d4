'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useLocale } from '@/i18n/navigation';
import { staffPasswordChangeSchema } from '@/lib/validations/staff';
import { fetchJson, showCallError } from '@/lib/browser/api/fetch-json';
import { AdminField } from '../ui/field';
import { describedBy, FormError } from '@/components/ui/field';
import { adminButtonClass, adminInputClass } from '../ui/form';

type Values = z.input<typeof staffPasswordChangeSchema>;

/** One's own password: current password, the new one twice, the app's code. */
export function PasswordForm() {
  const t = useTranslations('Admin.staff.me');
  const locale = useLocale();
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState, reset, setValue, setError: setFieldError } = useForm<Values>({ resolver: zodResolver(staffPasswordChangeSchema), mode: 'onTouched' });
  const errors = formState.errors;
  const onSubmit = handleSubmit(async (values) => {
    setDone(null);
    setError(null);
    try {
      const out = await fetchJson<{ endedSessions: number }>('/api/admin/me/password', { body: values, locale });
      reset({ current: '', password: '', confirm: '', code: '' });
      setDone(t('passwordDone', { count: out.endedSessions }));
    } catch (err) {
      setValue('code', '');
      showCallError<keyof Values>(err, { field: setFieldError, error: setError });
    }
  });
  const field = (name: keyof Values, label: string, props: Record<string, unknown>) => (
    <AdminField id={`me-${name}`} label={label} error={errors[name]?.message}>
      <input id={`me-${name}`} className={adminInputClass} {...props} {...describedBy(`me-${name}`, errors[name]?.message)} {...register(name)} />
    </AdminField>
  );
  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="me-password-title" className="max-w-md space-y-4">
      {field('current', t('current'), { type: 'password', autoComplete: 'current-password' })}
      {field('password', t('newPassword'), { type: 'password', autoComplete: 'new-password' })}
      {field('confirm', t('confirm'), { type: 'password', autoComplete: 'new-password' })}
      {field('code', t('code'), { inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 7 })}
      <button type="submit" className={adminButtonClass} disabled={formState.isSubmitting}>
        {t('passwordSubmit')}
      </button>
      <p role="status" aria-live="polite" className="text-sm text-emerald-800">
        {done}
      </p>
      <FormError message={error} />
    </form>
  );
}
