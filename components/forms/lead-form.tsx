'use client';

import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query';
import { NextIntlClientProvider, useTranslations } from 'next-intl';
import { useIslandMessages, useLocale } from '@/i18n/navigation';
import { api } from '@/lib/browser/api/client';
import { apiErrorBody } from '@/lib/browser/api/error-body';
import { CONSENT_VERSION } from '@/lib/consent';
import { choosePlan, usePlanChoice } from '@/components/tariffs/plan-choice';
import { leadFormSchema, type LeadFormValues } from '@/lib/validations/lead';
import { primaryLargeClass } from '@/components/ui/button-classes-form';
import { fieldMessage } from '@/components/auth/messages';
import { CaptchaScope, useCaptcha } from './captcha';
import { ConsentNotice } from './consent-notice';
import { Field, inputClass } from './field';
import { PhoneInput } from './phone-input';
import { SCHOOL_ZONE_NAME } from '@/lib/time/school-clock';

export type LeadKind = 'feedback' | 'callback' | 'trial' | 'quiz';

export interface LeadFormProps {
  kind: LeadKind;
  page: string;
  submitLabel?: string;
  answers?: Record<string, string | string[]>;
  /** Plan id → name: the form carries the plan chosen with "Choose" on this page (tariff page). */
  plans?: Record<string, string>;
  onDone?: () => void;
}

const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });

function Form({ kind, page, submitLabel, answers, plans, onDone }: LeadFormProps) {
  const t = useTranslations('LeadForm');
  const locale = useLocale();
  const picked = usePlanChoice();
  const choice = plans && picked && plans[picked.plan] ? picked : null;
  const tv = useTranslations('Validation');
  const id = useId();
  const { arm, guard } = useCaptcha();
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const statusRef = useRef<HTMLDivElement | null>(null);
  // The answer is brought into view: on a phone the emptied form would otherwise hide it below the
  // fold, and it looks as if nothing happened (journey B).
  useEffect(() => {
    if (!status) return;
    const el = statusRef.current;
    if (el && typeof el.scrollIntoView === 'function') el.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [status]);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<LeadFormValues>({ resolver: zodResolver(leadFormSchema), mode: 'onTouched' });

  const mutation = useMutation({
    mutationFn: async (values: LeadFormValues) => {
      const chosen = choice ? { plan: choice.plan, promoCode: choice.promoCode } : {};
      return guard('lead', async (proof) => (await api.post<{ id: number }>('/api/leads', { ...values, kind, page, answers, ...chosen, consent: CONSENT_VERSION, ...proof })).data);
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
      setStatus({ ok: false, text: body?.fields?.consent ?? body?.message ?? t('errorGeneric') });
    },
  });

  const nameError = fieldMessage(errors.name, tv);
  const phoneError = fieldMessage(errors.phone, tv);

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
      {choice && (
        <p className="flex flex-wrap items-center gap-x-2 rounded-xl bg-brand-tint/60 px-4 py-2.5 text-sm" data-testid="lead-plan">
          <span className="font-medium">
            {t('chosenPlan', { plan: plans?.[choice.plan] ?? choice.plan })}
            {choice.promoCode && `, ${t('chosenPromo', { code: choice.promoCode })}`}
          </span>
          <button type="button" onClick={() => choosePlan(null)} className="text-brand-dark underline">
            {t('clearChoice')}
          </button>
        </p>
      )}
      <button type="submit" disabled={mutation.isPending} aria-busy={mutation.isPending} className={`${primaryLargeClass} disabled:opacity-70`}>
        {mutation.isPending ? t('sending') : (submitLabel ?? t('submit'))}
      </button>
      <ConsentNotice text={t('consent')} policy={t('privacyPolicy')} locale={locale} />
      <div ref={statusRef} role="status" aria-live="polite" className="min-h-6 scroll-mb-6 text-sm">
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
    <NextIntlClientProvider locale={locale} messages={messages} timeZone={SCHOOL_ZONE_NAME}>
      {form}
    </NextIntlClientProvider>
  );
}
