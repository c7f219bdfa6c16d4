// Loaded only for signed-in visitors (marker cookie) and on pages that sign in or out.
import { api, onApiSignOut, REFRESH_PATH } from '@/lib/browser/api/client';
import { clearAccessToken, setAccessToken } from '@/lib/browser/api/token';
import { cabinetLogout } from './cabinet-client';
import { markSignedOut } from './auth-store';

let attached = false;

/** Listens for a failed refresh (the API client cleared the token): the page is signed out. */
export function attach(): void {
  if (attached) return;
  attached = true;
  onApiSignOut(markSignedOut);
}

export async function restore(): Promise<void> {
  attach();
  const { data } = await api.post<{ token: string }>(REFRESH_PATH);
  setAccessToken(data.token);
}

/** Signs in with a token from login or registration. */
export function signedIn(token: string): void {
  attach();
  setAccessToken(token);
}

/**
 * The cabinet's logout, then the local session's; the page is signed out whatever they answer (a
 * person who pressed "Sign out" must not stay signed in on this screen).
 */
export async function signOut(): Promise<void> {
  await cabinetLogout().catch(() => undefined);
  await api.post('/api/auth/logout').catch(() => undefined);
  clearAccessToken();
  markSignedOut();
}
