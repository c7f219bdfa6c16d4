'use client';

import { useState } from 'react';
import { useForm, type FieldValues, type Path, type UseFormSetError } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import type { z } from 'zod';
import { apiErrorBody, type ApiErrorBody } from '@/lib/browser/api/error-body';
import { fieldMessage } from '@/components/auth/messages';
import { primaryLargeClass } from '@/components/ui/button-classes-form';

// The one-page account forms (sign-in, reset by e-mail, the new password, the cabinet's cards): their
// submit button, their call's pending and error state, and the server's field messages put on their
// fields; useApiForm puts these together with react-hook-form.

type Translate = { (key: never): string; has(key: never): boolean };

/** Disabled while the call runs, with a spinner and the busy label. */
export function SubmitButton({ pending, label, busyLabel }: { pending: boolean; label: string; busyLabel: string }) {
  return (
    <button type="submit" disabled={pending} aria-busy={pending || undefined} className={`${primaryLargeClass} flex items-center justify-center gap-2 disabled:opacity-80`}>
      {pending && <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white" />}
      {pending ? busyLabel : label}
    </button>
  );
}

/** The form's error, in a live region that is always there so that a new text is announced. */
export function FormAlert({ error }: { error: string | null }) {
  return (
    <div role="alert" className="min-h-6 text-sm text-danger">
      {error}
    </div>
  );
}

/** A form's call: pending while it runs; a failure's text (or null for none) for FormAlert. */
export function useSubmitCall() {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function run(call: () => Promise<void>, failed: (error: unknown) => string | null) {
    setError(null);
    setPending(true);
    try {
      await call();
    } catch (err) {
      setError(failed(err));
    } finally {
      setPending(false);
    }
  }
  return { pending, error, run };
}

/** The server's messages for these fields (a "Validation" key is translated, any other text shown as is). */
export function setServerFields<T extends FieldValues>(setError: UseFormSetError<T>, fields: Record<string, string> | undefined, names: readonly Path<T>[], tv: Translate) {
  for (const [field, message] of Object.entries(fields ?? {})) {
    if ((names as readonly string[]).includes(field)) setError(field as Path<T>, { type: 'server', message: tv.has(message as never) ? tv(message as never) : message });
  }
}

/**
 * A one-page account form over one API call: react-hook-form checked by `schema` when a field is
 * left, the call's pending state and failure text (for FormAlert), and `submit`, which runs the call
 * and, when it fails, puts the answer's messages for `fields` on them and lets `failed` word the rest
 * (null: nothing under the form). `fieldError(name)`: the field's message, translated.
 */
export function useApiForm<In extends FieldValues, Out extends FieldValues>(schema: z.ZodType<Out, In>, fields: readonly Path<In>[]) {
  const tv = useTranslations('Validation');
  const form = useForm<In, unknown, Out>({ resolver: zodResolver(schema), mode: 'onTouched' });
  const { pending, error, run } = useSubmitCall();
  const { errors } = form.formState;
  return {
    ...form,
    pending,
    error,
    fieldError: (name: Path<In>) => fieldMessage(errors[name] as Parameters<typeof fieldMessage>[0], tv),
    submit: (call: () => Promise<void>, failed: (body: ApiErrorBody['error'] | undefined, error: unknown) => string | null) =>
      run(call, (err) => {
        const body = apiErrorBody(err);
        setServerFields(form.setError, body?.fields, fields, tv);
        return failed(body, err);
      }),
  };
}
