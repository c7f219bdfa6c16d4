import 'server-only';
import { ApiError } from '@/lib/api/errors';
import type { Db } from '@/lib/db/types';
import { captchaConfig } from './config';
import type { CaptchaProof } from '@/lib/validations/captcha';
import { captchaRefusal } from './refusal';
import { captchaOn, verifyCaptcha } from './verify';

export interface CaptchaCheck {
  /** A stricter minimum v3 score than RECAPTCHA_MIN_SCORE (never a looser one). */
  minScore?: number;
  /** Thrown when Google cannot be asked, instead of letting the request through. */
  outage?: ApiError;
  /** What the log names when an outage lets a request through or stops it (default: the action). */
  label?: string;
}

/** Is any reCAPTCHA secret configured? */
export const captchaEnabled = () => captchaOn(captchaConfig());

/**
 * The API's one captcha policy. A failed captcha is refused: `captcha_challenge` when a low v3
 * score can be made good with the v2 checkbox, else `captcha_failed`. When Google cannot be asked,
 * a real visitor's request must not be lost: it goes on (the rate limits still bound it) and the
 * log says so, unless `check.outage` says what to answer instead. Off when no secret is set.
 */
export async function passCaptcha(db: Db, proof: CaptchaProof, action: string, ip: string, check: CaptchaCheck = {}): Promise<void> {
  const cfg = captchaConfig();
  const strict = check.minScore !== undefined ? { ...cfg, minScore: Math.max(cfg.minScore, check.minScore) } : cfg;
  const result = await verifyCaptcha(db, strict, proof, action, ip);
  if (result.ok) return;
  if (!result.outage) throw captchaRefusal(result);
  const label = check.label ?? action;
  console.warn(`[captcha] verify unavailable (${result.reason}); ${label} ${check.outage ? 'refused' : 'accepted'}`);
  if (check.outage) throw check.outage;
}

/**
 * For calls that ask for a captcha only sometimes (login after failures): a check that answers
 * pass or fail, and the refusal to give when a low score earned the checkbox.
 */
export function captchaOnDemand(db: Db, proof: CaptchaProof, action: string, ip: string) {
  let challenge: ApiError | undefined;
  const check = captchaEnabled()
    ? async () => {
        try {
          await passCaptcha(db, proof, action, ip);
          return true;
        } catch (err) {
          if (!(err instanceof ApiError)) throw err;
          if (err.code === 'captcha_challenge') challenge = err;
          return false;
        }
      }
    : undefined;
  return { check, refusal: () => challenge };
}
