'use client';

import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { useApiAction, type ActionStatus } from '@/components/ui/use-api-action';
import { buttonClass, inputClass } from './ui';

function Status({ status }: { status: ActionStatus }) {
  return (
    <p role="status" className={`text-sm ${status?.ok === false ? 'text-danger' : 'text-muted'}`}>
      {status?.text ?? ''}
    </p>
  );
}

/** HR orders a pool of lessons: the number of lessons → an issued invoice. */
export function PoolOrderForm() {
  const t = useTranslations('Company.invoices');
  const [lessons, setLessons] = useState('10');
  const { pending, status, submit } = useApiAction();
  return (
    <form
      className="flex flex-wrap items-end gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        void submit<{ invoice: { number: string } }>('/api/company/invoices', { lessons: Number(lessons) }, (r) => t('ordered', { number: r.invoice.number }));
      }}
    >
      <label className="text-sm" htmlFor="pool-lessons">
        {t('lessonsLabel')}
        <input id="pool-lessons" type="number" min={10} max={1000} step={1} required value={lessons} onChange={(e) => setLessons(e.target.value)} className={`${inputClass} mt-1 w-40`} />
      </label>
      <button type="submit" className={buttonClass} disabled={pending} aria-busy={pending}>
        {pending ? t('ordering') : t('order')}
      </button>
      <div className="basis-full">
        <Status status={status} />
      </div>
    </form>
  );
}

/** HR gives lessons of the paid pool to an employee of its roster. */
export function PoolAllocationForm({ employees }: { employees: { id: number; name: string }[] }) {
  const t = useTranslations('Company.pool');
  const [employeeId, setEmployeeId] = useState('');
  const [lessons, setLessons] = useState('1');
  const { pending, status, submit } = useApiAction();
  return (
    <form
      className="flex flex-wrap items-end gap-3"
      aria-label={t('allocateTitle')}
      onSubmit={(e) => {
        e.preventDefault();
        void submit('/api/company/pool/allocations', { employeeId: Number(employeeId), lessons: Number(lessons) }, () => t('done'));
      }}
    >
      <label className="text-sm" htmlFor="pool-employee">
        {t('employee')}
        <select id="pool-employee" required value={employeeId} onChange={(e) => setEmployeeId(e.target.value)} className={`${inputClass} mt-1`}>
          <option value="">{t('choose')}</option>
          {employees.map((e) => (
            <option key={e.id} value={e.id}>
              {e.name}
            </option>
          ))}
        </select>
      </label>
      <label className="text-sm" htmlFor="pool-n">
        {t('lessons')}
        <input id="pool-n" type="number" min={1} max={1000} step={1} required value={lessons} onChange={(e) => setLessons(e.target.value)} className={`${inputClass} mt-1 w-28`} />
      </label>
      <button type="submit" className={buttonClass} disabled={pending} aria-busy={pending}>
        {pending ? t('allocating') : t('allocate')}
      </button>
      <div className="basis-full">
        <Status status={status} />
      </div>
    </form>
  );
}

/** HR invites one employee to the lessons (a single-use link by SMS and e-mail: the roster's contacts). */
export function PoolInviteButton({ employeeId, name }: { employeeId: number; name: string }) {
  const t = useTranslations('Company.pool');
  const { pending, status, submit } = useApiAction();
  return (
    <div className="flex flex-col items-start gap-1">
      <button
        type="button"
        className="text-sm font-medium text-brand-dark underline underline-offset-2 hover:no-underline disabled:opacity-60"
        disabled={pending}
        aria-busy={pending}
        aria-label={`${t('invite')}: ${name}`}
        onClick={() => void submit('/api/company/pool/invitations', { employeeId, channels: ['sms', 'email'] }, () => t('invited'))}
      >
        {pending ? t('inviting') : t('invite')}
      </button>
      <Status status={status} />
    </div>
  );
}
