/** A tiny event emitter between the API client and the Toaster; no React here. */
export const TOAST_KINDS = ['permission_required', 'reload_browser', 'offline'] as const;
export type ToastKind = (typeof TOAST_KINDS)[number];

export interface ToastEvent {
  id: number;
  kind: ToastKind;
}

export type ToastListener = (event: ToastEvent) => void;

const listeners = new Set<ToastListener>();
let nextId = 1;

export function emitToast(kind: ToastKind): ToastEvent {
  const event = { id: nextId++, kind };
  for (const listener of [...listeners]) listener(event);
  return event;
}

/** Calls the listener on every toast; returns the unsubscribe function. */
export function onToast(listener: ToastListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
