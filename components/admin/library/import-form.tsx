'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useLocale, useRouter } from '@/i18n/navigation';
import { ApiCallError, fetchJson } from '@/lib/browser/api/fetch-json';
import { adminButtonClass, adminInputClass } from '@/components/admin/ui/form';

type Outcome = { ok: true; text: string } | { ok: false; text: string; problems: [string, string][] };

/**
 * Import of a course file: the file is read in the browser and sent as it is; the server checks the
 * whole of it and stores nothing when anything is wrong, answering every problem by its place in the
 * file (`units[2].steps[4].answer`), each listed here in the reader's language.
 */
export function ImportForm() {
  const t = useTranslations('Admin.library.import');
  const locale = useLocale();
  const router = useRouter();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  async function send(ev: React.FormEvent) {
    ev.preventDefault();
    if (!file) return setOutcome({ ok: false, text: t('pick'), problems: [] });
    setBusy(true);
    setOutcome(null);
    try {
      let body: unknown;
      try {
        body = JSON.parse(await file.text());
      } catch {
        return setOutcome({ ok: false, text: t('notJson'), problems: [] });
      }
      const res = await fetchJson<{ courseId: number; created: boolean }>('/api/admin/library/import', { body, locale });
      setOutcome({ ok: true, text: res.created ? t('created') : t('updated') });
      router.push(`/admin/library/${res.courseId}`);
    } catch (err) {
      const problems = err instanceof ApiCallError && err.fields ? Object.entries(err.fields) : [];
      setOutcome({ ok: false, text: err instanceof Error ? err.message : String(err), problems });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={send} noValidate className="max-w-3xl space-y-3 rounded-xl border border-line bg-white p-4" data-testid="import-form">
      <p className="text-sm text-muted">{t('lead')}</p>
      <div>
        <label htmlFor="import-file" className="mb-1 block text-sm font-medium text-ink">
          {t('file')}
        </label>
        <input id="import-file" type="file" accept="application/json,.json" className={adminInputClass} onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
      </div>
      <button type="submit" className={adminButtonClass} disabled={busy} aria-busy={busy}>
        {t('submit')}
      </button>
      <div role="status" aria-live="polite">
        {outcome && (
          <div className={`rounded-lg px-3 py-2 text-sm ${outcome.ok ? 'bg-green-50' : 'bg-red-50 text-danger'}`} data-testid="import-outcome">
            <p>{outcome.text}</p>
            {!outcome.ok && outcome.problems.length > 0 && (
              <ul className="mt-2 list-disc space-y-1 pl-5">
                {outcome.problems.map(([place, message]) => (
                  <li key={place}>
                    <code className="font-mono text-xs">{place}</code>: {message}
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
      </div>
    </form>
  );
}
