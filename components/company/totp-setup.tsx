'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useLocale, useRouter } from '@/i18n/navigation';
import { companyTotpConfirmSchema, companyTotpOffSchema } from '@/lib/validations/company-portal';
import { fetchJson, ApiCallError } from '@/lib/browser/api/fetch-json';
import { describedBy, Field } from '@/components/ui/field';
import { buttonClass, inputClass, secondaryButtonClass } from './ui';

type Values = z.input<typeof companyTotpConfirmSchema>;
interface Offer {
  secret: string;
  qr: { side: number; path: string };
}

/** Sign-in codes from an authenticator app instead of SMS: scan, confirm with the first code; or back to SMS. */
export function TotpSetup({ enrolled }: { enrolled: boolean }) {
  const t = useTranslations('Company.security');
  const locale = useLocale();
  const router = useRouter();
  const [offer, setOffer] = useState<Offer | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { register, handleSubmit, formState, setError } = useForm<Values>({ resolver: zodResolver(companyTotpConfirmSchema), mode: 'onTouched' });

  async function start() {
    setBusy(true);
    try {
      setOffer(await fetchJson<Offer>('/api/company/totp', { method: 'POST', body: {}, locale }));
    } finally {
      setBusy(false);
    }
  }
  const off = useForm<z.input<typeof companyTotpOffSchema>>({ resolver: zodResolver(companyTotpOffSchema), mode: 'onTouched' });
  const remove = off.handleSubmit(async (values) => {
    try {
      await fetchJson('/api/company/totp', { method: 'DELETE', body: values, locale });
      setStatus(t('removed'));
      router.refresh();
    } catch (err) {
      if (err instanceof ApiCallError && err.fields) {
        for (const [field, message] of Object.entries(err.fields)) off.setError(field as 'password' | 'code', { message });
      } else setStatus(err instanceof Error ? err.message : String(err));
    }
  });
  const onSubmit = handleSubmit(async (values) => {
    try {
      await fetchJson('/api/company/totp/confirm', { body: values, locale });
      setOffer(null);
      setStatus(t('enabled'));
      router.refresh();
    } catch (err) {
      setError('code', { message: err instanceof ApiCallError ? (err.fields?.code ?? err.message) : String(err) });
    }
  });

  return (
    <div className="space-y-4">
      <p aria-live="polite" className="text-sm font-medium text-ink">
        {status}
      </p>
      {enrolled && !offer ? (
        // Turning the app off takes the password and a fresh code: an open session alone is not enough.
        <form onSubmit={remove} method="post" noValidate className="space-y-3">
          <p className="text-sm text-muted">{t('removeIntro')}</p>
          <Field id="hr-off-password" label={t('password')} error={off.formState.errors.password?.message}>
            <input id="hr-off-password" type="password" autoComplete="current-password" className={inputClass} {...describedBy('hr-off-password', off.formState.errors.password?.message)} {...off.register('password')} />
          </Field>
          <Field id="hr-off-code" label={t('code')} error={off.formState.errors.code?.message}>
            <input id="hr-off-code" inputMode="numeric" autoComplete="one-time-code" className={`${inputClass} max-w-40 font-mono tracking-widest`} {...describedBy('hr-off-code', off.formState.errors.code?.message)} {...off.register('code')} />
          </Field>
          <button type="submit" className={secondaryButtonClass} disabled={off.formState.isSubmitting}>
            {t('remove')}
          </button>
        </form>
      ) : !offer ? (
        <button type="button" className={buttonClass} disabled={busy} onClick={() => void start()}>
          {t('start')}
        </button>
      ) : (
        <form onSubmit={onSubmit} method="post" noValidate className="space-y-4">
          <p className="text-sm">{t('scan')}</p>
          <svg viewBox={`0 0 ${offer.qr.side} ${offer.qr.side}`} className="h-48 w-48 bg-white" role="img" aria-label={t('qr')}>
            <path d={offer.qr.path} fill="currentColor" />
          </svg>
          <p className="text-sm">
            {t('secret')} <code className="break-all rounded bg-slate-100 px-1 font-mono" data-testid="totp-secret">{offer.secret}</code>
          </p>
          <Field id="hr-totp" label={t('code')} error={formState.errors.code?.message}>
            <input id="hr-totp" inputMode="numeric" autoComplete="one-time-code" className={`${inputClass} max-w-40 font-mono tracking-widest`} {...describedBy('hr-totp', formState.errors.code?.message)} {...register('code')} />
          </Field>
          <button type="submit" className={buttonClass} disabled={formState.isSubmitting}>
            {t('confirm')}
          </button>
        </form>
      )}
    </div>
  );
}
