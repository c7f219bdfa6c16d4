import type { ApiErrorBody } from '@/lib/browser/api/error-body';
import type { CaptchaProof } from '@/lib/validations/captcha';
import { getAccessToken } from '@/lib/browser/api/token';
import type { AttemptView, KazakhResultView, PlacementResultView, TestKind } from '@/lib/quiz/attempts';

// Types only from lib/quiz/attempts (erased at build time): the bank never reaches the browser.
export type { AttemptView, KazakhResultView, PlacementResultView, TestKind };

const HEADER = 'X-Test-Token';

/** The API client (axios) loads with the first call, not with the page: a start screen needs none. */
const client = () => import('@/lib/browser/api/client').then((m) => m.api);

/** Where the browser keeps the attempt token: one test of a kind per company per browser. */
export const storageKey = (kind: TestKind, company: string | null) => `tilmen.test.${kind}.${company ?? '-'}`;

export function readToken(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null; // storage blocked (private mode): the test still works, without resume
  }
}

export function writeToken(key: string, token: string | null): void {
  try {
    if (token) window.localStorage.setItem(key, token);
    else window.localStorage.removeItem(key);
  } catch {
    /* storage blocked */
  }
}

/** A signed-in visitor's result goes to their account: make sure the access token is there. */
export async function ensureSession(): Promise<void> {
  if (getAccessToken() || !/(?:^|;\s*)auth=/.test(document.cookie)) return;
  try {
    const { restore } = await import('@/components/auth/session');
    await restore();
  } catch {
    /* signed out meanwhile: the test goes on anonymously */
  }
}

export async function startTest(kind: TestKind, body: object): Promise<{ token: string; test: AttemptView }> {
  await ensureSession();
  const { data } = await (await client()).post<{ token: string; test: AttemptView }>(`/api/tests/${kind}`, body);
  return data;
}

export async function fetchAttempt(token: string): Promise<AttemptView> {
  const { data } = await (await client()).get<{ test: AttemptView }>('/api/tests/attempt', { headers: { [HEADER]: token } });
  return data.test;
}

export async function saveAnswers(token: string, answers: Record<string, number | null>, position: number): Promise<void> {
  await (await client()).put('/api/tests/attempt/answers', { answers, position }, { headers: { [HEADER]: token } });
}

export async function finishTest(token: string, answers: Record<string, number | null>): Promise<AttemptView> {
  const { data } = await (await client()).post<{ test: AttemptView }>('/api/tests/attempt/finish', { answers }, { headers: { [HEADER]: token } });
  return data.test;
}

export async function downloadCertificate(token: string): Promise<{ blob: Blob; filename: string }> {
  const res = await (await client()).get<Blob>('/api/tests/attempt/certificate', { headers: { [HEADER]: token }, responseType: 'blob' });
  const disposition = String(res.headers['content-disposition'] ?? '');
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'certificate.pdf';
  return { blob: res.data, filename };
}

/** Status and the server's (translated) error of a failed call; the client is not needed to read them. */
export function errorStatus(error: unknown): { status?: number; code?: string; message?: string; fields: Record<string, string>; retryAfter?: number } {
  const response = (error as { response?: { status?: number; data?: Partial<ApiErrorBody>; headers?: Record<string, unknown> } } | null)?.response;
  const body = typeof response?.data?.error?.message === 'string' ? response.data.error : undefined;
  const retry = Number(response?.headers?.['retry-after']);
  return { status: response?.status, code: body?.code, message: body?.message, fields: body?.fields ?? {}, retryAfter: Number.isFinite(retry) && retry > 0 ? retry : undefined };
}

export interface InvitationInfo {
  state: 'open' | 'started' | 'finished' | 'expired';
  firstName: string;
  lastName: string;
  company: { slug: string; name: string };
  deadline: string;
}

/** The personal invitation behind a link's token (404: unknown or replaced by a newer link). */
export async function fetchInvitation(token: string): Promise<InvitationInfo> {
  const { data } = await (await client()).get<{ invitation: InvitationInfo }>('/api/tests/invitation', { headers: { [HEADER]: token } });
  return data.invitation;
}

/** Starts the invitation's test (or returns the one already started): the token stays the link's. */
export async function startInvitation(token: string, consent: string): Promise<{ token: string; test: AttemptView }> {
  await ensureSession();
  const { data } = await (await client()).post<{ token: string; test: AttemptView }>('/api/tests/invitation', { consent }, { headers: { [HEADER]: token } });
  return data;
}

/** An SMS code to confirm a public sitting's phone (POST /api/sms/send, purpose kazakh_test). */
export async function sendTestCode(phone: string, proof: CaptchaProof): Promise<{ resendAfter: number; expiresIn: number }> {
  const { data } = await (await client()).post<{ sent: boolean; resendAfter: number; expiresIn: number }>('/api/sms/send', { phone, purpose: 'kazakh_test', ...proof });
  return data;
}

/** A roster-only company: is the IIN on its roster, and under which initials (for the entry form). */
export async function checkRoster(company: string, iin: string): Promise<{ rosterOnly: boolean; onRoster?: boolean; initials?: string }> {
  const { data } = await (await client()).post<{ rosterOnly: boolean; onRoster?: boolean; initials?: string }>('/api/tests/kazakh/roster-check', { company, iin });
  return data;
}
