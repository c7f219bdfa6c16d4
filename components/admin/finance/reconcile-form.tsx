'use client';

import { useState, type FormEvent } from 'react';
import { useTranslations } from 'next-intl';
import { Link, useLocale } from '@/i18n/navigation';
import { AdminField } from '@/components/admin/ui/field';
import { adminButtonClass, adminInputClass } from '@/components/admin/ui/form';
import { DataTable, EmptyState, cellClass } from '@/components/admin/ui/table';
import { fetchJson, ApiCallError } from '@/lib/browser/api/fetch-json';
import type { ReconcileDifference } from '@/lib/payments/finance';
import { formatTiyn } from '@/lib/tariffs';

interface Result {
  from: string;
  to: string;
  checked: number;
  skipped: number;
  differences: ReconcileDifference[];
  truncated: boolean;
}

/** Runs the reconciliation for a period (one provider call per order: it takes a moment) and lists the differences. */
export function ReconcileForm({ from: initialFrom, to: initialTo }: { from: string; to: string }) {
  const t = useTranslations('Admin.reconciliation');
  const locale = useLocale();
  const [from, setFrom] = useState(initialFrom);
  const [to, setTo] = useState(initialTo);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<{ from?: string; to?: string; form?: string }>({});
  const [result, setResult] = useState<Result | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setPending(true);
    setError({});
    try {
      setResult(await fetchJson<Result>('/api/admin/finance/reconciliation', { body: { from, to }, locale }));
    } catch (err) {
      if (err instanceof ApiCallError) setError({ from: err.fields?.from, to: err.fields?.to, form: err.fields ? undefined : err.message });
      else setError({ form: String(err) });
    } finally {
      setPending(false);
    }
  }

  return (
    <>
      <form onSubmit={submit} noValidate className="mb-5 flex flex-wrap items-end gap-3 rounded-xl border border-line bg-white p-4">
        <AdminField id="rc-from" label={t('from')} error={error.from}>
          <input id="rc-from" type="date" value={from} onChange={(e) => setFrom(e.target.value)} className={adminInputClass} aria-invalid={error.from ? true : undefined} />
        </AdminField>
        <AdminField id="rc-to" label={t('to')} error={error.to} hint={t('limit')}>
          <input id="rc-to" type="date" value={to} onChange={(e) => setTo(e.target.value)} className={adminInputClass} aria-invalid={error.to ? true : undefined} />
        </AdminField>
        <button type="submit" className={adminButtonClass} disabled={pending} aria-busy={pending}>
          {pending ? t('running') : t('run')}
        </button>
      </form>
      <div role="status" aria-live="polite">
        {error.form && <p className="mb-3 text-sm text-danger">{error.form}</p>}
        {!result && !pending && !error.form && <p className="text-sm text-muted">{t('hint')}</p>}
        {result && <p className="mb-3 text-sm">{t('summary', { checked: result.checked, skipped: result.skipped, differences: result.differences.length })}</p>}
        {result?.truncated && <p className="mb-3 text-sm text-amber-900">{t('truncated')}</p>}
      </div>
      {result && (
        <DataTable
          caption={t('caption')}
          head={[t('invoice'), t('ours'), t('provider'), t('amount'), t('kind')]}
          empty={result.differences.length === 0 ? <EmptyState>{t('noDifferences')}</EmptyState> : undefined}
        >
          {result.differences.map((d) => (
            <tr key={d.orderId}>
              <td className={`${cellClass} font-mono`}>
                <Link href={`/admin/payments/${d.orderId}`} prefetch={false} className="text-brand-dark underline-offset-2 hover:underline">
                  {d.invoiceId}
                </Link>
              </td>
              <td className={cellClass}>{d.ours}</td>
              <td className={cellClass}>{d.provider}</td>
              <td className={`${cellClass} whitespace-nowrap text-right tabular-nums`}>
                {formatTiyn(d.amountTiyn, locale)}
                {d.providerAmountTiyn !== null && d.providerAmountTiyn !== d.amountTiyn && <span className="block text-xs text-muted">{formatTiyn(d.providerAmountTiyn, locale)}</span>}
              </td>
              <td className={cellClass}>{t(`kinds.${d.kind}`)}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </>
  );
}
