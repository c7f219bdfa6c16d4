'use client';

import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { useLocale, useRouter } from '@/i18n/navigation';
import { ApiCallError, fetchJson } from '@/lib/browser/api/fetch-json';
import { adminSecondaryButtonClass } from '@/components/admin/ui/form';

/** A sales member's own duty: on duty, new leads come to them in turn and unassigned callbacks remind them. */
export function DutyToggle({ onDuty }: { onDuty: boolean }) {
  const t = useTranslations('Admin.leads.duty');
  const locale = useLocale();
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm">
      <p role="status" aria-live="polite" className={onDuty ? 'text-emerald-800' : 'text-muted'}>
        {error ?? (onDuty ? t('on') : t('off'))}
      </p>
      <button
        type="button"
        disabled={busy}
        className={adminSecondaryButtonClass}
        onClick={async () => {
          setBusy(true);
          setError(null);
          try {
            await fetchJson('/api/admin/staff/me/duty', { method: 'PATCH', locale, body: { onDuty: !onDuty } });
            router.refresh();
          } catch (err) {
            setError(err instanceof ApiCallError ? err.message : t('failed'));
          } finally {
            setBusy(false);
          }
        }}
      >
        {onDuty ? t('goOff') : t('goOn')}
      </button>
    </div>
  );
}
