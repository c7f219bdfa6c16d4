'use client';

import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query';
import { NextIntlClientProvider, useTranslations } from 'next-intl';
import { useIslandMessages, useLocale } from '@/i18n/navigation';
import { api, apiErrorBody } from '@/lib/api/client';
import { leadFormSchema, type LeadFormValues } from '@/lib/validations/lead';
import { CaptchaScope, useCaptcha } from './captcha';
import { Field, inputClass } from './field';
import { PhoneInput } from './phone-input';

export type LeadKind = 'feedback' | 'callback' | 'trial' | 'quiz';

export interface LeadFormProps {
  kind: LeadKind;
  page: string;
  submitLabel?: string;
  answers?: Record<string, string | string[]>;
  onDone?: () => void;
}

const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });

function Form({ kind, page, submitLabel, answers, onDone }: LeadFormProps) {
  const t = useTranslations('LeadForm');
  const tv = useTranslations('Validation');
  const id = useId();
  const { arm, execute } = useCaptcha();
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<LeadFormValues>({ resolver: zodResolver(leadFormSchema), mode: 'onTouched' });

  const mutation = useMutation({
    mutationFn: async (values: LeadFormValues) => {
      const captchaToken = await execute('lead');
      const res = await api.post<{ id: number }>('/api/leads', { ...values, kind, page, answers, captchaToken });
      return res.data;
    },
    onSuccess: () => {
      reset();
      setStatus({ ok: true, text: kind === 'callback' ? t('callbackSuccess') : t('success') });
      onDone?.();
    },
    onError: (error) => {
      const body = apiErrorBody(error);
      for (const [field, message] of Object.entries(body?.fields ?? {})) {
        if (field === 'name' || field === 'phone') setError(field, { type: 'server', message });
      }
      setStatus({ ok: false, text: body?.message ?? t('errorGeneric') });
    },
  });

  const message = (field: 'name' | 'phone') => {
    const e = errors[field];
    if (!e?.message) return undefined;
    return e.type === 'server' ? e.message : tv.has(e.message as never) ? tv(e.message as never) : e.message;
  };
  const nameError = message('name');
  const phoneError = message('phone');

  return (
    <form
      noValidate
      onFocus={arm}
      onSubmit={handleSubmit((values) => {
        setStatus(null);
        mutation.mutate(values);
      })}
      className="grid gap-4"
      data-lead-kind={kind}
    >
      <Field id={`${id}-name`} label={t('name')} error={nameError}>
        <input
          id={`${id}-name`}
          autoComplete="name"
          placeholder={t('namePlaceholder')}
          aria-invalid={nameError ? true : undefined}
          aria-describedby={nameError ? `${id}-name-error` : undefined}
          className={inputClass}
          {...register('name')}
        />
      </Field>
      <Field id={`${id}-phone`} label={t('phone')} error={phoneError} hint={t('phoneHint')}>
        <PhoneInput
          id={`${id}-phone`}
          aria-invalid={phoneError ? true : undefined}
          aria-describedby={phoneError ? `${id}-phone-error` : `${id}-phone-hint`}
          className={inputClass}
          {...register('phone')}
        />
      </Field>
      <button
        type="submit"
        disabled={mutation.isPending}
        aria-busy={mutation.isPending}
        className="rounded-xl bg-brand-dark px-6 py-3.5 text-base font-medium text-white transition-colors duration-150 hover:bg-[#005a9c] disabled:opacity-70"
      >
        {mutation.isPending ? t('sending') : (submitLabel ?? t('submit'))}
      </button>
      <p className="text-xs text-muted">{t('consent')}</p>
      <div role="status" aria-live="polite" className="min-h-6 text-sm">
        {status && <p className={status.ok ? 'font-medium text-[#0b7a63]' : 'text-danger'}>{status.text}</p>}
      </div>
    </form>
  );
}

export default function LeadForm(props: LeadFormProps) {
  const locale = useLocale();
  const messages = useIslandMessages();
  const form = (
    <QueryClientProvider client={queryClient}>
      <CaptchaScope>
        <Form {...props} />
      </CaptchaScope>
    </QueryClientProvider>
  );
  // The message formatter comes with this (lazily loaded) island only, not with every page: the
  // document hands down the form's messages; pages that have their own provider need none.
  if (!messages) return form;
  return (
    <NextIntlClientProvider locale={locale} messages={messages} timeZone="Asia/Almaty">
      {form}
    </NextIntlClientProvider>
  );
}
