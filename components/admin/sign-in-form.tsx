'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useLocale } from '@/i18n/navigation';
import { staffSignInSchema } from '@/lib/validations/staff';
import { fetchJson, ApiCallError } from '@/lib/browser/api/fetch-json';
import { AdminField, CodeInput } from './ui/field';
import { describedBy, FormError } from '@/components/ui/field';
import { adminButtonClass, adminInputClass } from './ui/form';

type Values = z.input<typeof staffSignInSchema>;

/** E-mail, password and the authenticator's code in one form; a full page load follows (fresh server render). */
export function StaffSignInForm({ target }: { target: string }) {
  const t = useTranslations('Admin.signIn');
  const locale = useLocale();
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState, setValue } = useForm<Values>({ resolver: zodResolver(staffSignInSchema), mode: 'onTouched' });
  const errors = formState.errors;
  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    try {
      await fetchJson('/api/admin/auth/login', { body: values, locale });
      window.location.assign(target);
    } catch (err) {
      setValue('code', '');
      setError(err instanceof ApiCallError && err.status === 401 ? t('invalid') : err instanceof Error ? err.message : String(err));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <AdminField id="staff-email" label={t('email')} error={errors.email?.message}>
        <input id="staff-email" type="email" autoComplete="username" className={adminInputClass} {...describedBy('staff-email', errors.email?.message)} {...register('email')} />
      </AdminField>
      <AdminField id="staff-password" label={t('password')} error={errors.password?.message}>
        <input id="staff-password" type="password" autoComplete="current-password" className={adminInputClass} {...describedBy('staff-password', errors.password?.message)} {...register('password')} />
      </AdminField>
      <AdminField id="staff-code" label={t('code')} error={errors.code?.message} hint={t('codeHint')}>
        <CodeInput id="staff-code" numeric={false} hint error={errors.code?.message} {...register('code')} />
      </AdminField>
      <FormError message={error} />
      <button type="submit" className={`${adminButtonClass} w-full`} disabled={formState.isSubmitting}>
        {formState.isSubmitting ? '…' : t('submit')}
      </button>
    </form>
  );
}
