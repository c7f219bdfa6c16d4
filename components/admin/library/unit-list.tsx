'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Link, useLocale, useRouter } from '@/i18n/navigation';
import { fetchJson } from '@/lib/browser/api/fetch-json';
import { adminSecondaryButtonClass } from '@/components/admin/ui/form';

export interface UnitRow {
  id: number;
  key: string;
  title: string;
  steps: number;
  version: number;
  draft: boolean;
  publishedVersion: number | null;
}

const small = `${adminSecondaryButtonClass} !px-2 !py-1 text-xs`;

/** A course's units in order: each opens in the editor, moves up or down, or goes to the archive (its students' progress kept). */
export function UnitList({ courseId, units }: { courseId: number; units: UnitRow[] }) {
  const t = useTranslations('Admin.library');
  const locale = useLocale();
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function run(call: () => Promise<unknown>) {
    setBusy(true);
    setError(null);
    try {
      await call();
      router.refresh();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }
  const move = (from: number, to: number) => {
    const keys = units.map((u) => u.key);
    const [k] = keys.splice(from, 1);
    keys.splice(to, 0, k!);
    return run(() => fetchJson(`/api/admin/library/courses/${courseId}/units/order`, { method: 'PUT', body: { keys }, locale }));
  };
  const archive = (u: UnitRow) => {
    if (!window.confirm(t('archiveConfirm', { unit: u.title }))) return;
    return run(() => fetchJson(`/api/admin/library/units/${u.id}/archive`, { body: {}, locale }));
  };
  return (
    <div>
      {units.length === 0 ? (
        <p className="rounded-xl border border-line bg-white p-4 text-sm text-muted">{t('noUnits')}</p>
      ) : (
        <ol className="divide-y divide-line rounded-xl border border-line bg-white" data-testid="unit-list">
          {units.map((u, i) => (
            <li key={u.id} className="flex flex-wrap items-center gap-3 p-3" data-testid={`unit-${u.key}`}>
              <span className="w-6 text-right text-sm text-muted tabular-nums">{i + 1}.</span>
              <div className="min-w-48 flex-1">
                <Link href={`/admin/library/units/${u.id}`} className="font-medium text-brand-dark hover:underline">
                  {u.title}
                </Link>
                <p className="text-xs text-muted">
                  {u.key} · {t('stepsCount', { count: u.steps })} · {t('versionOf', { version: u.version })}
                  {u.draft ? ` · ${t('draftVersion')}` : ''}
                  {u.publishedVersion && u.draft ? ` · ${t('studentsSee', { version: u.publishedVersion })}` : ''}
                </p>
              </div>
              <div className="flex gap-1">
                <button type="button" className={small} disabled={busy || i === 0} onClick={() => move(i, i - 1)} aria-label={t('moveUp', { unit: u.title })}>
                  ↑
                </button>
                <button type="button" className={small} disabled={busy || i === units.length - 1} onClick={() => move(i, i + 1)} aria-label={t('moveDown', { unit: u.title })}>
                  ↓
                </button>
                <button type="button" className={small} disabled={busy} onClick={() => archive(u)}>
                  {t('archive')}
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}
      {error && (
        <p role="alert" className="mt-2 text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
