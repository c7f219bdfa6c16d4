// A user's `scope` (design.md "Roles and scopes"): space-separated tokens, as OAuth 2.0 writes
// scopes (RFC 6749 §3.3). A student is `student`; a tutor `tutor` from registration on, and
// `tutor tutor:bookable` once the application is approved and the public profile is complete.

export const TUTOR_BOOKABLE = 'tutor:bookable';

export const scopeTokens = (scope: string | null | undefined): string[] => (scope ?? '').split(/\s+/).filter(Boolean);

export const hasUserScope = (scope: string | null | undefined, token: string): boolean => scopeTokens(scope).includes(token);

/** The scope with `token` added (kept once, order kept). */
export function addScope(scope: string | null | undefined, token: string): string {
  const tokens = scopeTokens(scope);
  return (tokens.includes(token) ? tokens : [...tokens, token]).join(' ');
}

/** Who a status check is about: the account's scope and whether staff blocked it. */
export type Standing = { scope: string | null; blockedAt: Date | null };

/** A tutor at work (`tutor`, not blocked): the library, homework. */
export const isActiveTutor = (user: Standing): boolean => !user.blockedAt && hasUserScope(user.scope, 'tutor');

/**
 * The one rule of who students may book and who may take chat duty: `tutor:bookable` (approved,
 * profile complete), not blocked. Its SQL twin over `users` is lib/lessons/availability.ts
 * `bookableUserSql`.
 */
export const isBookableTutor = (user: Standing): boolean => !user.blockedAt && hasUserScope(user.scope, TUTOR_BOOKABLE);

export function removeScope(scope: string | null | undefined, token: string): string {
  return scopeTokens(scope)
    .filter((t) => t !== token)
    .join(' ');
}
