'use client';

import { useEffect, useId, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { ConsentNotice } from '@/components/forms/consent-notice';
import { Field, inputClass } from '@/components/forms/field';
import { PhoneInput } from '@/components/forms/phone-input';
import { useLocale } from '@/i18n/navigation';
import { checkKzMobile, formatKzPhone } from '@/lib/phone';
import { phoneStep } from '@/lib/validations/registration';
import { sendSmsCode, serverError, type SmsPurpose } from './api';
import { useCaptchaGuard } from './providers';
import { describedBy, FormMessage, StepHeading, StepNav, useFieldMessage, useServerErrors, type Message } from './step-ui';
import { smsAlive, type SmsState } from './use-wizard';

const FIELDS = ['phone'] as const;

/** A number already understood is shown as +7 7XX XXX XX XX; anything else as typed. */
function tidy(phone: string): string {
  const checked = checkKzMobile(phone);
  return checked.ok ? formatKzPhone(checked.e164) : phone;
}

export interface PhoneStepProps {
  title: string;
  current: number;
  total: number;
  focus: boolean;
  purpose: SmsPurpose;
  defaultPhone: string;
  /** The code already sent, if any: going on with the same number does not send another. */
  sms: SmsState | null;
  serverErrors?: Record<string, string>;
  persist: (values: { phone?: string }) => void;
  onBack?: (values: { phone: string }) => void;
  onSent: (phone: string, sms: SmsState) => void;
  children?: ReactNode;
}

/** Phone number → POST /api/sms/send → the code step. */
export function PhoneStep({ title, current, total, focus, purpose, defaultPhone, sms, serverErrors, persist, onBack, onSent, children }: PhoneStepProps) {
  const t = useTranslations('Registration');
  const locale = useLocale();
  const id = useId();
  const fieldMessage = useFieldMessage();
  const guard = useCaptchaGuard();
  const [message, setMessage] = useState<Message>(null);
  const { register, handleSubmit, setError, getValues, subscribe, formState } = useForm({
    resolver: zodResolver(phoneStep),
    defaultValues: { phone: tidy(defaultPhone) },
    mode: 'onTouched',
  });
  useServerErrors(setError, serverErrors, FIELDS);
  useEffect(() => subscribe({ formState: { values: true }, callback: ({ values }) => persist({ phone: values.phone }) }), [subscribe, persist]);

  const send = useMutation({
    mutationFn: (phone: string) => guard('sms', (proof) => sendSmsCode(phone, purpose, proof)),
    onSuccess: (next, phone) => onSent(phone, next),
    onError: (error) => {
      const e = serverError(error);
      if (e.fields.phone) setError('phone', { type: 'server', message: e.fields.phone }, { shouldFocus: true });
      else setMessage({ kind: 'error', content: e.message ?? t('errorGeneric') });
    },
  });

  const error = fieldMessage(formState.errors.phone);
  const fieldId = `${id}-phone`;
  return (
    <form
      noValidate
      onSubmit={handleSubmit(({ phone }) => {
        setMessage(null);
        // The code sent to this number is still alive: no second SMS.
        if (sms && sms.phone === phone && smsAlive(sms)) onSent(phone, sms);
        else send.mutate(phone);
      })}
    >
      <StepHeading current={current} total={total} title={title} focus={focus} />
      {children}
      <Field id={fieldId} label={t('phone.label')} error={error} hint={t('phone.hint')}>
        <PhoneInput
          id={fieldId}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(fieldId, error, true)}
          className={inputClass}
          {...register('phone')}
        />
      </Field>
      <FormMessage message={message} />
      {/* Personal data leaves the browser from here on (a reset only names an existing account). */}
      {purpose !== 'reset' && (
        <ConsentNotice
          text={purpose === 'lesson' ? t('phone.consentLesson') : t('phone.consent')}
          policy={t('phone.privacyPolicy')}
          locale={locale}
          className="mt-4 text-sm text-muted"
        />
      )}
      <StepNav
        onBack={onBack && (() => onBack({ phone: getValues('phone') }))}
        busy={send.isPending}
        label={t('phone.send')}
        busyLabel={t('phone.sending')}
      />
    </form>
  );
}
