/**
 * Where to send a visitor after login: only a path on this site. Anything that could leave the
 * origin (//evil.com, /\evil.com, /%09/evil.com, https://…, javascript:…, and dot segments that
 * collapse into `//`: /.//evil.com, /a/..//evil.com, /%2e%2e//evil.com) falls back home.
 *
 * The target is normalised first, the way the browser's URL parser would (percent-escapes decoded,
 * tabs and newlines dropped, `\` read as `/`, dot segments resolved), and only the normalised form
 * is checked. The result is the parser's own serialisation, re-checked to be a fixed point, so
 * giving it to `location` or `router.push` cannot leave the site.
 */
const BASE = 'http://local.invalid';
const MAX_LENGTH = 512;

export function safeRedirect(target: unknown, fallback = '/'): string {
  if (typeof target !== 'string' || target.length === 0 || target.length > MAX_LENGTH) return fallback;
  const decoded = decodeAll(target);
  if (decoded === null) return fallback;
  // The raw and the decoded forms must each look like a path of this site…
  if (!looksLikeLocalPath(target) || !looksLikeLocalPath(decoded)) return fallback;
  // …and stay one once a URL parser has resolved their dot segments.
  if (normalise(decoded) === null) return fallback;
  const result = normalise(target);
  if (result === null) return fallback;
  // What we hand out must read the same when parsed again (and pass the same checks).
  const again = decodeAll(result);
  if (again === null || !looksLikeLocalPath(again) || normalise(again) === null || normalise(result) !== result) return fallback;
  return result;
}

/** Decodes percent-escapes until none are left (at most 3 rounds); null when malformed or still encoded. */
function decodeAll(s: string): string | null {
  let out = s;
  try {
    for (let i = 0; i < 3 && /%[0-9a-f]{2}/i.test(out); i++) out = decodeURIComponent(out);
  } catch {
    return null;
  }
  return /%[0-9a-f]{2}/i.test(out) ? null : out;
}

/** A single leading `/`, no `\`, no control characters, no whitespace next to the leading slash. */
function looksLikeLocalPath(s: string): boolean {
  if (!s.startsWith('/') || s.startsWith('//')) return false;
  if (s.includes('\\')) return false;
  if (/[\u0000-\u001f\u007f]/.test(s)) return false;
  if (/\s/.test(s.slice(0, 3))) return false;
  return true;
}

/** The path a URL parser makes of `s` on this origin, or null when it leaves it or starts with `//`. */
function normalise(s: string): string | null {
  let url: URL;
  try {
    url = new URL(s, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE || url.username || url.password) return null;
  const path = url.pathname;
  if (!path.startsWith('/') || path.startsWith('//') || path.includes('\\')) return null;
  return path + url.search + url.hash;
}
