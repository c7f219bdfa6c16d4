import { useSyncExternalStore } from 'react';
import { getAccessToken, subscribeAccessToken } from '@/lib/api/token';

/** What the cabinet's me call says about the visitor (spec section 3). */
export interface CabinetProfile {
  profileUrl: string;
  image: string;
  name: string;
}

/**
 * The page's auth state. `loading` and `auth` are the spec's global state (both start false);
 * `checked` turns true once the session restore has finished (or was not needed), `token` mirrors
 * lib/api/token.ts, `profile` is the cabinet profile the header shows.
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

let settled: Promise<void> | null = null;

/**
 * Restores the session once per page load: only with the marker cookie does it load the API client
 * and call the refresh endpoint, so a signed-out visitor makes no call at all.
 */
export function restoreSession(): Promise<void> {
  settled ??= (async () => {
    if (!hasAuthCookie()) {
      setAuthState({ checked: true });
      return;
    }
    setAuthState({ loading: true });
    try {
      const { restore } = await import('./session');
      await restore();
    } catch {
      // Signed out (the refresh answered 401) or offline: the page stays in its signed-out state.
    } finally {
      setAuthState({ loading: false, checked: true });
    }
  })();
  return settled;
}
