import { clientEnv } from '@/lib/public-env-client';
import type { CabinetProfile } from './types';

// The cabinet site: another origin when NEXT_PUBLIC_CABINET_URL is set, else this site.
const base = clientEnv.NEXT_PUBLIC_CABINET_URL.replace(/\/+$/, '');
const ownSite = !base;

// The contract's paths end in a slash; this site's own routes answer that with a 308, so the
// built-in cabinet is called without it (one request instead of two).
const call = (path: string) =>
  fetch(`${base}${ownSite ? path.replace(/\/$/, '') : path}`, {
    method: 'POST',
    credentials: 'include',
    headers: { 'Accept-Language': document.documentElement.lang || 'ru' },
  });

/** Only http(s) links; on the built-in cabinet an absolute link becomes a path of this origin. */
export function safeCabinetHref(value: unknown): string | null {
  if (typeof value !== 'string' || !value) return null;
  try {
    const url = new URL(value, base || window.location.origin);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    const own = ownSite && (url.origin === window.location.origin || url.origin === new URL(clientEnv.NEXT_PUBLIC_SITE_URL).origin);
    return own ? url.pathname + url.search + url.hash : url.href;
  } catch {
    return null;
  }
}

const IMAGE_PATH = /\.(?:png|jpe?g|webp|gif|svg|avif)(?:[?#]|$)/i;

/** POST {cabinet}/api/user2/me/: the profile, or null when signed out or when the call fails. */
export async function fetchCabinetProfile(): Promise<CabinetProfile | null> {
  try {
    const res = await call('/api/user2/me/');
    if (!res.ok) return null;
    const body = (await res.json()) as { user?: { profile_url?: unknown; image?: unknown; name?: unknown } | null; status?: unknown };
    const user = body?.user;
    if (!user || typeof user !== 'object') return null;
    const profileUrl = safeCabinetHref(user.profile_url);
    if (!profileUrl) return null;
    // The spec reads `status` as a fallback for the image; only when it is an image path.
    const imageSource = user.image || (typeof body.status === 'string' && IMAGE_PATH.test(body.status) ? body.status : '');
    const image = safeCabinetHref(imageSource) ?? '';
    return { profileUrl, image, name: typeof user.name === 'string' ? user.name.trim().slice(0, 120) : '' };
  } catch {
    return null;
  }
}

/** POST {cabinet}/api/user2/logout/. */
export async function cabinetLogout(): Promise<void> {
  const res = await call('/api/user2/logout/');
  if (!res.ok) throw new Error(`cabinet logout: ${res.status}`);
}

export function initials(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => Array.from(part)[0]!.toLocaleUpperCase());
  return letters.join('') || '?';
}
