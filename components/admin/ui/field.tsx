'use client';

import type { ComponentProps, ReactNode } from 'react';
import { describedBy, Field } from '@/components/ui/field';
import { adminInputClass } from './form';

/** The back office's field: its errors may also be keys of Admin.validation (components/ui/field.tsx). */
export function AdminField(props: { id: string; label: string; error?: string; hint?: string; children: ReactNode }) {
  return <Field {...props} also="Admin.validation" />;
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
