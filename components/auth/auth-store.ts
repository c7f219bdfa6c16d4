import { useSyncExternalStore } from 'react';
import { getAccessToken, subscribeAccessToken } from '@/lib/browser/api/token';
import type { CabinetProfile } from './types';


/**
 * The page's auth state. `loading` and `auth` are the spec's global state (both start false);
 * `checked` turns true once the session restore has finished (or was not needed), `token` mirrors
 * lib/browser/api/token.ts, `profile` is the cabinet profile the header shows.
 */
export interface AuthState {
  loading: boolean;
  auth: boolean;
  checked: boolean;
  token: boolean;
  profile: CabinetProfile | null;
}

const INITIAL: AuthState = { loading: false, auth: false, checked: false, token: false, profile: null };
let state: AuthState = INITIAL;
const listeners = new Set<() => void>();

export function setAuthState(patch: Partial<AuthState>): void {
  const next = { ...state, ...patch };
  if ((Object.keys(patch) as (keyof AuthState)[]).every((k) => next[k] === state[k])) return;
  state = next;
  for (const listener of [...listeners]) listener();
}

export const getAuthState = (): AuthState => state;

let generation = 0;

/** Changes on every sign-out: an answer to a call made before it must not sign the page back in. */
export const authGeneration = (): number => generation;

/** The visitor signed out: forget the profile and outdate every call still in flight. */
export function markSignedOut(): void {
  generation++;
  setAuthState({ auth: false, token: false, profile: null });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useAuthState(): AuthState {
  return useSyncExternalStore(subscribe, getAuthState, () => INITIAL);
}

// A token (after login or refresh) means signed in; losing it means signed out.
subscribeAccessToken((token) => setAuthState(token ? { token: true, auth: true } : { token: false, auth: false, profile: null }));
if (getAccessToken()) setAuthState({ token: true, auth: true });

/** The `auth` marker cookie (no secret in it): set by login, cleared by logout. */
export function hasAuthCookie(): boolean {
  return typeof document !== 'undefined' && /(?:^|;\s*)auth=1(?:;|$)/.test(document.cookie);
}
