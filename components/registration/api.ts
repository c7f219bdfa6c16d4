import axios from 'axios';
import { api } from '@/lib/browser/api/client';
import { apiErrorBody } from '@/lib/browser/api/error-body';
import { formatKzPhone } from '@/lib/phone';
import type { CaptchaProof } from '@/lib/validations/captcha';
import type { SmsState } from './use-wizard';

export type SmsPurpose = 'register' | 'reset' | 'lesson';

export interface ServerError {
  status?: number;
  code?: string;
  /** Already translated by the server (Accept-Language), when it answered. */
  message?: string;
  fields: Record<string, string>;
  /** Seconds, from Retry-After. */
  retryAfter?: number;
}

export function serverError(error: unknown): ServerError {
  const body = apiErrorBody(error);
  const response = axios.isAxiosError(error) ? error.response : undefined;
  const retry = Number(response?.headers?.['retry-after']);
  return {
    status: response?.status,
    code: body?.code,
    message: body?.message,
    fields: body?.fields ?? {},
    retryAfter: Number.isFinite(retry) && retry > 0 ? retry : undefined,
  };
}

/** POST /api/sms/send: the code's clock starts when the server accepted it. */
export async function sendSmsCode(phone: string, purpose: SmsPurpose, proof: CaptchaProof): Promise<SmsState> {
  const { data } = await api.post<{ sent: boolean; resendAfter: number; expiresIn: number }>('/api/sms/send', { phone, purpose, ...proof });
  const now = Date.now();
  return { phone, resendAt: now + data.resendAfter * 1000, expiresAt: now + data.expiresIn * 1000 };
}

/** The first step (in order) that owns one of the fields, or undefined. */
export function stepOfFields(fields: Record<string, string>, stepOf: Record<string, number>): number | undefined {
  const steps = Object.keys(fields)
    .map((f) => stepOf[f])
    .filter((s): s is number => s !== undefined);
  return steps.length ? Math.min(...steps) : undefined;
}

/** A zod error's issues as field → Validation key (the first per field). */
export function issueFields(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? '_');
    if (!(key in fields)) fields[key] = issue.message;
  }
  return fields;
}

/** "+77011234567" → "+7 701 123 45 67" with no-break spaces, for a number inside a sentence. */
export const phoneInText = (e164: string) => formatKzPhone(e164).replace(/ /g, '\u00a0');
