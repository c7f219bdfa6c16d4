'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocale, useRouter } from '@/i18n/navigation';
import { ApiCallError, fetchJson } from '@/lib/browser/api/fetch-json';
import { lessonCompanyFormSchema, type LessonCompanyFormValues } from '@/lib/validations/booking';
import { AdminField } from '@/components/admin/ui/field';
import { describedBy } from '@/components/ui/field';
import { FormFooter, adminInputClass, adminSecondaryButtonClass } from '@/components/admin/ui/form';

type Link = { company: string; employee: string; iinLast4: string } | null;

/**
 * Who pays for a lesson (issue 23: HR sees an employee's attended minutes): the company chosen from
 * the list and the employee found on its roster by IIN (the server hashes it; the page shows only
 * its last four digits), or back to the student paying. Sales staff only (the call checks it too).
 */
export function LessonCompanyForm({ lessonId, link, companies }: { lessonId: number; link: Link; companies: { id: number; name: string }[] }) {
  const t = useTranslations('Admin.trials.company');
  const tc = useTranslations('Admin.common');
  const locale = useLocale();
  const router = useRouter();
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [unlinking, setUnlinking] = useState(false);
  const { register, handleSubmit, formState, setError, reset } = useForm<LessonCompanyFormValues>({
    resolver: zodResolver(lessonCompanyFormSchema),
    mode: 'onTouched',
    defaultValues: { companyId: companies.length === 1 ? companies[0]!.id : '', iin: '' },
  });
  const errors = formState.errors;
  const put = async (body: unknown) => fetchJson<{ pool: 'spent' | 'none_left' | 'package' | 'not_held' }>(`/api/admin/trials/${lessonId}/company`, { method: 'PUT', body, locale });
  const onSubmit = handleSubmit(async (values) => {
    setStatus(null);
    try {
      const { pool } = await put(lessonCompanyFormSchema.parse(values));
      reset({ companyId: values.companyId, iin: '' });
      // Paid from the employee's lessons, or why not (docs/payments.md, "Company lesson pools").
      const why = { spent: t('fromPool'), none_left: t('notFromPool'), package: t('notFromPoolPackage'), not_held: t('notFromPoolNotHeld') }[pool];
      setStatus({ ok: true, text: `${t('linked')} ${why}` });
      router.refresh();
    } catch (err) {
      if (err instanceof ApiCallError && err.code === 'lesson_company_employee_unknown') setError('iin', { message: err.message });
      setStatus({ ok: false, text: err instanceof Error ? err.message : tc('error') });
    }
  });
  const unlink = async () => {
    setUnlinking(true);
    setStatus(null);
    try {
      await put({ employeeId: null });
      setStatus({ ok: true, text: t('unlinked') });
      router.refresh();
    } catch (err) {
      setStatus({ ok: false, text: err instanceof Error ? err.message : tc('error') });
    } finally {
      setUnlinking(false);
    }
  };
  if (companies.length === 0 && !link) return <p className="text-sm text-muted">{t('noCompanies')}</p>;
  return (
    <div className="max-w-xl space-y-4 rounded-xl border border-line bg-white p-4" data-testid="lesson-company">
      <p className="text-sm">
        {link ? t('current', { company: link.company, employee: link.employee, last4: link.iinLast4 }) : t('studentPays')}
      </p>
      {link ? (
        <button type="button" className={adminSecondaryButtonClass} onClick={unlink} disabled={unlinking} aria-busy={unlinking}>
          {t('unlink')}
        </button>
      ) : null}
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <AdminField id="lesson-company" label={t('company')} error={errors.companyId?.message}>
          <select id="lesson-company" className={adminInputClass} {...describedBy('lesson-company', errors.companyId?.message)} {...register('companyId')}>
            <option value="">{t('choose')}</option>
            {companies.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </AdminField>
        <AdminField id="lesson-company-iin" label={t('iin')} error={errors.iin?.message} hint={t('iinHint')}>
          <input
            id="lesson-company-iin"
            className={`${adminInputClass} font-mono`}
            inputMode="numeric"
            autoComplete="off"
            maxLength={14}
            {...describedBy('lesson-company-iin', errors.iin?.message, true)}
            {...register('iin')}
          />
        </AdminField>
        <FormFooter label={link ? t('relink') : t('link')} submitting={formState.isSubmitting} status={status} />
      </form>
    </div>
  );
}
