'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useLocale, useRouter } from '@/i18n/navigation';
import { employeePatchSchema, employeeSchema } from '@/lib/validations/company-roster';
import { fetchJson, ApiCallError } from '@/lib/browser/api/fetch-json';
import { describedBy, Field } from '@/components/ui/field';
import { buttonClass, inputClass } from './ui';
import { useHydrated } from './use-hydrated';

type Values = z.input<typeof employeeSchema>;
export interface EmployeeInitial {
  id: number;
  lastName: string;
  firstName: string;
  positionCode: string;
  department: string | null;
  phone: string | null;
  email: string | null;
  locale: string;
  iinLast4: string;
}

const FIELDS = ['lastName', 'firstName', 'iin', 'positionCode', 'department', 'phone', 'email'] as const;

/** Adds one employee, or edits one (the IIN is left blank to keep it: it is never shown in full). */
export function EmployeeForm({ employee, onDone }: { employee?: EmployeeInitial; onDone?: () => void }) {
  const t = useTranslations('Company.employees');
  const tc = useTranslations('Company.roster.column');
  const locale = useLocale();
  const router = useRouter();
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const edit = !!employee;
  const hydrated = useHydrated();
  const { register, handleSubmit, formState, setError, reset } = useForm<Values>({
    resolver: zodResolver(edit ? (employeePatchSchema as unknown as typeof employeeSchema) : employeeSchema),
    mode: 'onTouched',
    defaultValues: employee
      ? { lastName: employee.lastName, firstName: employee.firstName, positionCode: employee.positionCode, department: employee.department ?? '', phone: employee.phone ?? '', email: employee.email ?? '', locale: employee.locale as Values['locale'] }
      : { locale: 'ru' },
  });
  const errors = formState.errors;
  const prefix = employee ? `emp-${employee.id}` : 'emp-new';
  const onSubmit = handleSubmit(async (values) => {
    setStatus(null);
    try {
      const { iin, ...rest } = values;
      const body = edit && !iin ? rest : values;
      if (employee) await fetchJson(`/api/company/employees/${employee.id}`, { method: 'PATCH', body, locale });
      else await fetchJson('/api/company/employees', { body, locale });
      if (!edit) reset({ locale: values.locale });
      setStatus({ ok: true, text: edit ? t('saved') : t('added') });
      router.refresh();
      onDone?.();
    } catch (err) {
      if (err instanceof ApiCallError && err.fields) {
        for (const [field, message] of Object.entries(err.fields)) if ((FIELDS as readonly string[]).includes(field)) setError(field as keyof Values, { message });
      }
      setStatus({ ok: false, text: err instanceof Error ? err.message : String(err) });
    }
  });
  return (
    <form onSubmit={onSubmit} method="post" noValidate className="grid gap-4 sm:grid-cols-2">
      {FIELDS.map((f) => (
        <Field
          key={f}
          id={`${prefix}-${f}`}
          label={f === 'iin' && employee ? t('iinKeep', { last4: employee.iinLast4 }) : tc(f)}
          error={errors[f]?.message}
          hint={f === 'iin' ? t('iinHint') : undefined}
        >
          <input
            id={`${prefix}-${f}`}
            type={f === 'email' ? 'email' : f === 'phone' ? 'tel' : 'text'}
            inputMode={f === 'iin' ? 'numeric' : undefined}
            autoComplete="off"
            className={inputClass}
            {...describedBy(`${prefix}-${f}`, errors[f]?.message, f === 'iin')}
            {...register(f)}
          />
        </Field>
      ))}
      <Field id={`${prefix}-locale`} label={tc('locale')}>
        <select id={`${prefix}-locale`} className={inputClass} {...register('locale')}>
          <option value="ru">Русский</option>
          <option value="kk">Қазақша</option>
          <option value="en">English</option>
        </select>
      </Field>
      <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
        <button type="submit" className={buttonClass} disabled={!hydrated || formState.isSubmitting} aria-busy={formState.isSubmitting}>
          {edit ? t('save') : t('add')}
        </button>
        <p role="status" className={`text-sm ${status?.ok === false ? 'text-danger' : 'text-muted'}`}>
          {status?.text}
        </p>
      </div>
    </form>
  );
}
