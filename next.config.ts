import type { NextConfig } from 'next';
import { PHASE_PRODUCTION_BUILD } from 'next/constants';
import createNextIntlPlugin from 'next-intl/plugin';
import { validatePublicEnv } from './lib/public-env-schema';
import { siteUrlWarning } from './lib/site-url-warning';

validatePublicEnv();

const isProd = process.env.NODE_ENV === 'production';
// An external cabinet (NEXT_PUBLIC_CABINET_URL) is called from the headers and serves avatars.
const cabinet = (() => {
  try {
    return process.env.NEXT_PUBLIC_CABINET_URL ? ` ${new URL(process.env.NEXT_PUBLIC_CABINET_URL).origin}` : '';
  } catch {
    return '';
  }
})();

// Third parties are allowed only where they are loaded (captcha, tag manager, pixel, chat).
// This policy is what `next dev` and a bare `next start` send. The production server (server.mjs)
// replaces it on every response with one without 'unsafe-inline' (lib/server/csp.mjs).
const csp = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-inline'" +
    (isProd ? '' : " 'unsafe-eval'") +
    ' https://www.google.com https://www.gstatic.com https://www.googletagmanager.com https://connect.facebook.net https://code.jivosite.com',
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https://www.googletagmanager.com https://www.facebook.com https://*.jivosite.com" + cabinet,
  "font-src 'self'",
  "connect-src 'self' https://www.google.com https://www.google-analytics.com https://*.jivosite.com wss://*.jivosite.com" + cabinet,
  // Tutor videos: loaded only after the visitor presses play (components/tutors/video-facade.tsx).
  'frame-src https://www.google.com https://www.googletagmanager.com https://www.youtube-nocookie.com https://player.vimeo.com',
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const securityHeaders = [
  { key: 'Content-Security-Policy', value: csp },
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'Cross-Origin-Opener-Policy', value: 'same-origin' },
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=()' },
  ...(isProd
    ? [{ key: 'Strict-Transport-Security', value: 'max-age=31536000; includeSubDomains' }]
    : []),
];

const nextConfig: NextConfig = {
  // A separate folder lets parallel builds (bench, helpers) run without clashing.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  // No X-Powered-By (server.mjs strips it and Next's other x-* headers too).
  poweredByHeader: false,
  reactStrictMode: true,
  // `npm test` checks every type first (next typegen, then tsc over the whole tree with the route
  // types) and then builds: BUILD_SKIP_TYPECHECK=1 spares the build a second pass of the same check
  // (scripts/test-all.sh). Every other build checks its types.
  typescript: { ignoreBuildErrors: process.env.BUILD_SKIP_TYPECHECK === '1' },
  serverExternalPackages: ['@electric-sql/pglite', 'pg', 'nodemailer'],
  // app/global-not-found.tsx answers unmatched URLs with the whole translated 404 page.
  // BUILD_FS_CACHE=0: no Turbopack cache written after the build (20-25 s here): the e2e's reCAPTCHA
  // variant (scripts/e2e-captcha-server.sh) is rebuilt only when stale, from scratch in effect.
  experimental: { globalNotFound: true, authInterrupts: true, turbopackFileSystemCacheForBuild: process.env.BUILD_FS_CACHE !== '0' },
  async headers() {
    return [
      // Documents and /public files (an SVG opened on its own is a document): the full set.
      { source: '/((?!_next/static/).*)', headers: securityHeaders },
      // The lesson room alone may ask for the camera, the microphone and the screen (issue 23).
      ...['/lesson/:id', '/:locale(ru|kk|en)/lesson/:id'].map((source) => ({
        source,
        headers: [{ key: 'Permissions-Policy', value: 'camera=(self), microphone=(self), display-capture=(self), geolocation=()' }],
      })),
      // A self-study unit records a spoken answer: the microphone only (issue 34).
      ...['/cabinet/study/:course/:unit', '/:locale(ru|kk|en)/cabinet/study/:course/:unit'].map((source) => ({
        source,
        headers: [{ key: 'Permissions-Policy', value: 'camera=(), microphone=(self), geolocation=()' }],
      })),
      // Hashed build assets (scripts, styles, fonts): the document policies above do nothing
      // for them, and repeating ~850 bytes of headers on each of the ~15 requests of a page
      // costs more than some of the files themselves. nosniff (and HSTS) still apply.
      {
        source: '/_next/static/:path*',
        headers: securityHeaders.filter((h) => h.key === 'X-Content-Type-Options' || h.key === 'Strict-Transport-Security'),
      },
    ];
  },
  async redirects() {
    return [
      { source: '/test3', destination: '/stud-test', permanent: true },
      { source: '/:locale(kk|en)/test3', destination: '/:locale/stud-test', permanent: true },
    ];
  },
};

const withNextIntl = createNextIntlPlugin('./i18n/request.ts');

export default function config(phase: string): NextConfig {
  // Once per build (the build's workers inherit the flag): the default address ends up in sitemap,
  // canonical links, JSON-LD and certificates. A warning, not a failure: e2e and laptops build without it.
  if (phase === PHASE_PRODUCTION_BUILD && !process.env.TILMEN_SITE_URL_WARNED) {
    const warning = siteUrlWarning(process.env.NEXT_PUBLIC_SITE_URL, 'build');
    if (warning) console.warn(`\n${warning}\n`);
    process.env.TILMEN_SITE_URL_WARNED = '1';
  }
  return withNextIntl(nextConfig);
}
