// The API's error answers as the forms read them, without axios: a form that imports only this (the
// captcha scope on every form, the tests) keeps axios out of its page's first scripts until it
// loads the client (lib/browser/api/client.ts) for its first call.

export interface ApiErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}

interface HttpFailure {
  isAxiosError: true;
  response: { status: number; headers: Record<string, string>; data: unknown };
}

/** The `{ error }` of an API answer that axios rejected (axios marks its errors `isAxiosError`). */
export function apiErrorBody(error: unknown): ApiErrorBody['error'] | undefined {
  const e = error as Partial<HttpFailure> | null | undefined;
  if (e?.isAxiosError !== true) return undefined;
  const data = e.response?.data as Partial<ApiErrorBody> | undefined;
  return data?.error && typeof data.error.message === 'string' ? data.error : undefined;
}

/**
 * A failure that happened in the browser, shaped as the API's answer with that status and code (an
 * Error that axios.isAxiosError and apiErrorBody recognise), so a form shows its message the way
 * it shows the server's.
 */
export function apiFailure(status: number, code: string, message: string): Error & HttpFailure {
  return Object.assign(new Error(message), {
    isAxiosError: true as const,
    response: { status, headers: {}, data: { error: { code, message } } },
  });
}
