import 'server-only';
import { ApiError } from '@/lib/api/errors';
import type { CaptchaResult } from './verify';

/**
 * The answer to a failed captcha: `captcha_challenge` when a low v3 score can be made good with
 * the v2 checkbox (the form shows it and sends again), `captcha_failed` otherwise.
 */
export function captchaRefusal(result: Extract<CaptchaResult, { ok: false }>): ApiError {
  return new ApiError(400, result.challenge ? 'captcha_challenge' : 'captcha_failed');
}
