'use client';

import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';

/** A labelled control with its hint and its error (a Validation key, or a server message as is). */
export function Field({ id, label, error, hint, children }: { id: string; label: string; error?: string; hint?: ReactNode; children: ReactNode }) {
  const tv = useTranslations('Validation');
  const message = error ? (tv.has(error as never) ? tv(error as never) : error) : undefined;
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
