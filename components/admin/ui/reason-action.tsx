'use client';

import { useId, useRef, useState, type FormEvent } from 'react';
import { useLocale, useRouter } from '@/i18n/navigation';
import { fetchJson, ApiCallError } from '@/lib/browser/api/fetch-json';
import { adminInputClass, adminSecondaryButtonClass } from './form';

export const adminDangerButtonClass =
  'inline-flex items-center justify-center gap-2 rounded-lg bg-danger px-4 py-2 text-sm font-medium text-white hover:bg-red-800 disabled:opacity-60';

export interface ReasonActionLabels {
  /** The button that opens the dialog. */
  open: string;
  title: string;
  text: string;
  reason: string;
  hint: string;
  confirm: string;
  cancel: string;
  done: string;
}

/**
 * An irreversible or weighty action that needs a written reason (block an account, annul a sitting,
 * revoke a certificate): a modal dialog (focus kept inside, Esc closes) with the reason, then POST
 * {reason} to `url` and a fresh server render of the page. The server checks the scope again.
 */
export function ReasonAction({ url, labels, small, context }: { url: string; labels: ReasonActionLabels; small?: boolean; context?: string }) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const router = useRouter();
  const locale = useLocale();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    setPending(true);
    try {
      await fetchJson(url, { body: { reason }, locale });
      dialog.current?.close();
      setDone(true);
      router.refresh();
    } catch (err) {
      setError(err instanceof ApiCallError ? (err.fields?.reason ?? err.message) : String(err));
    } finally {
      setPending(false);
    }
  }

  return (
    <>
      <button
        type="button"
        className={small ? 'rounded-lg border border-danger/40 px-2.5 py-1 text-xs font-medium text-danger hover:bg-red-50' : adminDangerButtonClass}
        onClick={() => {
          setError(null);
          dialog.current?.showModal();
        }}
      >
        {labels.open}
        {/* In a table every row has the button: its name says which row it acts on. */}
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
          <p className="text-sm text-muted">{labels.text}</p>
          <div>
            <label htmlFor={`${id}-reason`} className="mb-1 block text-sm font-medium">
              {labels.reason}
            </label>
            <textarea
              id={`${id}-reason`}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              rows={3}
              maxLength={500}
              required
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : `${id}-hint`}
              className={adminInputClass}
            />
            {error ? (
              <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-danger">
                {error}
              </p>
            ) : (
              <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
                {labels.hint}
              </p>
            )}
          </div>
          <div className="flex flex-wrap justify-end gap-2">
            <button type="button" className={adminSecondaryButtonClass} onClick={() => dialog.current?.close()}>
              {labels.cancel}
            </button>
            <button type="submit" className={adminDangerButtonClass} disabled={pending} aria-busy={pending}>
              {labels.confirm}
            </button>
          </div>
        </form>
      </dialog>
    </>
  );
}
