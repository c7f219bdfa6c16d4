'use client';

import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useLocale, useRouter } from '@/i18n/navigation';
import { fetchJson, ApiCallError } from '@/lib/browser/api/fetch-json';
import { adminButtonClass, adminInputClass, adminSecondaryButtonClass } from '@/components/admin/ui/form';
import { adminDangerButtonClass } from '@/components/admin/ui/reason-action';
import { SCHOOL_OFFSET } from '@/lib/time/school-clock';

export interface GroupActionLabels {
  /** The button that opens the dialog. */
  open: string;
  title: string;
  confirm: string;
  cancel: string;
  done: string;
}

/** What the dialog asks for: nothing, a choice (another group: `{[name]: id}`), or a new start (Almaty time: `{startsAt}`). */
type Ask = { kind: 'none' } | { kind: 'choice'; name: string; label: string; options: [number, string][]; empty: string } | { kind: 'datetime'; label: string; hint: string };

/** "2026-12-01T18:30" typed in Almaty's time → the instant with the school's offset. */
export const almatyInstant = (local: string) => `${local}:00${SCHOOL_OFFSET}`;

/**
 * A weighty action on a group (open it for sale, merge it, move a seat, reschedule a lesson): a
 * modal dialog (focus kept inside, Esc closes) that says what will happen before anything is done,
 * asks what it needs, then POSTs to `url` and renders the page again. The server checks the scope.
 */
export function GroupAction({ url, labels, ask = { kind: 'none' }, children, danger, small, context }: { url: string; labels: GroupActionLabels; ask?: Ask; children?: ReactNode; danger?: boolean; small?: boolean; context?: string }) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const router = useRouter();
  const locale = useLocale();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    const body = ask.kind === 'choice' ? { [ask.name]: Number(value) } : ask.kind === 'datetime' ? { startsAt: value ? almatyInstant(value) : '' } : undefined;
    setPending(true);
    try {
      await fetchJson(url, { method: 'POST', body: body ?? {}, locale });
      dialog.current?.close();
      setDone(true);
      router.refresh();
    } catch (err) {
      setError(err instanceof ApiCallError ? err.message : String(err));
    } finally {
      setPending(false);
    }
  }

  const smallClass = 'rounded-lg border border-line px-2.5 py-1 text-xs font-medium text-ink hover:border-brand min-h-8';
  return (
    <>
      <button
        type="button"
        className={small ? smallClass : danger ? adminDangerButtonClass : adminSecondaryButtonClass}
        onClick={() => {
          setError(null);
          dialog.current?.showModal();
        }}
      >
        {labels.open}
        {context && <span className="sr-only">: {context}</span>}
      </button>
      <span role="status" className="sr-only">
        {done ? labels.done : ''}
      </span>
      <dialog ref={dialog} aria-labelledby={`${id}-title`} className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-xl p-0 text-left backdrop:bg-black/40">
        <form onSubmit={submit} noValidate className="space-y-4 p-5">
          <h2 id={`${id}-title`} className="text-lg font-bold">
            {labels.title}
          </h2>
          <div className="space-y-2 text-sm text-muted">{children}</div>
          {ask.kind === 'choice' && (
            <div>
              <label htmlFor={`${id}-choice`} className="mb-1 block text-sm font-medium">
                {ask.label}
              </label>
              {ask.options.length === 0 ? (
                <p className="text-sm">{ask.empty}</p>
              ) : (
                <select id={`${id}-choice`} value={value} onChange={(e) => setValue(e.target.value)} required className={adminInputClass} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined}>
                  <option value="" />
                  {ask.options.map(([v, text]) => (
                    <option key={v} value={v}>
                      {text}
                    </option>
                  ))}
                </select>
              )}
            </div>
          )}
          {ask.kind === 'datetime' && (
            <div>
              <label htmlFor={`${id}-at`} className="mb-1 block text-sm font-medium">
                {ask.label}
              </label>
              <input
                id={`${id}-at`}
                type="datetime-local"
                step={900}
                value={value}
                onChange={(e) => setValue(e.target.value)}
                required
                className={adminInputClass}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : `${id}-hint`}
              />
              {!error && (
                <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
                  {ask.hint}
                </p>
              )}
            </div>
          )}
          {error && (
            <p id={`${id}-error`} role="alert" className="text-sm text-danger">
              {error}
            </p>
          )}
          <div className="flex flex-wrap justify-end gap-2">
            <button type="button" className={adminSecondaryButtonClass} onClick={() => dialog.current?.close()}>
              {labels.cancel}
            </button>
            <button type="submit" className={danger ? adminDangerButtonClass : adminButtonClass} disabled={pending || (ask.kind !== 'none' && !value)} aria-busy={pending}>
              {labels.confirm}
            </button>
          </div>
        </form>
      </dialog>
    </>
  );
}

/** Whether an approved tutor teaches groups (only such a tutor is given one): one reversible click, audited on the server. */
export function TeachesGroupsToggle({ tutorId, teaches, labels }: { tutorId: number; teaches: boolean; labels: { label: string; on: string; off: string } }) {
  const router = useRouter();
  const locale = useLocale();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function toggle() {
    setPending(true);
    setError(null);
    try {
      await fetchJson(`/api/admin/groups/tutors/${tutorId}`, { method: 'PUT', body: { teachesGroups: !teaches }, locale });
      router.refresh();
    } catch (err) {
      setError(err instanceof ApiCallError ? err.message : String(err));
    } finally {
      setPending(false);
    }
  }
  return (
    <div className="flex flex-wrap items-center gap-3">
      <button type="button" role="switch" aria-checked={teaches} onClick={toggle} disabled={pending} aria-busy={pending} className={adminSecondaryButtonClass} data-testid="teaches-groups">
        <span aria-hidden className={`inline-block size-3 rounded-full ${teaches ? 'bg-green-600' : 'bg-line'}`} />
        {labels.label}: {teaches ? labels.on : labels.off}
      </button>
      <span role="status" className="text-sm text-danger">
        {error}
      </span>
    </div>
  );
}
