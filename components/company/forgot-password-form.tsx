'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Link, useLocale } from '@/i18n/navigation';
import { companyForgotSchema } from '@/lib/validations/company-portal';
import { fetchJson, ApiCallError } from '@/lib/browser/api/fetch-json';
import { describedBy, Field, FormError, FormNotice } from '@/components/ui/field';
import { buttonClass, inputClass } from './ui';

type Values = z.input<typeof companyForgotSchema>;

/** The e-mail, then the same answer for any address: a link is on its way if the address is an HR person's. */
export function ForgotPasswordForm() {
  const t = useTranslations('Company.forgot');
  const locale = useLocale();
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError: setFieldError } = useForm<Values>({ resolver: zodResolver(companyForgotSchema), mode: 'onTouched' });
  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    try {
      await fetchJson('/api/company/password/forgot', { body: values, locale });
      setSent(true);
    } catch (err) {
      if (err instanceof ApiCallError && err.fields?.email) setFieldError('email', { message: err.fields.email });
      else setError(err instanceof Error ? err.message : String(err));
    }
  });
  if (sent) {
    return (
      <div className="space-y-4">
        <FormNotice>{t('sent')}</FormNotice>
        <Link href="/company/sign-in" className="text-sm font-medium text-brand-dark hover:underline">
          {t('back')}
        </Link>
      </div>
    );
  }
  return (
    <form onSubmit={onSubmit} method="post" noValidate className="space-y-4">
      <Field id="hr-forgot-email" label={t('email')} error={formState.errors.email?.message}>
        <input id="hr-forgot-email" type="email" autoComplete="username" className={inputClass} {...describedBy('hr-forgot-email', formState.errors.email?.message)} {...register('email')} />
      </Field>
      <FormError message={error} />
      <button type="submit" className={`${buttonClass} w-full`} disabled={formState.isSubmitting}>
        {formState.isSubmitting ? '…' : t('submit')}
      </button>
      <p className="text-sm">
        <Link href="/company/sign-in" className="font-medium text-brand-dark hover:underline">
          {t('back')}
        </Link>
      </p>
    </form>
  );
}
