'use client';

import { useState } from 'react';
import { useLocale } from '@/i18n/navigation';
import { secondaryButtonClass } from './ui';
import { useHydrated } from './use-hydrated';

/**
 * The export with full IINs: a separate action behind an explicit confirmation, sent as a POST
 * (audited on the server as results.export_full_iin), then saved as a file.
 */
export function FullIinExport({ filter, labels }: { filter: Record<string, string>; labels: { title: string; intro: string; confirm: string; button: string; error: string } }) {
  const locale = useLocale();
  const hydrated = useHydrated();
  const [confirmed, setConfirmed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  async function download() {
    setBusy(true);
    setError('');
    try {
      const res = await fetch('/api/company/results/export', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-language': locale },
        body: JSON.stringify({ format: 'xlsx', confirm: true, lang: locale, filter }),
        credentials: 'same-origin',
      });
      if (!res.ok) throw new Error(String(res.status));
      const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'results.xlsx';
      const url = URL.createObjectURL(await res.blob());
      const a = document.createElement('a');
      a.href = url;
      a.download = name;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch {
      setError(labels.error);
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="rounded-xl border border-amber-300 bg-amber-50 p-4">
      <h3 className="font-semibold">{labels.title}</h3>
      <p className="mt-1 text-sm">{labels.intro}</p>
      <label className="mt-3 flex items-start gap-2 text-sm">
        <input type="checkbox" className="mt-0.5 size-4" checked={confirmed} disabled={!hydrated} onChange={(e) => setConfirmed(e.target.checked)} />
        <span>{labels.confirm}</span>
      </label>
      <button type="button" className={`${secondaryButtonClass} mt-3`} disabled={!hydrated || !confirmed || busy} onClick={() => void download()}>
        {labels.button}
      </button>
      {error && (
        <p role="alert" className="mt-2 text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
