'use client';

import { useId, useRef, useState } from 'react';
import { useTranslations } from 'next-intl';
import { useLocale, useRouter } from '@/i18n/navigation';
import { adminButtonClass, adminSecondaryButtonClass } from '@/components/admin/ui/form';
import { fetchJson, ApiCallError } from '@/lib/browser/api/fetch-json';

/**
 * The register's steps: approve a finished month → download the bank file (CSV or XLSX) → mark it
 * paid after the bank took it (a confirmation first: it writes the payouts to the ledger). The
 * server checks every step again.
 */
export function PayoutActions({ month, status, exported }: { month: string; status: 'open' | 'draft' | 'approved' | 'paid'; exported: boolean }) {
  const t = useTranslations('Admin.payouts');
  const locale = useLocale();
  const router = useRouter();
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [pending, setPending] = useState<'approve' | 'paid' | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  async function run(step: 'approve' | 'paid') {
    setPending(step);
    setMessage(null);
    try {
      await fetchJson(`/api/admin/finance/payouts/${month}/${step}`, { body: {}, locale });
      dialog.current?.close();
      setMessage({ ok: true, text: step === 'approve' ? t('approvedNow') : t('paidNow') });
      router.refresh();
    } catch (err) {
      dialog.current?.close();
      setMessage({ ok: false, text: err instanceof ApiCallError ? err.message : String(err) });
    } finally {
      setPending(null);
    }
  }
  const file = (format: 'csv' | 'xlsx') => `/api/admin/finance/payouts/${month}/export.${format}?lang=${locale}`;

  return (
    <div className="mb-5 rounded-xl border border-line bg-white p-4">
      <ol className="flex flex-wrap items-center gap-3 text-sm">
        <li>
          <button type="button" className={adminButtonClass} disabled={status !== 'draft' || pending !== null} aria-busy={pending === 'approve'} onClick={() => void run('approve')}>
            {pending === 'approve' ? t('approving') : t('approve')}
          </button>
        </li>
        <li className="flex gap-2">
          {status === 'approved' || status === 'paid' ? (
            <>
              <a className={adminSecondaryButtonClass} href={file('csv')} download onClick={() => setTimeout(() => router.refresh(), 1500)}>
                {t('exportCsv')}
              </a>
              <a className={adminSecondaryButtonClass} href={file('xlsx')} download onClick={() => setTimeout(() => router.refresh(), 1500)}>
                {t('exportXlsx')}
              </a>
            </>
          ) : (
            <span className="text-muted">{t('exportAfterApprove')}</span>
          )}
        </li>
        <li>
          <button type="button" className={adminButtonClass} disabled={status !== 'approved' || !exported || pending !== null} onClick={() => dialog.current?.showModal()}>
            {t('markPaid')}
          </button>
        </li>
      </ol>
      {status === 'approved' && !exported && <p className="mt-2 text-xs text-muted">{t('paidAfterExport')}</p>}
      <p role="status" className={`mt-2 text-sm ${message?.ok === false ? 'text-danger' : 'text-ink'}`}>
        {message?.text ?? ''}
      </p>
      <dialog ref={dialog} aria-labelledby={`${id}-title`} className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-xl p-0 text-left backdrop:bg-black/40">
        <div className="space-y-4 p-5">
          <h2 id={`${id}-title`} className="text-lg font-bold">
            {t('paidTitle')}
          </h2>
          <p className="text-sm text-muted">{t('paidText')}</p>
          <div className="flex flex-wrap justify-end gap-2">
            <button type="button" className={adminSecondaryButtonClass} onClick={() => dialog.current?.close()}>
              {t('cancel')}
            </button>
            <button type="button" className={adminButtonClass} disabled={pending !== null} aria-busy={pending === 'paid'} onClick={() => void run('paid')}>
              {pending === 'paid' ? t('paying') : t('paidConfirm')}
            </button>
          </div>
        </div>
      </dialog>
    </div>
  );
}
