'use client';

import { useId, useState } from 'react';
import { useTranslations } from 'next-intl';
import { useApiAction } from '@/components/ui/use-api-action';
import { buttonClass, inputClass } from './ui';

/** HR seats an employee of the roster in the company's group (the company's invoice pays for it). */
export function GroupEnrolForm({ groupId, employees }: { groupId: number; employees: { id: number; name: string }[] }) {
  const t = useTranslations('Company.groups');
  const id = useId();
  const [employeeId, setEmployeeId] = useState('');
  const { pending, status, submit } = useApiAction();
  return (
    <form
      className="mt-3 flex flex-wrap items-end gap-3"
      aria-label={t('enrolTitle')}
      onSubmit={(e) => {
        e.preventDefault();
        void submit(`/api/company/groups/${groupId}/enrol`, { employeeId: Number(employeeId) }, t('enrolled'));
      }}
    >
      <label className="text-sm" htmlFor={`${id}-employee`}>
        {t('enrolTitle')}
        <select id={`${id}-employee`} required value={employeeId} onChange={(e) => setEmployeeId(e.target.value)} className={`${inputClass} mt-1`} aria-describedby={`${id}-hint`}>
          <option value="">{t('choose')}</option>
          {employees.map((e) => (
            <option key={e.id} value={e.id}>
              {e.name}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className={buttonClass} disabled={pending || !employeeId} aria-busy={pending}>
        {pending ? t('enrolling') : t('enrol')}
      </button>
      <p id={`${id}-hint`} className="basis-full text-xs text-muted">
        {t('enrolHint')}
      </p>
      <p role="status" className={`basis-full text-sm ${status?.ok === false ? 'text-danger' : 'text-muted'}`}>
        {status?.text ?? ''}
      </p>
    </form>
  );
}
