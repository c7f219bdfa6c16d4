'use client';

import { useId, useState, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { Field, inputClass } from '@/components/forms/field';
import { passwordStep } from '@/lib/validations/account';
import { describedBy, FormMessage, StepHeading, StepNav, useFieldMessage, useServerErrors, type Message } from './step-ui';

const FIELDS = ['password', 'confirm'] as const;

// The specification's rules, each checked on its own for the live list (the schema reports the first unmet).
const RULES = [
  { key: 'password_latin', met: (v: string) => v.length > 0 && /^[\x21-\x7e]+$/.test(v) },
  { key: 'password_capital', met: (v: string) => /[A-Z]/.test(v) },
  { key: 'password_digit', met: (v: string) => /\d/.test(v) },
  { key: 'password_min', met: (v: string) => v.length >= 8 },
] as const;

export interface PasswordValues {
  password: string;
  confirm: string;
}

export interface PasswordStepProps {
  title: string;
  current: number;
  total: number;
  focus: boolean;
  defaults: PasswordValues;
  serverErrors?: Record<string, string>;
  newPassword?: boolean;
  busy?: boolean;
  submitLabel?: string;
  message?: Message;
  onBack: (values: PasswordValues) => void;
  onSubmit: (values: PasswordValues) => void;
  children?: ReactNode;
}

function Eye({ open }: { open: boolean }) {
  return (
    <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round">
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
      {!open && <path d="M4 4l16 16" />}
    </svg>
  );
}

/** Password and confirmation with the rules as a live checklist; paste allowed, show/hide toggle. */
export function PasswordStep({ title, current, total, focus, defaults, serverErrors, newPassword, busy = false, submitLabel, message, onBack, onSubmit, children }: PasswordStepProps) {
  const t = useTranslations('Registration.password');
  const tv = useTranslations('Validation');
  const id = useId();
  const fieldMessage = useFieldMessage();
  const [visible, setVisible] = useState(false);
  const { register, handleSubmit, setError, getValues, control, formState } = useForm({
    resolver: zodResolver(passwordStep),
    defaultValues: defaults,
    mode: 'onTouched',
  });
  useServerErrors(setError, serverErrors, FIELDS);
  const password = useWatch({ control, name: 'password' }) ?? '';

  const pwId = `${id}-password`;
  const confirmId = `${id}-confirm`;
  const rulesId = `${id}-rules`;
  const pwError = fieldMessage(formState.errors.password);
  const confirmError = fieldMessage(formState.errors.confirm);
  // Both boxes: shown or hidden together, a new password (password managers offer one), no spelling help.
  const passwordInput = { type: visible ? 'text' : 'password', autoComplete: 'new-password', spellCheck: false, autoCapitalize: 'none', maxLength: 128 } as const;

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)}>
      <StepHeading current={current} total={total} title={title} focus={focus} />
      {children}
      <div className="grid gap-5">
        <div>
          <Field id={pwId} label={newPassword ? t('newLabel') : t('label')} error={pwError}>
            <div className="relative">
              <input
                id={pwId}
                {...passwordInput}
                aria-invalid={pwError ? true : undefined}
                aria-describedby={describedBy(pwId, pwError, false, rulesId)}
                className={`${inputClass} pr-14`}
                {...register('password')}
              />
              <button
                type="button"
                aria-pressed={visible}
                aria-controls={`${pwId} ${confirmId}`}
                aria-label={t('show')}
                onClick={() => setVisible((v) => !v)}
                className="absolute inset-y-1 right-1 flex w-12 items-center justify-center rounded-lg text-muted hover:bg-brand-tint hover:text-brand-dark"
              >
                <Eye open={!visible} />
              </button>
            </div>
          </Field>
          <div className="mt-3 rounded-xl bg-brand-tint/60 px-4 py-3">
            <p className="text-sm font-medium text-ink" id={`${rulesId}-title`}>
              {t('rules')}
            </p>
            <ul id={rulesId} aria-labelledby={`${rulesId}-title`} data-testid="password-rules" className="mt-2 grid gap-1.5 text-sm">
              {RULES.map((rule) => {
                const met = rule.met(password);
                return (
                  <li key={rule.key} data-met={met} className={`flex items-center gap-2 ${met ? 'text-[#0b7a63]' : 'text-muted'}`}>
                    <svg aria-hidden="true" width="16" height="16" viewBox="0 0 16 16" className="shrink-0">
                      {met ? (
                        <path d="M3 8.5l3 3 7-7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                      ) : (
                        <circle cx="8" cy="8" r="5.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
                      )}
                    </svg>
                    <span>
                      {tv(rule.key)}
                      <span className="sr-only"> — {met ? t('met') : t('unmet')}</span>
                    </span>
                  </li>
                );
              })}
            </ul>
          </div>
        </div>
        <Field id={confirmId} label={t('confirm')} error={confirmError}>
          <input
            id={confirmId}
            {...passwordInput}
            aria-invalid={confirmError ? true : undefined}
            aria-describedby={describedBy(confirmId, confirmError, false)}
            className={inputClass}
            {...register('confirm')}
          />
        </Field>
      </div>
      <FormMessage message={message ?? null} />
      <StepNav onBack={() => onBack(getValues())} busy={busy} label={submitLabel} />
    </form>
  );
}
