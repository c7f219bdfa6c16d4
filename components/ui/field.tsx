'use client';

import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';

/**
 * A labelled control with its hint and its error, for the back office and the HR portal: the error
 * is a key of Validation (or of `also`, the back office's own Admin.validation), else a server
 * message shown as is. The public forms have their own look (components/forms/field.tsx).
 */
export function Field({ id, label, error, hint, also, children }: { id: string; label: string; error?: string; hint?: ReactNode; also?: 'Admin.validation'; children: ReactNode }) {
  const tv = useTranslations('Validation');
  const ta = useTranslations(also ?? 'Validation');
  const message = error ? (tv.has(error as never) ? tv(error as never) : also && ta.has(error as never) ? ta(error as never) : error) : undefined;
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

/** The form's outcome when it went through (a link sent, a password saved), announced to screen readers. */
export function FormNotice({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="rounded-lg bg-green-50 px-3 py-2 text-sm">
      {children}
    </p>
  );
}
