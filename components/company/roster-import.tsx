'use client';

import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { useLocale, useRouter } from '@/i18n/navigation';
import { ApiCallError } from '@/lib/browser/api/fetch-json';
import { buttonClass, secondaryButtonClass } from './ui';
import { useHydrated } from './use-hydrated';

interface Preview {
  summary: { total: number; withProblems: number; added: number; updated: number; restored: number };
  problems: { line: number; column: string; message: string }[];
  notes: { line: number; message: string }[];
  /** The first rows as read: HR sees that the columns were understood (journey E: counts only). */
  sample?: { line: number; lastName: string; firstName: string; iinLast4: string; positionCode: string }[];
}

async function upload(url: string, file: File, locale: string, basis: boolean): Promise<{ status: number; body: Record<string, unknown> }> {
  const form = new FormData();
  form.set('file', file);
  if (basis) form.set('basis', 'yes');
  const res = await fetch(url, { method: 'POST', body: form, headers: { 'accept-language': locale }, credentials: 'same-origin' });
  return { status: res.status, body: (await res.json().catch(() => ({}))) as Record<string, unknown> };
}

const errorOf = (body: Record<string, unknown>, status: number) => {
  const e = body.error as { code?: string; message?: string; fields?: Record<string, string> } | undefined;
  return new ApiCallError(status, e?.code ?? 'internal', e?.fields?.file ?? e?.fields?.basis ?? e?.message ?? String(status), e?.fields);
};

/**
 * Choose a file, see every row's problems (nothing saved yet), then import it all at once. Any
 * problem left stops the import; the HR person fixes the file and chooses it again.
 */
export function RosterImport() {
  const t = useTranslations('Company.import');
  const tc = useTranslations('Company.roster.column');
  const locale = useLocale();
  const router = useRouter();
  const fileId = useId();
  const basisId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [basis, setBasis] = useState(false);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();

  async function check(chosen: File) {
    setBusy(true);
    setMessage(null);
    setPreview(null);
    try {
      const { status, body } = await upload('/api/company/roster/preview', chosen, locale, false);
      if (status !== 200) throw errorOf(body, status);
      setPreview(body as unknown as Preview);
    } catch (err) {
      setMessage({ ok: false, text: err instanceof Error ? err.message : String(err) });
    } finally {
      setBusy(false);
    }
  }

  async function commit() {
    if (!file) return;
    setBusy(true);
    setMessage(null);
    try {
      const { status, body } = await upload('/api/company/roster/import', file, locale, basis);
      if (status === 422 && body.preview) {
        setPreview(body.preview as Preview);
        throw errorOf(body, status);
      }
      if (status !== 200) throw errorOf(body, status);
      const s = (body as unknown as Preview).summary;
      setMessage({ ok: true, text: t('done', { added: s.added, updated: s.updated }) });
      setPreview(null);
      setFile(null);
      router.refresh();
    } catch (err) {
      setMessage({ ok: false, text: err instanceof Error ? err.message : String(err) });
    } finally {
      setBusy(false);
    }
  }

  const clean = preview && preview.problems.length === 0;
  return (
    <div className="space-y-5">
      <div>
        <label htmlFor={fileId} className="mb-1 block text-sm font-medium">
          {t('file')}
        </label>
        <input
          id={fileId}
          type="file"
          disabled={!hydrated}
          accept=".xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv"
          className="block w-full text-sm file:mr-3 file:min-h-11 file:rounded-lg file:border file:border-line file:bg-white file:px-4 file:py-2"
          onChange={(e) => {
            const chosen = e.target.files?.[0] ?? null;
            setFile(chosen);
            if (chosen) void check(chosen);
          }}
        />
        <p className="mt-1 text-xs text-muted">{t('fileHint')}</p>
      </div>

      <div aria-live="polite" className="space-y-3">
        {busy && <p className="text-sm text-muted">{t('checking')}</p>}
        {preview && (
          <section aria-labelledby="preview-title" className="space-y-3">
            <h2 id="preview-title" className="text-lg font-semibold">
              {t('previewTitle')}
            </h2>
            <p className="text-sm" data-testid="roster-summary">
              {t('summary', { total: preview.summary.total, problems: preview.summary.withProblems, added: preview.summary.added, updated: preview.summary.updated })}
            </p>
            {preview.sample && preview.sample.length > 0 && (
              <div className="overflow-x-auto">
                <table className="w-full border-collapse text-left text-sm" data-testid="roster-sample">
                  <caption className="mb-1 text-left font-medium">{t('sampleTitle', { count: preview.sample.length })}</caption>
                  <thead className="text-xs text-muted">
                    <tr>
                      {[t('sampleLine'), tc('lastName'), tc('firstName'), tc('iin'), tc('positionCode')].map((h) => (
                        <th key={h} scope="col" className="px-2 py-1 font-medium">
                          {h}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-line">
                    {preview.sample.map((r) => (
                      <tr key={r.line}>
                        <td className="px-2 py-1 tabular-nums">{r.line}</td>
                        <td className="px-2 py-1">{r.lastName}</td>
                        <td className="px-2 py-1">{r.firstName}</td>
                        <td className="px-2 py-1 whitespace-nowrap tabular-nums">•••• {r.iinLast4}</td>
                        <td className="px-2 py-1">{r.positionCode}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            {preview.notes.length > 0 && (
              <details className="rounded-lg bg-sky-50 p-3 text-sm" open={preview.notes.length <= 5}>
                <summary className="cursor-pointer font-medium">{t('notesTitle', { count: preview.notes.length })}</summary>
                <ul className="mt-2 space-y-1">
                  {preview.notes.map((n) => (
                    <li key={n.line}>{t('row', { line: n.line, message: n.message })}</li>
                  ))}
                </ul>
              </details>
            )}
            {preview.problems.length > 0 ? (
              <div className="rounded-lg border border-red-200 bg-red-50 p-3">
                <p className="font-medium text-danger">{t('problemsTitle', { count: preview.problems.length })}</p>
                <ul className="mt-2 max-h-96 space-y-1 overflow-y-auto text-sm" data-testid="roster-problems">
                  {preview.problems.map((p, i) => (
                    <li key={i}>{t('problem', { line: p.line, column: p.column, message: p.message })}</li>
                  ))}
                </ul>
              </div>
            ) : (
              <p className="text-sm font-medium text-emerald-800">{t('clean')}</p>
            )}
          </section>
        )}
        {message && (
          <p role={message.ok ? 'status' : 'alert'} className={`rounded-lg px-3 py-2 text-sm ${message.ok ? 'bg-emerald-50 text-emerald-800' : 'bg-red-50 text-danger'}`}>
            {message.text}
          </p>
        )}
      </div>

      {clean && (
        <div className="space-y-3 rounded-xl border border-line bg-white p-4">
          <label htmlFor={basisId} className="flex items-start gap-2 text-sm">
            <input id={basisId} type="checkbox" className="mt-0.5 size-5 shrink-0" checked={basis} onChange={(e) => setBasis(e.target.checked)} />
            <span>{t('basisConfirm')}</span>
          </label>
          <div className="flex flex-wrap gap-3">
            <button type="button" className={buttonClass} disabled={busy || !basis} onClick={() => void commit()}>
              {t('import', { count: preview.summary.total })}
            </button>
            <button
              type="button"
              className={secondaryButtonClass}
              disabled={busy}
              onClick={() => {
                setPreview(null);
                setFile(null);
              }}
            >
              {t('cancel')}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
