// The public settings that client code reads (the header's cabinet links, the third parties, the
// forms' privacy link), inlined at build time like the rest of lib/public-env.ts, which includes
// these: client code imports this module, so every page carries these few instead of them all.
const v = (value: string | undefined, fallback: string) => (value ? value : fallback);
const opt = (value: string | undefined) => (value ? value : undefined);

export const clientEnv = {
  NEXT_PUBLIC_SITE_URL: v(process.env.NEXT_PUBLIC_SITE_URL, 'http://localhost:3000'),
  NEXT_PUBLIC_CABINET_URL: v(process.env.NEXT_PUBLIC_CABINET_URL, ''),
  NEXT_PUBLIC_PRIVACY_URL: v(process.env.NEXT_PUBLIC_PRIVACY_URL, '/docs/privacy-policy-{locale}.pdf'),
  NEXT_PUBLIC_GTM_ID: opt(process.env.NEXT_PUBLIC_GTM_ID),
  NEXT_PUBLIC_PIXEL_ID: opt(process.env.NEXT_PUBLIC_PIXEL_ID),
  NEXT_PUBLIC_CHAT_WIDGET_ID: opt(process.env.NEXT_PUBLIC_CHAT_WIDGET_ID),
} as const;

export function localizedDocUrl(template: string, locale: string): string {
  return template.replaceAll('{locale}', locale);
}
