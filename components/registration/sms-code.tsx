'use client';

import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { Field, inputClass } from '@/components/forms/field';
import { codeStep } from '@/lib/validations/registration';
import { phoneInText, sendSmsCode, serverError, type SmsPurpose } from './api';
import { useCaptchaGuard } from './providers';
import { describedBy, FormMessage, linkButton, secondaryButton, StepHeading, StepNav, useFieldMessage, useServerErrors, type Message } from './step-ui';
import { useNow, type SmsState } from './use-wizard';

const FIELDS = ['code'] as const;

export interface SmsCodeStepProps {
  title: string;
  current: number;
  total: number;
  focus: boolean;
  purpose: SmsPurpose;
  sms: SmsState;
  defaultCode: string;
  serverErrors?: Record<string, string>;
  /** Replaces "We have texted a code to {phone}" (the reset flow must not say an account exists). */
  sentText?: string;
  /** A call of the wizard is running (the code is the last step). */
  busy?: boolean;
  submitLabel?: string;
  busyLabel?: string;
  /** A message of the wizard's own call. */
  message?: Message;
  persist: (values: { code?: string }) => void;
  onResent: (sms: SmsState) => void;
  onChangeNumber: (code: string) => void;
  onSubmit: (code: string) => void;
}

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/** The six-digit code: countdown to "send again", the code's 5-minute life, "change number". */
export function SmsCodeStep(props: SmsCodeStepProps) {
  const { title, current, total, focus, purpose, sms, defaultCode, serverErrors, sentText, busy = false, persist, onResent, onChangeNumber, onSubmit } = props;
  const t = useTranslations('SmsCode');
  const tr = useTranslations('Registration');
  const id = useId();
  const fieldMessage = useFieldMessage();
  const guard = useCaptchaGuard();
  const now = useNow();
  const [resent, setResent] = useState(false);
  const [message, setMessage] = useState<Message>(null);
  const { register, handleSubmit, setError, setValue, clearErrors, getValues, subscribe, formState } = useForm({
    resolver: zodResolver(codeStep),
    defaultValues: { phone: sms.phone, code: defaultCode },
  });
  useServerErrors(setError, serverErrors, FIELDS);
  useEffect(() => subscribe({ formState: { values: true }, callback: ({ values }) => persist({ code: values.code }) }), [subscribe, persist]);

  const resend = useMutation({
    mutationFn: () => guard('sms', (proof) => sendSmsCode(sms.phone, purpose, proof)),
    onSuccess: (next) => {
      setValue('code', '');
      clearErrors('code');
      setResent(true);
      onResent(next);
    },
    onError: (error) => {
      const e = serverError(error);
      // Too soon or over a limit: say so and count down to when the server allows it.
      if (e.retryAfter) onResent({ ...sms, resendAt: Date.now() + e.retryAfter * 1000 });
      setMessage({ kind: 'error', content: e.fields.phone ?? e.message ?? tr('errorGeneric') });
    },
  });

  const resendIn = Math.max(0, Math.ceil((sms.resendAt - now) / 1000));
  const expired = now >= sms.expiresAt;
  const pending = busy || resend.isPending;
  const error = fieldMessage(formState.errors.code);
  const fieldId = `${id}-code`;
  const phone = phoneInText(sms.phone);
  const shown = message ?? props.message ?? null;

  return (
    <form
      noValidate
      onSubmit={handleSubmit(({ code }) => {
        setMessage(null);
        onSubmit(code);
      })}
    >
      <StepHeading current={current} total={total} title={title} focus={focus} />
      <div className="mb-6 flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <p className="text-base text-ink">{sentText ?? t('sentTo', { phone })}</p>
        <button type="button" className={linkButton} disabled={pending} onClick={() => onChangeNumber(getValues('code'))}>
          {t('changeNumber')}
        </button>
      </div>

      {!expired && (
        <Field id={fieldId} label={t('label')} error={error} hint={t('hint')}>
          <input
            id={fieldId}
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]{6}"
            maxLength={6}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(fieldId, error, true)}
            className={`${inputClass} max-w-56 font-medium tracking-[0.35em]`}
            {...register('code', {
              onChange: (e: { target: HTMLInputElement }) => {
                const digits = e.target.value.replace(/\D/g, '').slice(0, 6);
                if (digits !== e.target.value) setValue('code', digits);
              },
            })}
          />
        </Field>
      )}

      <div role="status" className="mt-4 text-sm">
        {expired ? (
          <p className="rounded-xl bg-[#fff4d6] px-4 py-3 text-base text-ink">{t('timeOver')}</p>
        ) : resendIn === 0 ? (
          <span className="sr-only">{t('resendAvailable')}</span>
        ) : (
          resent && <p className="text-[#0b7a63]">{t('resent')}</p>
        )}
      </div>

      <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2">
        <button type="button" className={secondaryButton} disabled={pending || resendIn > 0} aria-busy={resend.isPending || undefined} onClick={() => resend.mutate()}>
          {resend.isPending ? t('resending') : t('resend')}
        </button>
        {resendIn > 0 && <p className="text-sm text-muted">{t('resendIn', { time: clock(resendIn) })}</p>}
      </div>

      <FormMessage message={shown} />
      <StepNav
        onBack={() => onChangeNumber(getValues('code'))}
        busy={busy}
        disabled={resend.isPending}
        submit={!expired}
        label={props.submitLabel}
        busyLabel={props.busyLabel ?? t('checking')}
      />
    </form>
  );
}
