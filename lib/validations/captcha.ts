import { z } from 'zod';

/** Which kind of reCAPTCHA made a token: v3 (a score) or v2 (the checkbox or the invisible widget). */
export const CAPTCHA_KINDS = ['v3', 'v2'] as const;
export type CaptchaKind = (typeof CAPTCHA_KINDS)[number];

/** `captchaKind` of a request body; absent means v3 (API clients written before v2). */
export const captchaKindField = z.enum(CAPTCHA_KINDS, { error: 'invalid_value' }).optional();

/** What a form adds to its body: the token and its kind, or nothing when the captcha is off. */
export interface CaptchaProof {
  captchaToken?: string;
  captchaKind?: CaptchaKind;
}
