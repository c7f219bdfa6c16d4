// Public configuration, inlined at build time (each NEXT_PUBLIC_* is referenced by its full name).
// No validation library here: this module reaches the browser. lib/public-env-schema.ts validates
// the same values when next.config.ts loads, so a bad value stops the build and the server. The
// captcha's site keys are apart, in lib/captcha-public-env.ts (only pages with a form need them);
// client code reads lib/public-env-client.ts, the few settings it uses (included here).
import { clientEnv } from './public-env-client';

export { localizedDocUrl } from './public-env-client';

const v = (value: string | undefined, fallback: string) => (value ? value : fallback);

export const publicEnv = {
  NEXT_PUBLIC_KAZAKH_SITE_URL: v(process.env.NEXT_PUBLIC_KAZAKH_SITE_URL, 'https://kazakh.tilmen.kz'),
  NEXT_PUBLIC_OFFER_URL: v(process.env.NEXT_PUBLIC_OFFER_URL, '/docs/public-offer-{locale}.pdf'),
  NEXT_PUBLIC_TUTOR_RULES_URL: v(process.env.NEXT_PUBLIC_TUTOR_RULES_URL, '/docs/tutor-rules-{locale}.pdf'),
  NEXT_PUBLIC_SUPPORT_PHONE: v(process.env.NEXT_PUBLIC_SUPPORT_PHONE, '+7 727 350 50 50'),
  NEXT_PUBLIC_SUPPORT_EMAIL: v(process.env.NEXT_PUBLIC_SUPPORT_EMAIL, 'support@tilmen.kz'),
  NEXT_PUBLIC_INSTAGRAM_URL: v(process.env.NEXT_PUBLIC_INSTAGRAM_URL, 'https://www.instagram.com/tilmen.kz'),
  NEXT_PUBLIC_FACEBOOK_URL: v(process.env.NEXT_PUBLIC_FACEBOOK_URL, 'https://www.facebook.com/tilmen.kz'),
  NEXT_PUBLIC_LINKEDIN_URL: v(process.env.NEXT_PUBLIC_LINKEDIN_URL, 'https://www.linkedin.com/company/tilmen-kz'),
  ...clientEnv,
} as const;

