import 'server-only';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Device cookies (OWASP: "Slow down online guessing attacks with device cookies"). A browser that
 * once signed in to an account carries a signed cookie naming that account; its failed logins
 * count in a bucket of its own, so an attacker who locks the account from elsewhere does not lock
 * the owner out, while the attacker, without the cookie, stays locked.
 */
export const DEVICE_COOKIE = 'tilmen_dev';
/** The same for the back office and the company portal: the subject is `staff:<id>` / `company:<id>`. */
export const STAFF_DEVICE_COOKIE = 'tilmen_staff_dev';
export const COMPANY_DEVICE_COOKIE = 'tilmen_company_dev';
export const DEVICE_TTL_S = 365 * 24 * 3600;

const sign = (body: string, secret: string) => createHmac('sha256', secret).update(`device\u0000${body}`).digest('base64url');

export function newDeviceCookie(subject: number | string, secret: string): string {
  const body = `${subject}.${randomBytes(12).toString('base64url')}`;
  return `${body}.${sign(body, secret)}`;
}

/** The device's id when the cookie is genuine and names this user (or subject); otherwise null. */
export function deviceFor(cookie: string | undefined, subject: number | string, secret: string): string | null {
  if (!cookie || cookie.length > 200) return null;
  const [uid, nonce, sig] = cookie.split('.');
  if (!uid || !nonce || !sig || uid !== String(subject)) return null;
  const expected = Buffer.from(sign(`${uid}.${nonce}`, secret));
  const given = Buffer.from(sig);
  return given.length === expected.length && timingSafeEqual(given, expected) ? nonce : null;
}

/**
 * Remembers a browser that completed a sign-in (after the second factor), for the sign-in call at
 * `path` only: HttpOnly, SameSite=Strict, a year, Secure over https.
 */
export function deviceCookieOptions(secure: boolean, path: string) {
  return { httpOnly: true, secure, sameSite: 'strict' as const, path, maxAge: DEVICE_TTL_S };
}
