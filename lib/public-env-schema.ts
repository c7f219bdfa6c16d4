import { z } from 'zod';
import { CAPTCHA_MODES, captchaPublicEnv } from './captcha-public-env';
import { publicEnv } from './public-env';

const url = z.url();
const id = z.string().regex(/^[A-Za-z0-9_-]{3,64}$/, 'letters, digits, _ or -, 3-64 characters').optional();

export const publicEnvSchema = z.object({
  NEXT_PUBLIC_SITE_URL: url,
  NEXT_PUBLIC_CABINET_URL: z.union([z.literal(''), url]),
  NEXT_PUBLIC_KAZAKH_SITE_URL: url,
  NEXT_PUBLIC_OFFER_URL: z.string().regex(/^(\/|https:\/\/)/, 'a site path or an https URL'),
  NEXT_PUBLIC_PRIVACY_URL: z.string().regex(/^(\/|https:\/\/)/, 'a site path or an https URL'),
  NEXT_PUBLIC_TUTOR_RULES_URL: z.string().regex(/^(\/|https:\/\/)/, 'a site path or an https URL'),
  NEXT_PUBLIC_SUPPORT_PHONE: z.string().regex(/^\+?[0-9 ()-]{6,20}$/, 'a phone number'),
  NEXT_PUBLIC_SUPPORT_EMAIL: z.email(),
  NEXT_PUBLIC_INSTAGRAM_URL: url,
  NEXT_PUBLIC_FACEBOOK_URL: url,
  NEXT_PUBLIC_LINKEDIN_URL: url,
  NEXT_PUBLIC_RECAPTCHA_SITE_KEY: z.string().regex(/^[A-Za-z0-9_-]{20,64}$/, 'a reCAPTCHA site key').optional(),
  NEXT_PUBLIC_RECAPTCHA_V2_SITE_KEY: z.string().regex(/^[A-Za-z0-9_-]{20,64}$/, 'a reCAPTCHA site key').optional(),
  NEXT_PUBLIC_RECAPTCHA_MODE: z.enum(CAPTCHA_MODES, { error: 'v3, v2-invisible or v2-checkbox' }).optional(),
  NEXT_PUBLIC_GTM_ID: id,
  NEXT_PUBLIC_PIXEL_ID: id,
  NEXT_PUBLIC_CHAT_WIDGET_ID: id,
}).refine((e) => !e.NEXT_PUBLIC_RECAPTCHA_MODE?.startsWith('v2') || e.NEXT_PUBLIC_RECAPTCHA_V2_SITE_KEY, {
  path: ['NEXT_PUBLIC_RECAPTCHA_V2_SITE_KEY'],
  message: 'required when NEXT_PUBLIC_RECAPTCHA_MODE is v2-invisible or v2-checkbox',
});

/** Throws with every bad variable named. */
export function validatePublicEnv(values: Record<string, unknown> = { ...publicEnv, ...captchaPublicEnv }): void {
  const result = publicEnvSchema.safeParse(values);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid public configuration:\n${lines.join('\n')}`);
  }
}
