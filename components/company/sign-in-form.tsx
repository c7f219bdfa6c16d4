'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useLocale } from '@/i18n/navigation';
import { companySignInSchema } from '@/lib/validations/company-portal';
import { fetchJson, ApiCallError } from '@/lib/browser/api/fetch-json';
import { describedBy, Field, FormError } from '@/components/ui/field';
import { buttonClass, inputClass, linkButtonClass } from './ui';
import { useHydrated } from './use-hydrated';

type Values = z.input<typeof companySignInSchema>;
type Step = { via: 'sms' | 'totp'; phone?: string; resendAfter?: number };

/**
 * Two steps: e-mail and password, then the code (sent by SMS, or the authenticator app's). The
 * second step keeps the first's values; a full page load follows the sign-in (fresh server render).
 */
export function CompanySignInForm({ target, initial }: { target: string; initial?: { email: string; password: string; step?: Step } }) {
  const t = useTranslations('Company.signIn');
  const locale = useLocale();
  const [step, setStep] = useState<Step | null>(initial?.step ?? null);
  const [error, setError] = useState<string | null>(null);
  const [wait, setWait] = useState(initial?.step?.resendAfter ?? 0);
  const codeRef = useRef<HTMLInputElement | null>(null);
  const hydrated = useHydrated();
  const { register, handleSubmit, formState, setValue, getValues, setError: setFieldError } = useForm<Values>({
    resolver: zodResolver(companySignInSchema),
    mode: 'onTouched',
    defaultValues: initial ? { email: initial.email, password: initial.password } : undefined,
  });
  const errors = formState.errors;

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);
  useEffect(() => {
    if (step) codeRef.current?.focus();
  }, [step]);

  async function ask(values: Values) {
    const out = await fetchJson<Step & { step: 'code' }>('/api/company/auth/login', { body: { email: values.email, password: values.password, method: values.method }, locale });
    setStep({ via: out.via, phone: out.phone });
    setWait(out.resendAfter ?? 0);
  }

  function fail(err: unknown) {
    if (err instanceof ApiCallError && err.fields) {
      for (const [field, message] of Object.entries(err.fields)) setFieldError(field as keyof Values, { message });
      if (err.fields.code) setValue('code', '');
      return;
    }
    setError(err instanceof ApiCallError && err.status === 401 ? t('invalid') : err instanceof Error ? err.message : String(err));
  }

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    try {
      if (!step) return await ask(values);
      await fetchJson('/api/company/auth/login', { body: values, locale });
      window.location.assign(target);
    } catch (err) {
      fail(err);
    }
  });

  async function resend(method?: 'sms') {
    setError(null);
    if (method) setValue('method', method);
    try {
      await ask(getValues());
    } catch (err) {
      fail(err);
    }
  }

  const codeField = register('code');
  return (
    <form onSubmit={onSubmit} method="post" noValidate className="space-y-4">
      <Field id="hr-email" label={t('email')} error={errors.email?.message}>
        <input id="hr-email" type="email" autoComplete="username" readOnly={!!step} className={inputClass} {...describedBy('hr-email', errors.email?.message)} {...register('email')} />
      </Field>
      <Field id="hr-password" label={t('password')} error={errors.password?.message}>
        <input id="hr-password" type="password" autoComplete="current-password" readOnly={!!step} className={inputClass} {...describedBy('hr-password', errors.password?.message)} {...register('password')} />
      </Field>
      {step && (
        <Field id="hr-code" label={t('code')} error={errors.code?.message} hint={step.via === 'sms' ? t('codeSms', { phone: step.phone ?? '' }) : t('codeTotp')}>
          <input
            id="hr-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            className={`${inputClass} font-mono tracking-widest`}
            {...describedBy('hr-code', errors.code?.message, true)}
            {...codeField}
            ref={(el) => {
              codeField.ref(el);
              codeRef.current = el;
            }}
          />
        </Field>
      )}
      {step?.via === 'sms' && (
        <p className="text-sm text-muted" aria-live="polite">
          {wait > 0 ? (
            t('resendIn', { seconds: wait })
          ) : (
            <button type="button" className={linkButtonClass} onClick={() => void resend()}>
              {t('resend')}
            </button>
          )}
        </p>
      )}
      {step?.via === 'totp' && (
        <p className="text-sm">
          <button type="button" className={linkButtonClass} onClick={() => void resend('sms')}>
            {t('useSms')}
          </button>
        </p>
      )}
      <FormError message={error} />
      <button type="submit" className={`${buttonClass} w-full`} disabled={!hydrated || formState.isSubmitting}>
        {formState.isSubmitting ? '…' : step ? t('submit') : t('next')}
      </button>
    </form>
  );
}
