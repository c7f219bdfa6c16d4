'use client';

/** The portal's calls: same-origin JSON in the page's language; errors in the API's one shape. */
export class CompanyApiError extends Error {
  constructor(
    public status: number,
    public code: string,
    message: string,
    public fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export async function companyFetch<T = unknown>(url: string, opts: { method?: string; body?: unknown; locale: string }): Promise<T> {
  const res = await fetch(url, {
    method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
    headers: { 'accept-language': opts.locale, ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    credentials: 'same-origin',
  });
  const data = (await res.json().catch(() => ({}))) as { error?: { code: string; message: string; fields?: Record<string, string> } };
  if (!res.ok) throw new CompanyApiError(res.status, data.error?.code ?? 'internal', data.error?.message ?? res.statusText, data.error?.fields);
  return data as T;
}
