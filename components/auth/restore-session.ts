// Apart from auth-store.ts: session.ts signs the store out, and this module loads session.ts, so
// keeping both here would make the two import each other.
import { hasAuthCookie, setAuthState } from './auth-store';

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
