import 'server-only';
import { env } from '@/lib/env';
import { publicEnv } from '@/lib/public-env';
import type { CaptchaConfig } from './verify';

/** reCAPTCHA's settings from the server's (lib/env.ts); the hostnames default to the site's own. */
export function captchaConfig(): CaptchaConfig {
  const e = env();
  const hostnames = e.RECAPTCHA_HOSTNAMES
    ? e.RECAPTCHA_HOSTNAMES.split(',').map((h) => h.trim()).filter(Boolean)
    : [new URL(publicEnv.NEXT_PUBLIC_SITE_URL).hostname];
  return { secret: e.RECAPTCHA_SECRET_KEY, v2Secret: e.RECAPTCHA_V2_SECRET_KEY, verifyUrl: e.RECAPTCHA_VERIFY_URL, minScore: e.RECAPTCHA_MIN_SCORE, hostnames };
}
