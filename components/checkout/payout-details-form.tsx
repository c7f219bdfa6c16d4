'use client';

import { useEffect, useId, useState } from 'react';
import { useTranslations } from 'next-intl';
import { Field, inputClass } from '@/components/forms/field';
import { describedBy } from '@/components/registration/step-ui';
import { FormAlert, SubmitButton, useApiForm } from '@/components/registration/form-submit';
import type { PayoutDetailsView } from '@/lib/payments/payout-details';
import { payoutDetailsSchema } from '@/lib/validations/payments';

/**
 * Where the school pays the tutor (docs/payments.md, "Payouts"): a Kazakh IBAN and the recipient's
 * IIN for the monthly bank transfer. Shown masked once saved; saving again replaces them.
 */
export function PayoutDetailsForm() {
  const t = useTranslations('Cabinet.payoutDetails');
  const id = useId();
  const [saved, setSaved] = useState<PayoutDetailsView | null | undefined>(undefined);
  const [done, setDone] = useState(false);
  const { register, handleSubmit, reset, pending, error, submit, fieldError } = useApiForm(payoutDetailsSchema, ['iban', 'iin']);

  useEffect(() => {
    let live = true;
    import('@/lib/browser/api/client')
      .then(({ api }) => api.get<{ details: PayoutDetailsView | null }>('/api/cabinet/payout-details'))
      .then(
        (res) => live && setSaved(res.data.details),
        () => live && setSaved(null),
      );
    return () => {
      live = false;
    };
  }, []);

  async function onSubmit(values: { iban: string; iin: string }) {
    setDone(false);
    await submit(
      async () => {
        const { api } = await import('@/lib/browser/api/client');
        const res = await api.put<{ details: PayoutDetailsView }>('/api/cabinet/payout-details', values);
        setSaved(res.data.details);
        reset({ iban: '', iin: '' });
        setDone(true);
      },
      (body) => (body?.fields ? null : (body?.message ?? t('failed'))),
    );
  }

  const ibanError = fieldError('iban');
  const iinError = fieldError('iin');
  return (
    <div className="mt-5" data-testid="payout-details">
      <h3 className="font-bold">{t('title')}</h3>
      <p className="mt-1 text-sm text-muted">{t('intro')}</p>
      <div role="status" aria-live="polite" className="mt-2 text-sm">
        {saved === undefined ? t('loading') : saved ? t('current', { iban: saved.iban, last4: saved.iinLast4 }) : t('none')}
        {done ? <span className="ml-1 font-medium text-brand-dark">{t('saved')}</span> : null}
      </div>
      <form noValidate aria-busy={pending} onSubmit={handleSubmit(onSubmit)} className="mt-3 grid gap-4 sm:max-w-md">
        <Field id={`${id}-iban`} label={t('iban')} error={ibanError} hint={t('ibanHint')}>
          <input
            id={`${id}-iban`}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={34}
            placeholder="KZ00 0000 0000 0000 0000"
            aria-invalid={ibanError ? true : undefined}
            aria-describedby={describedBy(`${id}-iban`, ibanError, true)}
            className={`${inputClass} font-mono`}
            {...register('iban')}
          />
        </Field>
        <Field id={`${id}-iin`} label={t('iin')} error={iinError} hint={t('iinHint')}>
          <input
            id={`${id}-iin`}
            inputMode="numeric"
            autoComplete="off"
            maxLength={14}
            aria-invalid={iinError ? true : undefined}
            aria-describedby={describedBy(`${id}-iin`, iinError, true)}
            className={`${inputClass} font-mono`}
            {...register('iin')}
          />
        </Field>
        <SubmitButton pending={pending} label={saved ? t('replace') : t('save')} busyLabel={t('saving')} />
        <FormAlert error={error} />
      </form>
    </div>
  );
}
