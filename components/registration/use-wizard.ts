'use client';

import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';

/** Where an SMS code went and its clock (epoch ms): when a new one may be asked for, when it dies. */
export interface SmsState {
  phone: string;
  resendAt: number;
  expiresAt: number;
}

/** The code sent is still valid (not yet 5 minutes old). */
export const smsAlive = (sms: SmsState) => Date.now() < sms.expiresAt;

export type FieldErrors = Record<string, string>;

interface WizardState<D> {
  step: number;
  data: D;
  /** True once the visitor moved between steps: only then does focus go to the step heading. */
  navigated: boolean;
  /** Server messages for fields of the current step. */
  errors: FieldErrors;
  done: boolean;
}

export interface WizardOptions<D> {
  /** sessionStorage key, one per wizard. */
  storageKey: string;
  initial: D;
  /** Fields never written to storage (password, code). */
  secret: readonly (keyof D)[];
  /** The step to resume at, given the stored step and what is known (a secret lost on reload sends the visitor back). */
  resume: (step: number, data: D) => number;
}

function read<D>(key: string): { step: number; data: Partial<D> } | null {
  try {
    const raw = window.sessionStorage.getItem(key);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as { step?: unknown; data?: unknown };
    if (typeof parsed.step !== 'number' || !parsed.data || typeof parsed.data !== 'object') return null;
    return { step: parsed.step, data: parsed.data as Partial<D> };
  } catch {
    return null;
  }
}

function write<D>(key: string, step: number, data: D, secret: readonly (keyof D)[]) {
  try {
    const kept = { ...data } as Record<string, unknown>;
    for (const field of secret) delete kept[field as string];
    window.sessionStorage.setItem(key, JSON.stringify({ step, data: kept }));
  } catch {
    // Storage full or disabled: the wizard still works, it just forgets on reload.
  }
}

/**
 * Step-by-step form state that survives a reload (sessionStorage) except for the secret fields.
 * Render the wizard only on the client (useHydrated): its first state comes from storage.
 */
export function useWizard<D extends object>({ storageKey, initial, secret, resume }: WizardOptions<D>) {
  const [state, setState] = useState<WizardState<D>>(() => {
    const saved = read<D>(storageKey);
    const data = { ...initial, ...saved?.data } as D;
    return { step: saved ? Math.max(0, resume(saved.step, data)) : 0, data, navigated: false, errors: {}, done: false };
  });
  const latest = useRef(state);
  // What was typed on the current step but not yet submitted.
  const draft = useRef<Partial<D>>({});

  useEffect(() => {
    latest.current = state;
    draft.current = {};
    if (state.done) window.sessionStorage.removeItem(storageKey);
    else write(storageKey, state.step, state.data, secret);
  }, [state, storageKey, secret]);

  /** Keeps what is being typed, so a reload restores it. */
  const persist = useCallback(
    (values: Partial<D>) => {
      draft.current = { ...draft.current, ...values };
      const { step, data, done } = latest.current;
      if (!done) write(storageKey, step, { ...data, ...draft.current }, secret);
    },
    [storageKey, secret],
  );

  /** Moves to a step, merging values into the data; errors go to that step's fields. */
  const go = useCallback((step: number, values: Partial<D> = {}, errors: FieldErrors = {}) => {
    setState((s) => ({ ...s, step, data: { ...s.data, ...draft.current, ...values }, navigated: true, errors }));
  }, []);

  /** Shows server errors on the current step's fields. */
  const showErrors = useCallback((errors: FieldErrors) => setState((s) => ({ ...s, errors })), []);

  /** Updates data without moving (e.g. a resent code's clock). */
  const patch = useCallback((values: Partial<D>) => setState((s) => ({ ...s, data: { ...s.data, ...values } })), []);

  /** The last step: storage is cleared and the secrets forgotten. */
  const finish = useCallback(
    (step: number, values: Partial<D> = {}) => {
      setState((s) => {
        const data = { ...s.data, ...values };
        for (const field of secret) delete (data as Record<string, unknown>)[field as string];
        return { step, data: { ...initial, ...data }, navigated: true, errors: {}, done: true };
      });
    },
    [initial, secret],
  );

  return { ...state, persist, go, showErrors, patch, finish };
}

export type Wizard<D extends object> = ReturnType<typeof useWizard<D>>;

const noop = () => () => {};

/** False during the server render and hydration, true afterwards. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );
}

/** The clock, ticking every second while someone listens. */
const clock = {
  now: 0,
  timer: undefined as ReturnType<typeof setInterval> | undefined,
  listeners: new Set<() => void>(),
};

function subscribeClock(listener: () => void) {
  clock.listeners.add(listener);
  if (!clock.timer) {
    clock.now = Date.now();
    clock.timer = setInterval(() => {
      clock.now = Date.now();
      for (const l of [...clock.listeners]) l();
    }, 1000);
  }
  return () => {
    clock.listeners.delete(listener);
    if (clock.listeners.size === 0 && clock.timer) {
      clearInterval(clock.timer);
      clock.timer = undefined;
    }
  };
}

function clockSnapshot() {
  // Nobody listening yet: give the current second (stable between the two reads of one render).
  return clock.timer ? clock.now : Math.floor(Date.now() / 1000) * 1000;
}

export function useNow(): number {
  return useSyncExternalStore(subscribeClock, clockSnapshot, () => 0);
}
