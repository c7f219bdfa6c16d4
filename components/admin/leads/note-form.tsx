'use client';

import { useId, useState } from 'react';
import { useTranslations } from 'next-intl';
import { useLocale, useRouter } from '@/i18n/navigation';
import { ApiCallError, fetchJson } from '@/lib/browser/api/fetch-json';
import { adminButtonClass, adminInputClass } from '@/components/admin/ui/form';
import { LEAD_NOTE_MAX } from '@/lib/validations/lead-pipeline';

/** A note in the lead's history: what was said on the call, when to call again. */
export function NoteForm({ leadId }: { leadId: number }) {
  const t = useTranslations('Admin.leads.note');
  const tv = useTranslations('Validation');
  const locale = useLocale();
  const router = useRouter();
  const id = useId();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const length = text.trim().length;

  return (
    <form
      className="grid gap-2"
      noValidate
      onSubmit={async (e) => {
        e.preventDefault();
        setDone(false);
        if (!length) return setError(tv('required'));
        if (length > LEAD_NOTE_MAX) return setError(tv('too_long'));
        setBusy(true);
        setError(null);
        try {
          await fetchJson(`/api/admin/leads/${leadId}/notes`, { locale, body: { text } });
          setText('');
          setDone(true);
          router.refresh();
        } catch (err) {
          setError(err instanceof ApiCallError ? (err.fields?.text ?? err.message) : t('failed'));
        } finally {
          setBusy(false);
        }
      }}
    >
      <label htmlFor={`${id}-text`} className="block text-sm font-medium text-ink">
        {t('label')}
      </label>
      <textarea
        id={`${id}-text`}
        rows={4}
        value={text}
        onChange={(e) => setText(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint`}
        className={adminInputClass}
      />
      <p id={`${id}-hint`} className={`text-xs ${error ? 'text-danger' : 'text-muted'}`}>
        {error ?? t('hint', { count: length, max: LEAD_NOTE_MAX })}
      </p>
      <div className="flex items-center gap-3">
        <button type="submit" disabled={busy} className={adminButtonClass}>
          {t('submit')}
        </button>
        <p role="status" aria-live="polite" className="text-sm text-emerald-800">
          {done ? t('done') : ''}
        </p>
      </div>
    </form>
  );
}
