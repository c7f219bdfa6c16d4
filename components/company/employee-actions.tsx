'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useLocale, useRouter } from '@/i18n/navigation';
import { fetchJson } from '@/lib/browser/api/fetch-json';
import { EmployeeForm, type EmployeeInitial } from './employee-form';
import { linkButtonClass } from './ui';

/** Edit (a form opens under the row's name) and remove (asked twice) for one employee. */
export function EmployeeActions({ employee }: { employee: EmployeeInitial }) {
  const t = useTranslations('Company.employees');
  const locale = useLocale();
  const router = useRouter();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  const name = `${employee.lastName} ${employee.firstName}`;
  async function remove() {
    try {
      await fetchJson(`/api/company/employees/${employee.id}`, { method: 'DELETE', body: {}, locale });
      router.refresh();
    } catch (err) {
      setStatus(err instanceof Error ? err.message : String(err));
    }
  }
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-3">
        <button type="button" className={linkButtonClass} aria-expanded={editing} aria-label={t('editLabel', { name })} onClick={() => setEditing((v) => !v)}>
          {t('edit')}
        </button>
        {confirming ? (
          <>
            <button type="button" className={`${linkButtonClass} text-danger`} onClick={() => void remove()}>
              {t('removeConfirm', { name })}
            </button>
            <button type="button" className={linkButtonClass} onClick={() => setConfirming(false)}>
              {t('cancel')}
            </button>
          </>
        ) : (
          <button type="button" className={linkButtonClass} aria-label={t('removeLabel', { name })} onClick={() => setConfirming(true)}>
            {t('remove')}
          </button>
        )}
      </div>
      <p role="status" className="text-sm text-danger">
        {status}
      </p>
      {editing && (
        <div className="rounded-xl border border-line bg-slate-50 p-3">
          <EmployeeForm employee={employee} onDone={() => setEditing(false)} />
        </div>
      )}
    </div>
  );
}
