import { routing } from '@/i18n/routing';

/** "/cabinet" in a locale, for the browser (no prefix for Russian). */
export function localePath(locale: string, path: string): string {
  if (locale === routing.defaultLocale) return path;
  return path === '/' ? `/${locale}` : `/${locale}${path}`;
}

/** Where a protected page leaves the path for after signing in (read by ./take-return-path.ts). */
export const RETURN_PATH_KEY = 'tilmen:return-to';

/** A protected page remembers where the visitor was going before it sends them to sign in. */
export function rememberReturnPath(path: string): void {
  try {
    sessionStorage.setItem(RETURN_PATH_KEY, path);
  } catch {
    // Storage may be off (private mode): ?next= still carries the path.
  }
}
