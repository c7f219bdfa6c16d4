'use client';

import { useCallback, useEffect, useState, type FocusEvent } from 'react';
import { onToast, type ToastEvent, type ToastKind } from '@/lib/browser/api/toast-bus';

export const TOAST_HIDE_MS = 6000;
const MAX_TOASTS = 3;
/** Kinds that stop the user (server failure, no connection): announced at once as alerts. */
const ALERT_KINDS: ReadonlySet<ToastKind> = new Set<ToastKind>(['reload_browser', 'offline']);

/**
 * Shows the API client's toasts (lib/browser/api/toast-bus) in the page's language. Two live regions stay
 * in the DOM so screen readers announce what is added: role="status" (polite) for a missing
 * permission, role="alert" for a server failure or no connection. A toast of a kind already shown
 * replaces it; each hides after 6 s (paused while hovered or focused), on its close button or Escape.
 */
/** The Toasts namespace, formatted on the server: no message formatter in the page's script. */
export type ToastLabels = Record<ToastKind | 'close', string>;

export function Toaster({ labels, hideAfterMs = TOAST_HIDE_MS }: { labels: ToastLabels; hideAfterMs?: number }) {
  const t = (key: ToastKind | 'close') => labels[key];
  const [toasts, setToasts] = useState<ToastEvent[]>([]);

  useEffect(
    () => onToast((event) => setToasts((list) => [...list.filter((x) => x.kind !== event.kind), event].slice(-MAX_TOASTS))),
    [],
  );
  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((x) => x.id !== id)), []);

  const items = (alert: boolean) =>
    toasts
      .filter((toast) => ALERT_KINDS.has(toast.kind) === alert)
      .map((toast) => (
        <ToastItem
          key={toast.id}
          id={toast.id}
          text={t(toast.kind)}
          closeLabel={t('close')}
          tone={alert ? 'alert' : 'status'}
          hideAfterMs={hideAfterMs}
          onDismiss={dismiss}
        />
      ));

  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex flex-col items-center gap-2 p-4 sm:items-end">
      <div role="alert" className="flex w-full max-w-sm flex-col gap-2">
        {items(true)}
      </div>
      <div role="status" aria-live="polite" className="flex w-full max-w-sm flex-col gap-2">
        {items(false)}
      </div>
    </div>
  );
}

function ToastItem({
  id,
  text,
  closeLabel,
  tone,
  hideAfterMs,
  onDismiss,
}: {
  id: number;
  text: string;
  closeLabel: string;
  tone: 'alert' | 'status';
  hideAfterMs: number;
  onDismiss: (id: number) => void;
}) {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const paused = hovered || focused;

  useEffect(() => {
    if (paused) return;
    const timer = setTimeout(() => onDismiss(id), hideAfterMs);
    return () => clearTimeout(timer);
  }, [paused, hideAfterMs, onDismiss, id]);

  const onBlur = (e: FocusEvent<HTMLDivElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
  };

  return (
    <div
      className={`pointer-events-auto flex items-start gap-3 rounded-xl border border-l-4 border-line bg-white py-3 pr-2 pl-4 text-sm text-ink shadow-lg ${
        tone === 'alert' ? 'border-l-danger' : 'border-l-brand-dark'
      }`}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onDismiss(id);
      }}
    >
      <p className="flex-1 py-1 leading-snug">{text}</p>
      <button
        type="button"
        aria-label={closeLabel}
        title={closeLabel}
        onClick={() => onDismiss(id)}
        className="inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-full text-ink transition-colors hover:bg-line"
      >
        <svg aria-hidden="true" viewBox="0 0 16 16" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
          <path d="M4 4l8 8M12 4l-8 8" />
        </svg>
      </button>
    </div>
  );
}
