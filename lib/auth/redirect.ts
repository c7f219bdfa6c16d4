/**
 * Where to send a visitor after login: only a path on this site. Anything that could leave the
 * origin (//evil.com, /\evil.com, /%09/evil.com, https://…, javascript:…) falls back home.
 */
export function safeRedirect(target: unknown, fallback = '/'): string {
  if (typeof target !== 'string' || target.length === 0 || target.length > 512) return fallback;
  let decoded = target;
  try {
    // Decode repeatedly: %2F%2Fevil.com and friends must not survive.
    for (let i = 0; i < 3 && /%[0-9a-f]{2}/i.test(decoded); i++) decoded = decodeURIComponent(decoded);
  } catch {
    return fallback;
  }
  if (!decoded.startsWith('/') || decoded.startsWith('//')) return fallback;
  if (/[\\\u0000-\u001f\u007f\s]/.test(decoded.slice(0, 3)) || decoded.includes('\\')) return fallback;
  if (/[\u0000-\u001f\u007f]/.test(decoded)) return fallback;
  try {
    const base = 'http://local.invalid';
    const url = new URL(target, base);
    if (url.origin !== base) return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}
