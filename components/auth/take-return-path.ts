import { safeRedirect } from '@/lib/auth/redirect';
import { RETURN_PATH_KEY } from './return-path';

// Apart from ./return-path.ts so that the pages that only remember a path (the checkout, the slot
// picker) do not carry safeRedirect's checks in their JS.

/**
 * Where to go after signing in: ?next= when the URL has one, else the remembered path; either only
 * through safeRedirect (a path of this site), else home. The remembered path is used once.
 */
export function takeReturnPath(home: string): string {
  let stored: string | null = null;
  try {
    stored = sessionStorage.getItem(RETURN_PATH_KEY);
    sessionStorage.removeItem(RETURN_PATH_KEY);
  } catch {
    stored = null;
  }
  const next = new URLSearchParams(window.location.search).get('next');
  return safeRedirect(next ?? stored ?? home, home);
}
