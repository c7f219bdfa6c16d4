'use client';

import { useEffect, useId, useRef } from 'react';
import { adminButtonClass, adminSecondaryButtonClass } from '../ui/form';

/**
 * A modal confirmation (the browser's <dialog>: focus stays inside, Escape cancels, focus goes back
 * to the button that opened it).
 */
export function ConfirmDialog({
  open,
  title,
  text,
  confirm,
  cancel,
  danger,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  text: string;
  confirm: string;
  cancel: string;
  danger?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      onClose={onClose}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-2xl p-5 shadow-xl backdrop:bg-slate-900/40"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {title}
      </h2>
      <p id={`${id}-text`} className="mt-2 text-sm text-muted">
        {text}
      </p>
      <div className="mt-5 flex flex-wrap justify-end gap-2">
        <button type="button" className={adminSecondaryButtonClass} onClick={onClose} autoFocus>
          {cancel}
        </button>
        <button type="button" className={danger ? `${adminButtonClass} bg-danger hover:bg-red-800` : adminButtonClass} onClick={onConfirm}>
          {confirm}
        </button>
      </div>
    </dialog>
  );
}
