'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useRef } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

/** A reviewer's decision as it went through: announced to screen readers and focused when it shows (applications, profiles). */
export function DoneStatus({ message }: { message: string | null }) {
  const ref = useRef<HTMLParagraphElement>(null);
  // The button pressed is gone after an action: keyboard focus goes to its result.
  useEffect(() => {
    if (message) ref.current?.focus();
  }, [message]);
  return (
    <div role="status" aria-live="polite" className="empty:hidden">
      {message && (
        <p ref={ref} tabIndex={-1} className="rounded-lg bg-emerald-50 px-3 py-2 text-sm font-medium text-emerald-800 focus:outline-none">
          {message}
        </p>
      )}
    </div>
  );
}

/**
 * The reasons a reviewer ticks to return or reject (applications, profiles): a checkbox each, and
 * the error under them, a key of Validation or a server message shown as is.
 */
export function ReasonsFieldset<R extends string>({ uid, legend, reasons, label, register, error }: {
  /** The form's useId(): the error's id is `${uid}-reasons-error`. */
  uid: string;
  legend: string;
  reasons: readonly R[];
  label: (reason: R) => string;
  /** The form's registration of the reasons field (called for each checkbox). */
  register: () => UseFormRegisterReturn;
  error?: string;
}) {
  const tv = useTranslations('Validation');
  return (
    <fieldset aria-describedby={error ? `${uid}-reasons-error` : undefined}>
      <legend className="mb-2 text-sm font-medium text-ink">{legend}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {reasons.map((r) => (
          <label key={r} className="flex items-start gap-2 text-sm">
            <input type="checkbox" value={r} className="mt-0.5 size-4 accent-brand" {...register()} />
            <span>{label(r)}</span>
          </label>
        ))}
      </div>
      {error && (
        <p id={`${uid}-reasons-error`} className="mt-1 text-sm text-danger">
          {tv.has(error as never) ? tv(error as never) : error}
        </p>
      )}
    </fieldset>
  );
}
