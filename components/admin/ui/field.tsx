'use client';

import { useTranslations } from 'next-intl';
import type { ComponentProps, ReactNode } from 'react';
import { adminInputClass } from './form';

/** A labelled control with its hint and its error (a Validation key or a server message). */
export function AdminField({ id, label, error, hint, children }: { id: string; label: string; error?: string; hint?: string; children: ReactNode }) {
  const tv = useTranslations('Validation');
  const ta = useTranslations('Admin.validation');
  const message = error ? (tv.has(error as never) ? tv(error as never) : ta.has(error as never) ? ta(error as never) : error) : undefined;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-ink">
        {label}
      </label>
      {children}
      {hint && !message && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
          {hint}
        </p>
      )}
      {message && (
        <p id={`${id}-error`} className="mt-1 text-sm text-danger">
          {message}
        </p>
      )}
    </div>
  );
}

/** The props that tie an input to its hint or error for screen readers. */
export const describedBy = (id: string, error?: string, hint?: boolean) => ({
  'aria-invalid': error ? true : undefined,
  'aria-describedby': error ? `${id}-error` : hint ? `${id}-hint` : undefined,
});

/** The form's own error (a refused call), announced to screen readers; nothing when there is none. */
export function FormError({ message }: { message?: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-danger">
      {message}
    </p>
  );
}

/**
 * A one-time code box (authenticator, SMS or recovery code): the phone's digit keyboard unless
 * letters may come too, the OS's code autofill, monospace so a code is easy to check.
 */
export function CodeInput({ id, error, hint, numeric = true, ...input }: { id: string; error?: string; hint?: boolean; numeric?: boolean } & Omit<ComponentProps<'input'>, 'id'>) {
  return (
    <input
      id={id}
      inputMode={numeric ? 'numeric' : 'text'}
      autoComplete="one-time-code"
      spellCheck={false}
      className={`${adminInputClass} font-mono tracking-widest`}
      {...describedBy(id, error, hint)}
      {...input}
    />
  );
}
