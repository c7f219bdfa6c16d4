'use client';

import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { ReasonAction } from '@/components/admin/ui/reason-action';
import { useApiAction } from '@/components/ui/use-api-action';

/** Mark a company invoice paid (the bank's date and the payment order number) or cancel it with a reason. */
export function InvoiceDecision({ id, context }: { id: number; context: string }) {
  const t = useTranslations('Admin.invoices');
  const [paidOn, setPaidOn] = useState('');
  const [paymentOrder, setPaymentOrder] = useState('');
  const { pending, status, submit } = useApiAction();

  async function markPaid(e: React.FormEvent) {
    e.preventDefault();
    await submit(`/api/admin/finance/invoices/${id}/paid`, { paidOn, paymentOrder }, t('saved'));
  }

  return (
    <div className="flex flex-wrap items-end gap-2">
      <form onSubmit={(e) => void markPaid(e)} className="flex flex-wrap items-end gap-2" aria-label={`${t('paidTitle')}: ${context}`}>
        <label className="text-xs">
          {t('paidOn')}
          <input type="date" required value={paidOn} onChange={(e) => setPaidOn(e.target.value)} className="block rounded-lg border border-line px-2 py-1 text-sm" />
        </label>
        <label className="text-xs">
          {t('paymentOrder')}
          <input required maxLength={40} value={paymentOrder} onChange={(e) => setPaymentOrder(e.target.value)} className="block w-28 rounded-lg border border-line px-2 py-1 text-sm" />
        </label>
        <button type="submit" disabled={pending} aria-busy={pending} className="rounded-lg bg-brand-dark px-2.5 py-1.5 text-xs font-medium text-white hover:bg-[#005a9c] disabled:opacity-60">
          {pending ? t('saving') : t('markPaid')}
        </button>
      </form>
      <ReasonAction
        small
        context={context}
        url={`/api/admin/finance/invoices/${id}/cancel`}
        labels={{ open: t('cancel'), title: t('cancelTitle'), text: t('cancelText'), reason: t('reason'), hint: t('cancelHint'), confirm: t('cancel'), cancel: t('close'), done: t('cancelled') }}
      />
      <span role="status" className={status?.ok === false ? 'text-xs text-danger' : 'sr-only'}>
        {status?.text ?? ''}
      </span>
    </div>
  );
}
