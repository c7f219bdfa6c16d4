import { safeRedirect } from '@/lib/auth/redirect';

/** "/cabinet" in a locale, for the browser (no prefix for Russian). */
export { localePath } from '@/i18n/routing';

const KEY = 'tilmen:return-to';

/** A protected page remembers where the visitor was going before it sends them to sign in. */
export function rememberReturnPath(path: string): void {
  try {
    sessionStorage.setItem(KEY, path);
  } catch {
    // Storage may be off (private mode): ?next= still carries the path.
  }
}

/**
 * Where to go after signing in: ?next= when the URL has one, else the remembered path; either only
 * through safeRedirect (a path of this site), else home. The remembered path is used once.
 */
export function takeReturnPath(home: string): string {
  let stored: string | null = null;
  try {
    stored = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
  } catch {
    stored = null;
  }
  const next = new URLSearchParams(window.location.search).get('next');
  return safeRedirect(next ?? stored ?? home, home);
}
