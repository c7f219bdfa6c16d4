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

export function removeScope(scope: string | null | undefined, token: string): string {
  return scopeTokens(scope)
    .filter((t) => t !== token)
    .join(' ');
}
