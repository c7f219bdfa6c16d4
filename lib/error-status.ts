/**
 * The HTTP status an error stands for (spec, error catalogue): its `statusCode`, `status` or
 * `response.status` (axios), when that is an error status; otherwise 500.
 */
export function errorStatus(error: unknown): number {
  if (error && typeof error === 'object') {
    const e = error as { statusCode?: unknown; status?: unknown; response?: { status?: unknown } | null };
    for (const candidate of [e.statusCode, e.status, e.response?.status]) {
      if (typeof candidate === 'number' && Number.isInteger(candidate) && candidate >= 400 && candidate <= 599) return candidate;
    }
  }
  return 500;
}

type SafeText = 'forbidden' | 'notFound' | 'tooMany' | 'unavailable' | 'text';

/** Which translated sentence the error page shows for a status: never the error's own message. */
export function safeTextKey(status: number): SafeText {
  if (status === 401 || status === 403) return 'forbidden';
  if (status === 404 || status === 410) return 'notFound';
  if (status === 429) return 'tooMany';
  if (status === 502 || status === 503 || status === 504) return 'unavailable';
  return 'text';
}
