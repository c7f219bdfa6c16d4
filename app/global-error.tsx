'use client';

import { errorStatus } from '@/lib/error-status';
import { GLOBAL_ERROR_MESSAGES } from '@/lib/i18n/global-error-messages';

// Shown when the error page itself fails: no layout, no providers, no kit, plain markup; every
// page loads it, so it stays this small. The status and a translated sentence, never the error's
// message or stack. A full page load home, not client navigation: the app state is broken here.
export default function GlobalError({ error }: { error?: Error }) {
  const first = typeof window === 'undefined' ? '' : location.pathname.split('/')[1];
  const locale = first === 'kk' || first === 'en' ? first : 'ru';
  const m = GLOBAL_ERROR_MESSAGES[locale];
  return (
    <html lang={locale}>
      <body style={{ font: '1.25rem system-ui,sans-serif', textAlign: 'center', padding: '4rem 1rem' }}>
        <p data-testid="error-status">
          {m.statusLabel}: {errorStatus(error)}
        </p>
        <h1>{m.title}</h1>
        <a href={locale === 'ru' ? '/' : `/${locale}`}>{m.home}</a>
      </body>
    </html>
  );
}
