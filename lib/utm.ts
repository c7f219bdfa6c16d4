// Marketing attribution: every query parameter whose name starts with "utm" becomes a cookie.
export const UTM_FIRST_TOUCH_COOKIE = 'utm__first';
export const UTM_MAX_AGE = 60 * 60 * 24 * 30; // 30 days, as the privacy policy says
const MAX_PARAMS = 10;
const MAX_VALUE = 200;
const NAME_RE = /^utm[a-z0-9_-]{0,32}$/i;

export type UtmValues = Record<string, string>;

function clean(value: string): string {
  // Drop control characters; keep the value short. It is data, never markup.
  return value.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, MAX_VALUE);
}

export function extractUtm(params: URLSearchParams): UtmValues {
  const out: UtmValues = {};
  let count = 0;
  for (const [rawName, rawValue] of params) {
    const name = rawName.toLowerCase();
    if (!NAME_RE.test(name) || name === UTM_FIRST_TOUCH_COOKIE || name in out) continue;
    const value = clean(rawValue);
    if (!value) continue;
    out[name] = value;
    if (++count >= MAX_PARAMS) break;
  }
  return out;
}

export function encodeFirstTouch(values: UtmValues): string {
  return new URLSearchParams(values).toString().slice(0, 1024);
}

export function decodeFirstTouch(raw: string | undefined): UtmValues {
  if (!raw) return {};
  try {
    return extractUtm(new URLSearchParams(raw));
  } catch {
    return {};
  }
}

/** Reads last-touch (one cookie per parameter) and first-touch values from a cookie list. */
export function utmFromCookies(cookies: { name: string; value: string }[]): {
  first: UtmValues;
  last: UtmValues;
} {
  const last: UtmValues = {};
  let first: UtmValues = {};
  for (const { name, value } of cookies) {
    if (name === UTM_FIRST_TOUCH_COOKIE) first = decodeFirstTouch(value);
    else if (NAME_RE.test(name) && Object.keys(last).length < MAX_PARAMS) {
      const v = clean(value);
      if (v) last[name.toLowerCase()] = v;
    }
  }
  return { first, last };
}
