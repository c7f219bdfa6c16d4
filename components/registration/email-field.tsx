'use client';

import { forwardRef, type ComponentProps } from 'react';
import { useTranslations } from 'next-intl';
import { Field, inputClass } from '@/components/forms/field';
import { describedBy } from './step-ui';

type Props = { id: string; error?: string } & Omit<ComponentProps<'input'>, 'id' | 'type'>;

/** The wizards' optional e-mail: it counts once the visitor opens the link we mail to it. */
export const EmailField = forwardRef<HTMLInputElement, Props>(function EmailField({ id, error, ...input }, ref) {
  const t = useTranslations('Registration.email');
  return (
    <Field id={id} label={t('label')} error={error} hint={t('hint')}>
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
        aria-describedby={describedBy(id, error, true)}
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
