'use client';

import { useId, useState } from 'react';
import { useTranslations } from 'next-intl';
import { useLocale, useRouter } from '@/i18n/navigation';
import { ApiCallError, fetchJson } from '@/lib/browser/api/fetch-json';
import { adminButtonClass, adminInputClass, adminSecondaryButtonClass } from '@/components/admin/ui/form';
import { LEAD_MOVES, LOST_REASONS, type LeadStatus, type LostReason } from '@/lib/validations/lead-pipeline';

/**
 * The pipeline moves open from the lead's status: one button each, and "lost" with its reason. A
 * move sends the status this page showed; when someone moved the lead meanwhile the server says
 * 409 and the page reloads the lead.
 */
export function StatusActions({ leadId, status }: { leadId: number; status: LeadStatus }) {
  const t = useTranslations('Admin.leads');
  const locale = useLocale();
  const router = useRouter();
  const id = useId();
  const [reason, setReason] = useState<LostReason | ''>('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const moves = LEAD_MOVES[status];

  async function move(to: LeadStatus) {
    if (to === 'lost' && !reason) {
      setMessage({ ok: false, text: t('actions.reasonRequired') });
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      await fetchJson(`/api/admin/leads/${leadId}/status`, { locale, body: { status: to, expected: status, ...(to === 'lost' ? { lostReason: reason } : {}) } });
      setMessage({ ok: true, text: t('actions.done', { status: t(`statuses.${to}`) }) });
      setReason('');
    } catch (err) {
      const conflict = err instanceof ApiCallError && err.status === 409;
      setMessage({ ok: false, text: conflict ? t('actions.conflict') : err instanceof ApiCallError ? err.message : t('actions.failed') });
    } finally {
      setBusy(false);
      router.refresh();
    }
  }

  return (
    <div className="grid gap-3">
      <div role="group" aria-labelledby={`${id}-moves`} className="grid gap-2">
        <p id={`${id}-moves`} className="text-xs font-medium text-muted">
          {t('actions.moveTo')}
        </p>
        <div className="flex flex-wrap gap-2">
          {moves
            .filter((to) => to !== 'lost')
            .map((to) => (
              <button key={to} type="button" disabled={busy} onClick={() => move(to)} className={to === 'won' ? adminButtonClass : adminSecondaryButtonClass}>
                <span aria-hidden="true">→</span>
                {t(`statuses.${to}`)}
              </button>
            ))}
        </div>
      </div>
      {moves.includes('lost') && (
        <div className="flex flex-wrap items-end gap-2">
          <div className="min-w-48 flex-1">
            <label htmlFor={`${id}-reason`} className="mb-1 block text-xs font-medium text-muted">
              {t('actions.reason')}
            </label>
            <select id={`${id}-reason`} value={reason} onChange={(e) => setReason(e.target.value as LostReason | '')} className={adminInputClass}>
              <option value="">{t('actions.chooseReason')}</option>
              {LOST_REASONS.map((r) => (
                <option key={r} value={r}>
                  {t(`lostReasons.${r}`)}
                </option>
              ))}
            </select>
          </div>
          <button type="button" disabled={busy} onClick={() => move('lost')} className={adminSecondaryButtonClass}>
            {t('actions.markLost')}
          </button>
        </div>
      )}
      <div role="status" aria-live="polite" className="min-h-5 text-sm">
        {message && <p className={message.ok ? 'text-emerald-800' : 'text-danger'}>{message.text}</p>}
      </div>
    </div>
  );
}
