'use client';

import { GLOBAL_ERROR_MESSAGES } from '@/lib/i18n/global-error-messages';

// Shown when the error page itself fails: no layout, no providers, plain markup.
export default function GlobalError() {
  const first = typeof window === 'undefined' ? '' : window.location.pathname.split('/')[1];
  const locale = first === 'kk' || first === 'en' ? first : 'ru';
  const m = GLOBAL_ERROR_MESSAGES[locale];
  return (
    <html lang={locale}>
      <body style={{ fontFamily: 'system-ui, sans-serif', textAlign: 'center', padding: '6rem 1rem', color: '#1d1c26' }}>
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
