/**
 * The short-lived access token, held in memory only (module state, never localStorage or a cookie):
 * a reload forgets it and the refresh call (HttpOnly cookie) issues a new one.
 */
export type TokenListener = (token: string | null) => void;

export interface TokenStore {
  get(): string | null;
  set(token: string | null): void;
  clear(): void;
  /** Calls the listener on every change; returns the unsubscribe function. */
  subscribe(listener: TokenListener): () => void;
  /** Grows by one on every set or clear: tells a request whether the token changed since it was sent. */
  version(): number;
}

export function createTokenStore(): TokenStore {
  let token: string | null = null;
  let version = 0;
  const listeners = new Set<TokenListener>();
  const set = (next: string | null) => {
    const value = next || null;
    version += 1;
    if (value === token) return;
    token = value;
    for (const listener of [...listeners]) listener(token);
  };
  return {
    get: () => token,
    set,
    clear: () => set(null),
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    version: () => version,
  };
}

/**
 * Whether `token` is missing or ends within `marginMs` (its JWT `exp`, read without checking the
 * signature: only to know when to renew it); a token that cannot be read counts as ending.
 */
export function tokenEndsWithin(token: string | null, marginMs: number, now = Date.now()): boolean {
  const exp = claimsOf(token)?.exp;
  return typeof exp !== 'number' || exp * 1000 - now < marginMs;
}

/** The token's claims (unchecked: the server checks; the page only chooses what to show), or null. */
function claimsOf(token: string | null): { exp?: unknown; scope?: unknown } | null {
  if (!token) return null;
  try {
    return JSON.parse(atob((token.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown; scope?: unknown };
  } catch {
    return null;
  }
}

/** Whether the signed-in account's token carries scope `token` (`tutor`, `student`): what a page shows; the server decides what it answers. */
export function tokenHasScope(token: string | null, scope: string): boolean {
  const value = claimsOf(token)?.scope;
  return typeof value === 'string' && value.split(/\s+/).includes(scope);
}

/** The page's one token store; the API client uses it unless given another. */
export const accessToken = createTokenStore();

export const getAccessToken = (): string | null => accessToken.get();
export const setAccessToken = (token: string | null): void => accessToken.set(token);
export const clearAccessToken = (): void => accessToken.clear();
export const subscribeAccessToken = (listener: TokenListener): (() => void) => accessToken.subscribe(listener);
