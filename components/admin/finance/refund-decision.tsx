'use client';

import { useTranslations } from 'next-intl';
import { ReasonAction } from '@/components/admin/ui/reason-action';
import { useApiAction } from '@/components/ui/use-api-action';

/** Approve (sent to the bank) or reject with a reason (the balance goes back) a refund the rules left to finance. */
export function RefundDecision({ id, context }: { id: number; context: string }) {
  const t = useTranslations('Admin.refunds');
  const { pending, status, submit } = useApiAction();
  const approve = () => submit(`/api/admin/finance/refunds/${id}/approve`, {}, t('approved'));

  return (
    <div className="flex flex-wrap items-center gap-2">
      <button type="button" onClick={() => void approve()} disabled={pending} aria-busy={pending} className="rounded-lg bg-brand-dark px-2.5 py-1 text-xs font-medium text-white hover:bg-[#005a9c] disabled:opacity-60">
        {pending ? t('approving') : t('approve')}
        <span className="sr-only">: {context}</span>
      </button>
      <ReasonAction
        small
        context={context}
        url={`/api/admin/finance/refunds/${id}/reject`}
        labels={{ open: t('reject'), title: t('rejectTitle'), text: t('rejectText'), reason: t('rejectReason'), hint: t('rejectHint'), confirm: t('rejectConfirm'), cancel: t('cancel'), done: t('rejected') }}
      />
      <span role="status" className={status?.ok === false ? 'text-xs text-danger' : 'sr-only'}>
        {status?.text ?? ''}
      </span>
    </div>
  );
}
