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

/** A site address on this machine (development, tests): the request's own origin is trusted too. */
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Our origins. A site with a public address (NEXT_PUBLIC_SITE_URL names a real host) trusts only
 * that address: the Host header is the client's to choose (I6). On a machine-local address the
 * URL Next saw and the Host the browser used are trusted as well (127.0.0.1 vs localhost), with the
 * scheme the visitor used: `https` when a trusted TLS proxy says so (lib/api/scheme.ts), since Next
 * itself is reached over plain http behind it.
 */
export function allowedOrigins(siteUrl: string, requestUrl: string, host?: string | null, https = false): string[] {
  try {
    const site = new URL(siteUrl);
    if (!LOCAL_HOSTS.has(site.hostname)) return [site.origin];
  } catch {
    /* no usable site address: fall through */
  }
  const list = new Set<string>();
  // The site's public address, the URL Next saw, and the Host the browser used (127.0.0.1 vs localhost).
  const proto = https ? 'https:' : new URL(requestUrl).protocol;
  const hostOrigin = host && /^[\w.-]+(:\d+)?$/.test(host) ? `${proto}//${host}` : undefined;
  for (const u of [siteUrl, requestUrl, hostOrigin]) {
    if (!u) continue;
    try {
      list.add(new URL(u).origin);
    } catch {
      /* ignore */
    }
  }
  return [...list];
}
