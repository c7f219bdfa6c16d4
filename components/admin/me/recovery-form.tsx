'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useLocale, useRouter } from '@/i18n/navigation';
import { staffRecoverySchema } from '@/lib/validations/staff';
import { fetchJson, showCallError } from '@/lib/browser/api/fetch-json';
import { AdminField, CodeInput } from '../ui/field';
import { adminButtonClass, adminSecondaryButtonClass } from '../ui/form';
import { FormError } from '@/components/ui/field';

type Values = z.input<typeof staffRecoverySchema>;

/** New recovery codes against the app's code; shown once, here, until the member says they have them. */
export function RecoveryForm() {
  const t = useTranslations('Admin.staff.me');
  const locale = useLocale();
  const router = useRouter();
  const [codes, setCodes] = useState<string[] | null>(null);
  const [copied, setCopied] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState, reset, setError: setFieldError } = useForm<Values>({ resolver: zodResolver(staffRecoverySchema), mode: 'onTouched' });
  const errors = formState.errors;
  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    try {
      const out = await fetchJson<{ recoveryCodes: string[] }>('/api/admin/me/recovery-codes', { body: values, locale });
      reset({ code: '' });
      setCopied(false);
      setCodes(out.recoveryCodes);
    } catch (err) {
      reset({ code: '' });
      showCallError<keyof Values>(err, { field: setFieldError, error: setError });
    }
  });

  if (codes) {
    return (
      <div role="status" className="max-w-md">
        <h3 className="font-semibold">{t('recoveryDoneTitle')}</h3>
        <p className="mt-1 text-sm text-muted">{t('recoveryDoneText')}</p>
        <ol className="mt-3 grid grid-cols-2 gap-2 font-mono text-sm" data-testid="recovery-codes">
          {codes.map((c) => (
            <li key={c} className="rounded bg-slate-100 px-2 py-1 text-center">
              {c}
            </li>
          ))}
        </ol>
        <div className="mt-3 flex flex-wrap gap-2">
          <button type="button" className={adminSecondaryButtonClass} onClick={() => void navigator.clipboard?.writeText(codes.join('\n')).then(() => setCopied(true))}>
            {copied ? t('copied') : t('copy')}
          </button>
          <button
            type="button"
            className={adminButtonClass}
            onClick={() => {
              setCodes(null);
              router.refresh();
            }}
          >
            {t('hide')}
          </button>
        </div>
      </div>
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="me-recovery-title" className="max-w-md space-y-4">
      <AdminField id="me-recovery-code" label={t('code')} error={errors.code?.message}>
        <CodeInput id="me-recovery-code" maxLength={7} error={errors.code?.message} {...register('code')} />
      </AdminField>
      <button type="submit" className={adminButtonClass} disabled={formState.isSubmitting}>
        {t('recoverySubmit')}
      </button>
      <FormError message={error} />
    </form>
  );
}
