'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useLocale } from '@/i18n/navigation';
import { companySetPasswordSchema } from '@/lib/validations/company-portal';
import { fetchJson, showCallError } from '@/lib/browser/api/fetch-json';
import { CompanySignInForm } from './sign-in-form';
import { describedBy, Field, FormError, FormNotice } from '@/components/ui/field';
import { buttonClass, inputClass } from './ui';

type Values = z.input<typeof companySetPasswordSchema>;
interface Saved {
  email: string;
  via?: 'sms' | 'totp';
  phone?: string;
  resendAfter?: number;
}
interface Opened {
  name: string;
  email: string;
  company: string;
}

/** The single-use link's page: the token is read from the fragment and leaves the address bar at once. */
export function SetPasswordForm() {
  const t = useTranslations('Company.setPassword');
  const locale = useLocale();
  const [state, setState] = useState<{ kind: 'loading' } | { kind: 'invalid' } | { kind: 'ready'; data: Opened } | { kind: 'saved'; saved: Saved; password: string }>({
    kind: 'loading',
  });
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState, setValue, setError: setFieldError } = useForm<Values>({ resolver: zodResolver(companySetPasswordSchema), mode: 'onTouched' });
  const errors = formState.errors;

  useEffect(() => {
    const token = window.location.hash.slice(1);
    if (token) window.history.replaceState(null, '', window.location.pathname);
    setValue('token', token);
    const opened = token ? fetchJson<Opened>('/api/company/password/open', { body: { token }, locale }) : Promise.reject(new Error('no token'));
    opened.then((data) => setState({ kind: 'ready', data })).catch(() => setState({ kind: 'invalid' }));
  }, [locale, setValue]);

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    try {
      const saved = await fetchJson<Saved>('/api/company/password/set', { body: values, locale });
      // The second factor follows on this page: the code sent to the phone on record (or the app's).
      setState({ kind: 'saved', saved, password: values.password });
    } catch (err) {
      showCallError<keyof Values>(err, { field: setFieldError, error: setError, onStatus: { 410: () => setState({ kind: 'invalid' }) } });
    }
  });

  if (state.kind === 'loading') return <p aria-live="polite" className="text-muted">…</p>;
  if (state.kind === 'invalid') return <p role="alert" className="text-danger">{t('invalid')}</p>;
  if (state.kind === 'saved') {
    const { saved, password } = state;
    return (
      <div className="space-y-4">
        <FormNotice>{t('saved')}</FormNotice>
        <CompanySignInForm
          target={locale === 'ru' ? '/company' : `/${locale}/company`}
          initial={{ email: saved.email, password, step: saved.via ? { via: saved.via, phone: saved.phone, resendAfter: saved.resendAfter } : undefined }}
        />
      </div>
    );
  }
  return (
    <form onSubmit={onSubmit} method="post" noValidate className="space-y-4">
      <p className="text-sm text-muted">{t('intro', { name: state.data.name, company: state.data.company })}</p>
      <input type="email" autoComplete="username" value={state.data.email} readOnly hidden />
      <Field id="hr-new-password" label={t('password')} error={errors.password?.message} hint={t('hint')}>
        <input id="hr-new-password" type="password" autoComplete="new-password" className={inputClass} {...describedBy('hr-new-password', errors.password?.message, true)} {...register('password')} />
      </Field>
      <Field id="hr-confirm" label={t('confirm')} error={errors.confirm?.message}>
        <input id="hr-confirm" type="password" autoComplete="new-password" className={inputClass} {...describedBy('hr-confirm', errors.confirm?.message)} {...register('confirm')} />
      </Field>
      <FormError message={error} />
      <button type="submit" className={`${buttonClass} w-full`} disabled={formState.isSubmitting}>
        {formState.isSubmitting ? '…' : t('submit')}
      </button>
    </form>
  );
}
