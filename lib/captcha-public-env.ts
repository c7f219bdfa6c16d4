// The reCAPTCHA widget's public settings, inlined at build time (each NEXT_PUBLIC_* by its full name).
// Apart from lib/public-env.ts so that only the pages with a form carry them: every page loads that
// one (the header reads the cabinet's address). lib/public-env-schema.ts validates both.

/** The widget the forms run (NEXT_PUBLIC_RECAPTCHA_MODE): v3 by score, or a v2 key's invisible widget or checkbox. */
export const CAPTCHA_MODES = ['v3', 'v2-invisible', 'v2-checkbox'] as const;
export type CaptchaVersion = (typeof CAPTCHA_MODES)[number];

const opt = (value: string | undefined) => (value ? value : undefined);

export const captchaPublicEnv = {
  NEXT_PUBLIC_RECAPTCHA_SITE_KEY: opt(process.env.NEXT_PUBLIC_RECAPTCHA_SITE_KEY),
  NEXT_PUBLIC_RECAPTCHA_V2_SITE_KEY: opt(process.env.NEXT_PUBLIC_RECAPTCHA_V2_SITE_KEY),
  NEXT_PUBLIC_RECAPTCHA_MODE: opt(process.env.NEXT_PUBLIC_RECAPTCHA_MODE),
} as const;
