import { z } from 'zod';

// NEXT_PUBLIC_* values are inlined at build time, so each is referenced by its full name.
const url = z.url();
const optionalId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{3,64}$/)
  .optional()
  .or(z.literal('').transform(() => undefined));

export const publicEnvSchema = z.object({
  NEXT_PUBLIC_SITE_URL: url.default('http://localhost:3000'),
  NEXT_PUBLIC_CABINET_URL: z.string().default(''),
  NEXT_PUBLIC_KAZAKH_SITE_URL: url.default('https://kazakh.tilmen.kz'),
  NEXT_PUBLIC_OFFER_URL: z.string().min(1).default('/docs/public-offer-{locale}.pdf'),
  NEXT_PUBLIC_PRIVACY_URL: z.string().min(1).default('/docs/privacy-policy-{locale}.pdf'),
  NEXT_PUBLIC_SUPPORT_PHONE: z.string().regex(/^\+?[0-9 ()-]{6,20}$/).default('+7 727 350 50 50'),
  NEXT_PUBLIC_SUPPORT_EMAIL: z.email().default('support@tilmen.kz'),
  NEXT_PUBLIC_INSTAGRAM_URL: url.default('https://www.instagram.com/tilmen.kz'),
  NEXT_PUBLIC_FACEBOOK_URL: url.default('https://www.facebook.com/tilmen.kz'),
  NEXT_PUBLIC_LINKEDIN_URL: url.default('https://www.linkedin.com/company/tilmen-kz'),
  NEXT_PUBLIC_RECAPTCHA_SITE_KEY: optionalId.or(z.string().regex(/^[A-Za-z0-9_-]{20,64}$/)),
  NEXT_PUBLIC_GTM_ID: optionalId,
  NEXT_PUBLIC_PIXEL_ID: optionalId,
  NEXT_PUBLIC_CHAT_WIDGET_ID: optionalId,
});

export const publicEnv = publicEnvSchema.parse({
  NEXT_PUBLIC_SITE_URL: process.env.NEXT_PUBLIC_SITE_URL || undefined,
  NEXT_PUBLIC_CABINET_URL: process.env.NEXT_PUBLIC_CABINET_URL || undefined,
  NEXT_PUBLIC_KAZAKH_SITE_URL: process.env.NEXT_PUBLIC_KAZAKH_SITE_URL || undefined,
  NEXT_PUBLIC_OFFER_URL: process.env.NEXT_PUBLIC_OFFER_URL || undefined,
  NEXT_PUBLIC_PRIVACY_URL: process.env.NEXT_PUBLIC_PRIVACY_URL || undefined,
  NEXT_PUBLIC_SUPPORT_PHONE: process.env.NEXT_PUBLIC_SUPPORT_PHONE || undefined,
  NEXT_PUBLIC_SUPPORT_EMAIL: process.env.NEXT_PUBLIC_SUPPORT_EMAIL || undefined,
  NEXT_PUBLIC_INSTAGRAM_URL: process.env.NEXT_PUBLIC_INSTAGRAM_URL || undefined,
  NEXT_PUBLIC_FACEBOOK_URL: process.env.NEXT_PUBLIC_FACEBOOK_URL || undefined,
  NEXT_PUBLIC_LINKEDIN_URL: process.env.NEXT_PUBLIC_LINKEDIN_URL || undefined,
  NEXT_PUBLIC_RECAPTCHA_SITE_KEY: process.env.NEXT_PUBLIC_RECAPTCHA_SITE_KEY || undefined,
  NEXT_PUBLIC_GTM_ID: process.env.NEXT_PUBLIC_GTM_ID || undefined,
  NEXT_PUBLIC_PIXEL_ID: process.env.NEXT_PUBLIC_PIXEL_ID || undefined,
  NEXT_PUBLIC_CHAT_WIDGET_ID: process.env.NEXT_PUBLIC_CHAT_WIDGET_ID || undefined,
});

export function localizedDocUrl(template: string, locale: string): string {
  return template.replaceAll('{locale}', locale);
}
