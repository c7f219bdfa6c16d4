'use client';

import { useEffect, useRef, type ComponentProps, type ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import type { FieldError, FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { Field, inputClass } from '@/components/forms/field';
import { touchPrimaryClass, touchQuietClass } from '@/components/ui/button-classes-form';
import { Link } from '@/i18n/navigation';

/** The wizards' buttons (Next, Back, resend). */
export const primaryButton = `${touchPrimaryClass} disabled:cursor-not-allowed disabled:opacity-70`;
export const secondaryButton = `${touchQuietClass} disabled:cursor-not-allowed disabled:opacity-70`;
export const linkButton =
  'rounded text-sm font-medium text-brand-dark underline underline-offset-2 hover:no-underline disabled:cursor-not-allowed disabled:text-muted disabled:no-underline';

/** Step indicator and heading; the heading takes focus when the visitor arrives on the step. */
export function StepHeading({ current, total, title, focus }: { current?: number; total?: number; title: string; focus: boolean }) {
  const t = useTranslations('Registration');
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return (
    <div className="mb-6">
      {current !== undefined && total !== undefined && (
        <div aria-hidden="true" className="mb-4 flex gap-1.5">
          {Array.from({ length: total }, (_, i) => (
            <span key={i} className={`h-1.5 flex-1 rounded-full ${i < current ? 'bg-brand-dark' : 'bg-line'}`} />
          ))}
        </div>
      )}
      <h2 ref={ref} tabIndex={-1} className="text-xl font-semibold text-ink outline-none focus-visible:outline-2 md:text-2xl">
        {current !== undefined && total !== undefined && (
          <span className="mb-1 block text-sm font-medium text-muted">{t('stepOf', { current, total })}</span>
        )}
        {title}
      </h2>
    </div>
  );
}

/** Back and Next; both disabled while a call runs, Next shows the busy label. */
export function StepNav({
  onBack,
  busy = false,
  label,
  busyLabel,
  submit = true,
  disabled = false,
}: {
  onBack?: () => void;
  busy?: boolean;
  /** Disabled without the busy label (another call of the step runs). */
  disabled?: boolean;
  label?: string;
  busyLabel?: string;
  submit?: boolean;
}) {
  const t = useTranslations('Registration');
  return (
    <div className="mt-8 flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
      {onBack ? (
        <button type="button" onClick={onBack} disabled={busy || disabled} className={secondaryButton}>
          {t('back')}
        </button>
      ) : (
        <span className="hidden sm:block" />
      )}
      {submit && (
        <button type="submit" disabled={busy || disabled} aria-busy={busy || undefined} className={primaryButton}>
          {busy ? (busyLabel ?? t('busy')) : (label ?? t('next'))}
        </button>
      )}
    </div>
  );
}

export type Message = { kind: 'error' | 'info'; content: ReactNode } | null;

/** Form-level messages: two live regions that are always there, so additions are announced. */
export function FormMessage({ message }: { message: Message }) {
  const box = 'mt-4 rounded-xl px-4 py-3 text-sm';
  return (
    <>
      <div role="status">{message?.kind === 'info' && <div className={`${box} bg-brand-tint text-ink`}>{message.content}</div>}</div>
      <div role="alert">{message?.kind === 'error' && <div className={`${box} bg-[#fdecec] text-danger`}>{message.content}</div>}</div>
    </>
  );
}

/** A registration refused because the account exists: the wizard's text and a link to sign in. */
export function accountExists(text: string, signIn: string, href: string): Message {
  return {
    kind: 'error',
    content: (
      <>
        {text}{' '}
        <Link href={href} className="font-medium underline underline-offset-2">
          {signIn}
        </Link>
      </>
    ),
  };
}

/** A field's message: zod keys are "Validation" keys, server messages are already translated. */
export function useFieldMessage() {
  const tv = useTranslations('Validation');
  return (error: FieldError | undefined): string | undefined => {
    if (!error?.message) return undefined;
    if (error.type === 'server') return error.message;
    return tv.has(error.message as never) ? tv(error.message as never) : error.message;
  };
}

/** Puts the wizard's server messages on this form's fields. */
export function useServerErrors<T extends FieldValues>(setError: UseFormSetError<T>, errors: Record<string, string> | undefined, fields: readonly string[]) {
  useEffect(() => {
    if (!errors) return;
    let first = true;
    for (const [field, message] of Object.entries(errors)) {
      if (!fields.includes(field)) continue;
      setError(field as Path<T>, { type: 'server', message }, { shouldFocus: first });
      first = false;
    }
  }, [errors, fields, setError]);
}

/** aria-describedby of a Field's input: its error, else its hint, plus anything extra. */
export function describedBy(id: string, error: string | undefined, hint: boolean, extra?: string): string | undefined {
  return [error ? `${id}-error` : hint ? `${id}-hint` : undefined, extra].filter(Boolean).join(' ') || undefined;
}

/** A one-line text input with its label and error, linked for assistive technology (no hint). */
export function TextField({ id, label, error, ...input }: { id: string; label: string; error?: string } & Omit<ComponentProps<'input'>, 'id'>) {
  return (
    <Field id={id} label={label} error={error}>
      <input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, error, false)} className={inputClass} {...input} />
    </Field>
  );
}
