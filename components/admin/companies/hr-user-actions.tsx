'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useLocale, useRouter } from '@/i18n/navigation';
import { fetchJson } from '@/lib/browser/api/fetch-json';
import { adminSecondaryButtonClass } from '@/components/admin/ui/form';

/** Disable or enable an HR person, or mail a fresh password link. */
export function HrUserActions({ companyId, user }: { companyId: number; user: { id: number; name: string; disabled: boolean } }) {
  const t = useTranslations('Admin.companies.hr');
  const locale = useLocale();
  const router = useRouter();
  const [status, setStatus] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function patch(body: { disabled?: boolean; resendLink?: true }, done: string) {
    setBusy(true);
    setStatus(null);
    try {
      await fetchJson(`/api/admin/companies/${companyId}/hr-users/${user.id}`, { method: 'PATCH', body, locale });
      setStatus(done);
      router.refresh();
    } catch (err) {
      setStatus(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="flex flex-wrap items-center gap-2">
      {!user.disabled && (
        <button type="button" className={adminSecondaryButtonClass} disabled={busy} aria-label={t('resendLabel', { name: user.name })} onClick={() => void patch({ resendLink: true }, t('resent'))}>
          {t('resend')}
        </button>
      )}
      <button
        type="button"
        className={adminSecondaryButtonClass}
        disabled={busy}
        aria-label={t(user.disabled ? 'enableLabel' : 'disableLabel', { name: user.name })}
        onClick={() => void patch({ disabled: !user.disabled }, t(user.disabled ? 'enabled' : 'disabled'))}
      >
        {t(user.disabled ? 'enable' : 'disable')}
      </button>
      <p role="status" className="text-sm text-muted">
        {status}
      </p>
    </div>
  );
}
