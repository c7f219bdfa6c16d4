/**
 * NEXT_PUBLIC_SITE_URL is built into the pages; without it a production build calls itself
 * http://localhost:3000 everywhere an absolute address is needed. Neither the build nor the start
 * fails (e2e and `npm start` on a laptop need neither), but both say so loudly.
 * Plain TypeScript without app imports: next.config.ts loads it.
 */
export const DEFAULT_SITE_URL = 'http://localhost:3000';

export function siteUrlWarning(value: string | undefined, when: 'build' | 'start'): string | null {
  if (value && value.trim()) return null;
  const bar = '!'.repeat(78);
  return [
    bar,
    `!! NEXT_PUBLIC_SITE_URL is not set: this production ${when === 'build' ? 'build' : 'server'} uses ${DEFAULT_SITE_URL}`,
    '!! as the public address of the site. On a deployed site that breaks:',
    '!!   - sitemap.xml and robots.txt (every URL points at localhost),',
    '!!   - canonical and hreflang links and Open Graph URLs of every page,',
    '!!   - the JSON-LD organisation data,',
    '!!   - the verification URL and QR code printed on certificates,',
    '!!   - the reCAPTCHA hostname check (unless RECAPTCHA_HOSTNAMES is set).',
    `!! Set it to the public https address and ${when === 'build' ? 'build again' : 'rebuild (the value is built into the pages)'}:`,
    '!!   NEXT_PUBLIC_SITE_URL=https://tilmen.kz npm run build',
    '!! (Fine on a laptop or in e2e; never on a real deployment.)',
    bar,
  ].join('\n');
}
