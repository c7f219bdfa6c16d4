'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocale, useRouter } from '@/i18n/navigation';
import { companyCreateSchema, type CompanyFormValues } from '@/lib/validations/companies';
import { fetchJson, ApiCallError } from '@/lib/browser/api/fetch-json';
import { AdminField } from '@/components/admin/ui/field';
import { describedBy } from '@/components/ui/field';
import { FormFooter, adminInputClass } from '@/components/admin/ui/form';

/**
 * A company's name, slug and state: creates one (then opens its page) or saves one. Errors from the
 * server (a taken slug: 409 with a field message) land on their field.
 */
export function CompanyForm({ company }: { company?: { id: number; name: string; slug: string; active: boolean; rosterOnly: boolean } }) {
  const t = useTranslations('Admin.companies');
  const tc = useTranslations('Admin.common');
  const locale = useLocale();
  const router = useRouter();
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const { register, handleSubmit, formState, setError } = useForm<CompanyFormValues>({
    resolver: zodResolver(companyCreateSchema),
    mode: 'onTouched',
    defaultValues: company ? { name: company.name, slug: company.slug, active: company.active, rosterOnly: company.rosterOnly } : { name: '', slug: '', active: true, rosterOnly: false },
  });
  const errors = formState.errors;
  const onSubmit = handleSubmit(async (values) => {
    setStatus(null);
    try {
      if (company) {
        await fetchJson(`/api/admin/companies/${company.id}`, { method: 'PATCH', body: values, locale });
        setStatus({ ok: true, text: t('saved') });
        router.refresh();
      } else {
        const created = await fetchJson<{ id: number }>('/api/admin/companies', { body: values, locale });
        router.push(`/admin/companies/${created.id}`);
      }
    } catch (err) {
      if (err instanceof ApiCallError && err.fields) {
        for (const [field, message] of Object.entries(err.fields)) if (field === 'name' || field === 'slug') setError(field, { message });
      }
      setStatus({ ok: false, text: err instanceof Error ? err.message : tc('error') });
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="max-w-xl space-y-4 rounded-xl border border-line bg-white p-4">
      <AdminField id="company-name" label={t('name')} error={errors.name?.message}>
        <input id="company-name" className={adminInputClass} autoComplete="organization" {...describedBy('company-name', errors.name?.message)} {...register('name')} />
      </AdminField>
      <AdminField id="company-slug" label={t('slug')} error={errors.slug?.message} hint={t('slugHint')}>
        <input
          id="company-slug"
          className={`${adminInputClass} font-mono`}
          autoCapitalize="none"
          spellCheck={false}
          {...describedBy('company-slug', errors.slug?.message, true)}
          {...register('slug')}
        />
      </AdminField>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" className="size-4" {...register('active')} />
        {t('active')}
      </label>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" className="size-4" {...register('rosterOnly')} />
        {t('rosterOnly')}
      </label>
      <FormFooter label={company ? tc('save') : t('create')} submitting={formState.isSubmitting} status={status} />
    </form>
  );
}
