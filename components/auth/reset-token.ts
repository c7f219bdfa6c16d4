// The e-mail link's token travels from /reset-password/hash to /reset-password/password in this
// tab's sessionStorage, never in a URL (no history entry, no Referer, no server log carries it).
const KEY = 'tilmen:reset-token';

export function storeResetToken(token: string): void {
  sessionStorage.setItem(KEY, token);
}

export function readResetToken(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function clearResetToken(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing stored
  }
}
