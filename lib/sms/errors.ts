import 'server-only';
import { ApiError } from '@/lib/api/errors';
import type { IssueRefusal, VerifyResult } from './codes';

/** The API error for a refused send: 422 with a field message for the phone, 429 with Retry-After for limits. */
export function smsIssueError(r: IssueRefusal, field = 'phone'): ApiError {
  switch (r.reason) {
    case 'invalid_phone':
      return new ApiError(422, 'validation_failed', { [field]: 'phone_invalid' });
    case 'not_kz_mobile':
      return new ApiError(422, 'validation_failed', { [field]: 'phone_not_kz' });
    case 'too_soon':
      return new ApiError(429, 'sms_too_soon', undefined, r.retryAfter);
    case 'daily_budget':
      return new ApiError(429, 'sms_unavailable', undefined, r.retryAfter);
    default:
      return new ApiError(429, 'rate_limited', undefined, r.retryAfter);
  }
}

/**
 * The API error for a code that did not verify (for the registration, reset and lesson routes):
 * 422 with a field message under `field`.
 */
export function smsVerifyError(r: Exclude<VerifyResult, { status: 'ok' }>, field = 'code'): ApiError {
  const code = {
    wrong: 'sms_code_wrong',
    expired: 'sms_code_expired',
    dead: 'sms_code_locked',
    none: 'sms_code_missing',
  } as const satisfies Record<typeof r.status, string>;
  return new ApiError(422, code[r.status], { [field]: code[r.status] });
}
