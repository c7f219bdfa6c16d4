'use client';

import { useId, useState } from 'react';
import { useTranslations } from 'next-intl';
import { useLocale, useRouter } from '@/i18n/navigation';
import { ApiCallError, fetchJson } from '@/lib/browser/api/fetch-json';
import { adminButtonClass, adminInputClass, adminSecondaryButtonClass } from '@/components/admin/ui/form';

/** Who works the lead: any member who sells, nobody, or "take it myself". */
export function AssigneeForm({ leadId, assigneeId, me, people }: { leadId: number; assigneeId: number | null; me: number; people: { id: number; name: string; onDuty: boolean }[] }) {
  const t = useTranslations('Admin.leads');
  const locale = useLocale();
  const router = useRouter();
  const id = useId();
  const [value, setValue] = useState(assigneeId === null ? '' : String(assigneeId));
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  async function assign(to: number | 'me' | null) {
    setBusy(true);
    setMessage(null);
    try {
      await fetchJson(`/api/admin/leads/${leadId}/assign`, { locale, body: { assigneeId: to } });
      setMessage({ ok: true, text: t('assign.done') });
      if (to === 'me') setValue(String(me));
      router.refresh();
    } catch (err) {
      setMessage({ ok: false, text: err instanceof ApiCallError ? (Object.values(err.fields ?? {})[0] ?? err.message) : t('actions.failed') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="grid gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        void assign(value ? Number(value) : null);
      }}
    >
      <div>
        <label htmlFor={`${id}-who`} className="mb-1 block text-xs font-medium text-muted">
          {t('assign.label')}
        </label>
        <select id={`${id}-who`} value={value} onChange={(e) => setValue(e.target.value)} className={adminInputClass}>
          <option value="">{t('assign.nobody')}</option>
          {people.map((p) => (
            <option key={p.id} value={p.id}>
              {p.onDuty ? p.name : t('assign.offDuty', { name: p.name })}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={busy} className={adminButtonClass}>
          {t('assign.submit')}
        </button>
        {assigneeId !== me && (
          <button type="button" disabled={busy} onClick={() => assign('me')} className={adminSecondaryButtonClass}>
            {t('assign.takeMe')}
          </button>
        )}
      </div>
      <div role="status" aria-live="polite" className="min-h-5 text-sm">
        {message && <p className={message.ok ? 'text-emerald-800' : 'text-danger'}>{message.text}</p>}
      </div>
    </form>
  );
}
