'use client';

import { forwardRef, type ComponentProps } from 'react';
import { useTranslations } from 'next-intl';
import { Field, inputClass } from '@/components/forms/field';
import { describedBy } from './step-ui';

/** `label` and `hint` default to the wizards' ("E-mail (optional)" and what the link is for); `hint: null` shows none. */
type Props = { id: string; error?: string; label?: string; hint?: string | null } & Omit<ComponentProps<'input'>, 'id' | 'type'>;

/** An e-mail input (the wizards' optional one by default): it counts once its owner opens the link we mail to it. */
export const EmailField = forwardRef<HTMLInputElement, Props>(function EmailField({ id, error, label, hint, ...input }, ref) {
  const t = useTranslations('Registration.email');
  const shownHint = hint === null ? undefined : (hint ?? t('hint'));
  return (
    <Field id={id} label={label ?? t('label')} error={error} hint={shownHint}>
      <input
        ref={ref}
        id={id}
        type="email"
        inputMode="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={254}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, !!shownHint)}
        className={inputClass}
        {...input}
      />
    </Field>
  );
});

/** On the success step: where the confirmation link went, and that the address works once it is opened. */
export function EmailSentNote({ email }: { email: string }) {
  const t = useTranslations('Registration.email');
  if (!email) return null;
  return (
    <p className="mt-4 rounded-xl bg-brand-tint px-4 py-3 text-base text-ink" data-testid="email-sent">
      {t('sent', { email })}
    </p>
  );
}
