/**
 * Cookie-authenticated POSTs must come from our own pages: the Origin header, when sent, names one
 * of our origins; without it, Sec-Fetch-Site must not say cross-site.
 */
export function sameOrigin(headers: Headers, allowed: string[]): boolean {
  const origin = headers.get('origin');
  if (origin) return origin !== 'null' && allowed.includes(origin);
  const site = headers.get('sec-fetch-site');
  return !site || site === 'same-origin' || site === 'none';
}

export function allowedOrigins(siteUrl: string, requestUrl: string): string[] {
  const list = new Set<string>();
  for (const u of [siteUrl, requestUrl]) {
    try {
      list.add(new URL(u).origin);
    } catch {
      /* ignore */
    }
  }
  return [...list];
}
