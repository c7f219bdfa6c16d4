'use client';

import { useId, useState } from 'react';
import { useTranslations } from 'next-intl';
import { useApiAction } from '@/components/ui/use-api-action';
import { buttonClass, inputClass, linkButtonClass, secondaryButtonClass } from './ui';

/** HR orders the group's invoice: the number of seats → an issued invoice for seats × the lessons ahead × the price. */
export function GroupInvoiceForm({ groupId, maxSeats }: { groupId: number; maxSeats: number }) {
  const t = useTranslations('Company.groups');
  const id = useId();
  const [seats, setSeats] = useState('1');
  const { pending, status, submit } = useApiAction();
  return (
    <form
      className="mt-3 flex flex-wrap items-end gap-3"
      aria-label={t('invoiceTitle')}
      onSubmit={(e) => {
        e.preventDefault();
        void submit<{ invoice: { number: string } }>(`/api/company/groups/${groupId}/invoice`, { seats: Number(seats) }, (r) => t('invoiceOrdered', { number: r.invoice.number }));
      }}
    >
      <label className="text-sm" htmlFor={`${id}-seats`}>
        {t('invoiceSeats', { max: maxSeats })}
        <input id={`${id}-seats`} type="number" min={1} max={maxSeats} step={1} required value={seats} onChange={(e) => setSeats(e.target.value)} className={`${inputClass} mt-1 w-28`} />
      </label>
      <button type="submit" className={buttonClass} disabled={pending} aria-busy={pending}>
        {pending ? t('invoiceOrdering') : t('invoiceOrder')}
      </button>
      <p role="status" className={`basis-full text-sm ${status?.ok === false ? 'text-danger' : 'text-muted'}`}>
        {status?.text ?? ''}
      </p>
    </form>
  );
}

/**
 * HR takes an employee out of the group, asked first: the lessons not yet held go back to the
 * company's money for groups. Rendered for every row (`enrolled` false once removed) so the outcome
 * line stays after the page is rendered afresh.
 */
export function GroupUnenrolButton({ groupId, employee, enrolled }: { groupId: number; employee: { id: number; name: string }; enrolled: boolean }) {
  const t = useTranslations('Company.groups');
  const id = useId();
  const [confirming, setConfirming] = useState(false);
  const { pending, status, submit } = useApiAction();
  return (
    <div className="space-y-1">
      {!enrolled ? null : confirming ? (
        <div role="group" aria-labelledby={`${id}-ask`} className="space-y-2">
          <p id={`${id}-ask`} className="text-sm">
            {t('unenrolText', { name: employee.name })}
          </p>
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className={`${secondaryButtonClass} text-danger`}
              disabled={pending}
              aria-busy={pending}
              onClick={() => void submit<{ returnedTiyn: number }>(`/api/company/groups/${groupId}/unenrol`, { employeeId: employee.id }, () => t('unenrolled'))}
            >
              {pending ? t('unenrolling') : t('unenrolConfirm', { name: employee.name })}
            </button>
            <button type="button" className={secondaryButtonClass} disabled={pending} onClick={() => setConfirming(false)}>
              {t('unenrolKeep')}
            </button>
          </div>
        </div>
      ) : (
        <button type="button" className={linkButtonClass} aria-label={t('unenrolLabel', { name: employee.name })} onClick={() => setConfirming(true)}>
          {t('unenrol')}
        </button>
      )}
      <p role="status" className={`text-sm ${status?.ok === false ? 'text-danger' : 'text-muted'}`}>
        {status?.text ?? ''}
      </p>
    </div>
  );
}
