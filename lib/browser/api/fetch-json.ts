'use client';

/**
 * The back office's and the HR portal's calls (components/admin, components/company): same-origin
 * JSON with the page's language, the session cookie riding along; errors in the API's one shape
 * (lib/api/errors.ts). The public site's calls go through ./client.ts (axios, bearer token).
 */
export class ApiCallError extends Error {
  constructor(
    public status: number,
    public code: string,
    message: string,
    public fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export async function fetchJson<T = unknown>(url: string, opts: { method?: string; body?: unknown; locale: string }): Promise<T> {
  const res = await fetch(url, {
    method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
    headers: { 'accept-language': opts.locale, ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    credentials: 'same-origin',
  });
  const data = (await res.json().catch(() => ({}))) as { error?: { code: string; message: string; fields?: Record<string, string> } };
  if (!res.ok) throw new ApiCallError(res.status, data.error?.code ?? 'internal', data.error?.message ?? res.statusText, data.error?.fields);
  return data as T;
}

/**
 * A refused call shown on its form: each field's message on that field (react-hook-form's setError),
 * a status with a meaning of its own (`onStatus`, say 410 for a used link) handled there, and any
 * other failure as the form's own error.
 */
export function showCallError<F extends string>(
  err: unknown,
  form: { field: (name: F, error: { message: string }) => void; error: (message: string) => void; onStatus?: Partial<Record<number, () => void>> },
): void {
  const onStatus = err instanceof ApiCallError ? form.onStatus?.[err.status] : undefined;
  if (err instanceof ApiCallError && err.fields) {
    for (const [name, message] of Object.entries(err.fields)) form.field(name as F, { message });
  } else if (onStatus) onStatus();
  else form.error(err instanceof Error ? err.message : String(err));
}
