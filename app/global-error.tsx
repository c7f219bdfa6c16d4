'use client';

import { errorStatus } from '@/lib/error-status';
import { GLOBAL_ERROR_MESSAGES } from '@/lib/i18n/global-error-messages';

// Shown when the error page itself fails: no layout, no providers, plain markup. The status, a
// translated sentence, never the error's message or stack.
export default function GlobalError({ error }: { error?: Error & { digest?: string } }) {
  const first = typeof window === 'undefined' ? '' : window.location.pathname.split('/')[1];
  const locale = first === 'kk' || first === 'en' ? first : 'ru';
  const m = GLOBAL_ERROR_MESSAGES[locale];
  return (
    <html lang={locale}>
      <body style={{ fontFamily: 'system-ui, sans-serif', textAlign: 'center', padding: '6rem 1rem', color: '#1d1c26' }}>
        <p style={{ fontSize: '3rem', fontWeight: 700, margin: 0 }} data-testid="error-status">
          <span style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>{m.statusLabel}: </span>
          {errorStatus(error)}
        </p>
        <h1 style={{ fontSize: '1.75rem' }}>{m.title}</h1>
        <p>{m.text}</p>
        {/* A full page load, not client navigation: the app state is broken here. */}
        <a href={locale === 'ru' ? '/' : `/${locale}`} style={{ color: '#0070c2' }}>
          {m.home}
        </a>
      </body>
    </html>
  );
}
