'use client';

import { useTranslations } from 'next-intl';
import { useId, useState, type FormEvent } from 'react';
import { useLocale, useRouter } from '@/i18n/navigation';
import { fetchJson, ApiCallError } from '@/lib/browser/api/fetch-json';
import { deadlineDays } from '@/lib/company-portal/invitation-deadline';
import { buttonClass, inputClass } from './ui';

/** The form the roster's checkboxes belong to (their `form` attribute). */
export const INVITE_FORM_ID = 'invite-form';


/**
 * Personal invitations to the Kazakh test for the employees ticked on the roster: by SMS and/or
 * e-mail, with a deadline (the end of that day in Almaty). An employee already invited gets a new
 * link; one who started is skipped (their link is how they resume).
 */
export function InvitePanel() {
  const t = useTranslations('Company.invite');
  const locale = useLocale();
  const router = useRouter();
  const id = useId();
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [pending, setPending] = useState(false);
  // School days (Almaty), as the server counts them: its last day is one the server takes.
  const days = deadlineDays();

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const employeeIds = form.getAll('employee').map(Number);
    const channels = form.getAll('channel').map(String);
    if (employeeIds.length === 0) return setStatus({ ok: false, text: t('noneSelected') });
    if (channels.length === 0) return setStatus({ ok: false, text: t('noChannel') });
    setPending(true);
    setStatus(null);
    try {
      const r = await fetchJson<{ sent: number; skipped: { id: number; reason: 'started' | 'no_contact' | 'too_soon' }[] }>('/api/company/invitations', {
        body: { employeeIds, channels, deadline: String(form.get('deadline') ?? '') },
        locale,
      });
      const started = r.skipped.filter((s) => s.reason === 'started').length;
      const noContact = r.skipped.filter((s) => s.reason === 'no_contact').length;
      const tooSoon = r.skipped.filter((s) => s.reason === 'too_soon').length;
      setStatus({
        ok: true,
        text: [t('sent', { count: r.sent }), started ? t('skippedStarted', { count: started }) : '', noContact ? t('skippedNoContact', { count: noContact }) : '', tooSoon ? t('skippedTooSoon', { count: tooSoon }) : '']
          .filter(Boolean)
          .join(' '),
      });
      router.refresh();
    } catch (err) {
      const fields = err instanceof ApiCallError ? Object.values(err.fields ?? {}) : [];
      setStatus({ ok: false, text: [err instanceof Error ? err.message : String(err), ...fields].join(' ') });
    } finally {
      setPending(false);
    }
  }

  return (
    <form id={INVITE_FORM_ID} onSubmit={(e) => void submit(e)} className="flex flex-wrap items-end gap-4 rounded-2xl bg-white p-4 shadow-sm" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="w-full text-lg font-semibold">
        {t('title')}
      </h2>
      <p className="w-full text-sm text-muted">{t('hint')}</p>
      <fieldset className="flex gap-4">
        <legend className="mb-1 text-sm font-medium">{t('channels')}</legend>
        <label className="flex items-center gap-2">
          <input type="checkbox" name="channel" value="sms" defaultChecked /> {t('sms')}
        </label>
        <label className="flex items-center gap-2">
          <input type="checkbox" name="channel" value="email" defaultChecked /> {t('email')}
        </label>
      </fieldset>
      <div>
        <label htmlFor={`${id}-deadline`} className="mb-1 block text-sm font-medium">
          {t('deadline')}
        </label>
        <input id={`${id}-deadline`} name="deadline" type="date" required min={days.min} max={days.max} defaultValue={days.suggested} className={inputClass} />
      </div>
      <button type="submit" className={buttonClass} disabled={pending} aria-busy={pending} data-testid="invite-send">
        {t('send')}
      </button>
      {status && (
        <p role={status.ok ? 'status' : 'alert'} className={`w-full text-sm ${status.ok ? 'text-brand-dark' : 'text-danger'}`} data-testid="invite-status">
          {status.text}
        </p>
      )}
    </form>
  );
}

/** Roster-only: the company's Kazakh test entry form then refuses an IIN that is not on the roster. */
export function RosterOnlyToggle({ initial }: { initial: boolean }) {
  const t = useTranslations('Company.invite');
  const locale = useLocale();
  const [on, setOn] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  async function change(next: boolean) {
    setError(null);
    setSaved(null);
    try {
      const r = await fetchJson<{ rosterOnly: boolean }>('/api/company/settings', { method: 'PATCH', body: { rosterOnly: next }, locale });
      setOn(r.rosterOnly);
      // The change is saved at once: say so (journey E: it acted without a visible save).
      setSaved(r.rosterOnly ? t('rosterOnlySavedOn') : t('rosterOnlySavedOff'));
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  }
  return (
    <div className="rounded-2xl bg-white p-4 shadow-sm">
      <label className="flex items-start gap-3">
        <input type="checkbox" className="mt-1" checked={on} onChange={(e) => void change(e.target.checked)} data-testid="roster-only" />
        <span>
          <span className="block font-medium">{t('rosterOnly')}</span>
          <span className="block text-sm text-muted">{t('rosterOnlyHint')}</span>
        </span>
      </label>
      <p role="status" aria-live="polite" className="mt-2 text-sm font-medium text-[#0b7a63]">
        {saved}
      </p>
      {error && (
        <p role="alert" className="mt-2 text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

/** "Select all" for the roster page's invitation checkboxes (journey E: each was ticked one by one). */
export function SelectAllEmployees({ label, testId = 'select-all-employees' }: { label: string; testId?: string }) {
  return (
    <input
      type="checkbox"
      aria-label={label}
      data-testid={testId}
      onChange={(e) => {
        const on = e.currentTarget.checked;
        for (const box of document.querySelectorAll<HTMLInputElement>(`input[name="employee"][form="${INVITE_FORM_ID}"]`)) box.checked = on;
      }}
    />
  );
}
