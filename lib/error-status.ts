// Both error pages load this on every page (app/[locale]/error.tsx, app/global-error.tsx): kept small.

/**
 * The HTTP status an error stands for (spec, error catalogue): its `statusCode`, `status` or
 * `response.status` (axios), when that is an error status; otherwise 500.
 */
export function errorStatus(error: unknown): number {
  const e = error as { statusCode?: unknown; status?: unknown; response?: { status?: unknown } | null } | null | undefined;
  for (const s of [e?.statusCode, e?.status, e?.response?.status]) if (Number.isInteger(s) && (s as number) >= 400 && (s as number) <= 599) return s as number;
  return 500;
}

type SafeText = 'forbidden' | 'notFound' | 'tooMany' | 'unavailable' | 'text';

/** Which translated sentence the error page shows for a status: never the error's own message. */
export const safeTextKey = (s: number): SafeText =>
  s === 401 || s === 403 ? 'forbidden' : s === 404 || s === 410 ? 'notFound' : s === 429 ? 'tooMany' : s > 501 && s < 505 ? 'unavailable' : 'text';
