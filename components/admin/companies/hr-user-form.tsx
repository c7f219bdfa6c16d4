'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useLocale, useRouter } from '@/i18n/navigation';
import { hrUserCreateSchema } from '@/lib/validations/company-portal';
import { fetchJson, ApiCallError } from '@/lib/browser/api/fetch-json';
import { AdminField } from '@/components/admin/ui/field';
import { describedBy } from '@/components/ui/field';
import { FormFooter, adminInputClass } from '@/components/admin/ui/form';

type Values = z.input<typeof hrUserCreateSchema>;

/** A company's new HR person: name, e-mail (the set-password link goes there), phone (SMS codes), language. */
export function HrUserForm({ companyId }: { companyId: number }) {
  const t = useTranslations('Admin.companies.hr');
  const tc = useTranslations('Admin.common');
  const locale = useLocale();
  const router = useRouter();
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const { register, handleSubmit, formState, setError, reset } = useForm<Values>({
    resolver: zodResolver(hrUserCreateSchema),
    mode: 'onTouched',
    defaultValues: { name: '', email: '', phone: '', locale: 'ru' },
  });
  const errors = formState.errors;
  const onSubmit = handleSubmit(async (values) => {
    setStatus(null);
    try {
      await fetchJson(`/api/admin/companies/${companyId}/hr-users`, { body: values, locale });
      reset();
      setStatus({ ok: true, text: t('added') });
      router.refresh();
    } catch (err) {
      if (err instanceof ApiCallError && err.fields) {
        for (const [field, message] of Object.entries(err.fields)) if (field in values) setError(field as keyof Values, { message });
      }
      setStatus({ ok: false, text: err instanceof Error ? err.message : tc('error') });
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="max-w-xl space-y-4 rounded-xl border border-line bg-white p-4">
      <AdminField id="hr-name" label={t('name')} error={errors.name?.message}>
        <input id="hr-name" className={adminInputClass} autoComplete="off" {...describedBy('hr-name', errors.name?.message)} {...register('name')} />
      </AdminField>
      <AdminField id="hr-email" label={t('email')} error={errors.email?.message} hint={t('emailHint')}>
        <input id="hr-email" type="email" className={adminInputClass} autoComplete="off" {...describedBy('hr-email', errors.email?.message, true)} {...register('email')} />
      </AdminField>
      <AdminField id="hr-phone" label={t('phone')} error={errors.phone?.message} hint={t('phoneHint')}>
        <input id="hr-phone" type="tel" inputMode="tel" className={adminInputClass} autoComplete="off" {...describedBy('hr-phone', errors.phone?.message, true)} {...register('phone')} />
      </AdminField>
      <AdminField id="hr-locale" label={t('locale')} error={errors.locale?.message}>
        <select id="hr-locale" className={adminInputClass} {...register('locale')}>
          <option value="ru">Русский</option>
          <option value="kk">Қазақша</option>
          <option value="en">English</option>
        </select>
      </AdminField>
      <FormFooter label={t('add')} submitting={formState.isSubmitting} status={status} />
    </form>
  );
}
