'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useLocale, useRouter } from '@/i18n/navigation';
import { STAFF_SCOPE_LIST } from '@/lib/validations/staff-scopes';
import { staffInviteSchema } from '@/lib/validations/staff';
import { fetchJson, showCallError } from '@/lib/browser/api/fetch-json';
import { AdminField } from '../ui/field';
import { describedBy, FormError } from '@/components/ui/field';
import { adminButtonClass, adminInputClass } from '../ui/form';

type Values = z.input<typeof staffInviteSchema>;
const LOCALES = ['ru', 'kk', 'en'] as const;

/** The invitation: name, e-mail, rights, the language of the e-mails. The list below refreshes after. */
export function InviteForm() {
  const t = useTranslations('Admin');
  const tv = useTranslations('Validation');
  const locale = useLocale();
  const router = useRouter();
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState, reset, setError: setFieldError } = useForm<Values>({
    resolver: zodResolver(staffInviteSchema),
    mode: 'onTouched',
    defaultValues: { name: '', email: '', scopes: [], locale: locale as Values['locale'] },
  });
  const errors = formState.errors;
  const scopesError = errors.scopes?.message ?? errors.scopes?.root?.message;

  const onSubmit = handleSubmit(async (values) => {
    setDone(null);
    setError(null);
    try {
      await fetchJson('/api/admin/staff', { body: values, locale });
      setDone(t('staff.sent', { email: values.email.trim().toLowerCase() }));
      reset({ name: '', email: '', scopes: [], locale: values.locale });
      router.refresh();
    } catch (err) {
      showCallError<keyof Values>(err, { field: setFieldError, error: setError });
    }
  });

  return (
    <section aria-labelledby="invite-title" className="mb-8 rounded-xl border border-line bg-white p-4">
      <h2 id="invite-title" className="text-lg font-semibold">
        {t('staff.invite')}
      </h2>
      <p className="mt-1 text-sm text-muted">{t('staff.inviteHint')}</p>
      <form onSubmit={onSubmit} noValidate aria-labelledby="invite-title" className="mt-4 grid gap-4 md:grid-cols-2">
        <AdminField id="invite-name" label={t('staff.name')} error={errors.name?.message}>
          <input id="invite-name" autoComplete="off" className={adminInputClass} {...describedBy('invite-name', errors.name?.message)} {...register('name')} />
        </AdminField>
        <AdminField id="invite-email" label={t('staff.email')} error={errors.email?.message}>
          <input id="invite-email" type="email" autoComplete="off" className={adminInputClass} {...describedBy('invite-email', errors.email?.message)} {...register('email')} />
        </AdminField>
        <fieldset aria-describedby={scopesError ? 'invite-scopes-error' : 'invite-scopes-hint'}>
          <legend className="mb-1 text-sm font-medium text-ink">{t('staff.scopes')}</legend>
          <div className="flex flex-wrap gap-x-5 gap-y-2">
            {STAFF_SCOPE_LIST.map((s) => (
              <label key={s} className="inline-flex items-center gap-2 text-sm">
                <input type="checkbox" value={s} className="h-4 w-4 accent-brand" {...register('scopes')} />
                {t(`scopes.${s}`)}
              </label>
            ))}
          </div>
          {scopesError ? (
            <p id="invite-scopes-error" className="mt-1 text-sm text-danger">
              {scopesError === 'required' ? t('staff.pickScope') : tv.has(scopesError as never) ? tv(scopesError as never) : scopesError}
            </p>
          ) : (
            <p id="invite-scopes-hint" className="mt-1 text-xs text-muted">
              {t('staff.scopesHint')}
            </p>
          )}
        </fieldset>
        <AdminField id="invite-locale" label={t('staff.locale')} error={errors.locale?.message}>
          <select id="invite-locale" className={adminInputClass} {...register('locale')}>
            {LOCALES.map((l) => (
              <option key={l} value={l}>
                {t(`staff.locales.${l}`)}
              </option>
            ))}
          </select>
        </AdminField>
        <div className="md:col-span-2">
          <button type="submit" className={adminButtonClass} disabled={formState.isSubmitting}>
            {formState.isSubmitting ? t('common.loading') : t('staff.send')}
          </button>
          <p role="status" aria-live="polite" className="mt-2 text-sm">
            {done && <span className="text-emerald-800">{done}</span>}
          </p>
          <FormError message={error} />
        </div>
      </form>
    </section>
  );
}
