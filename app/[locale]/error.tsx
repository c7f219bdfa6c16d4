'use client';

import { useEffect } from 'react';
import { ERROR_PAGE_MESSAGES } from '@/lib/i18n/global-error-messages';
import { errorStatus, safeTextKey } from '@/lib/error-status';
import { Link, useLocale } from '@/i18n/navigation';
import { primaryClass, secondaryClass } from '@/components/ui/button-classes';

// The status and a translated sentence for it; never the error's message or stack (in production
// Next replaces a server error's message anyway, but a client error's would be shown as is).
export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const locale = useLocale();
  const m = ERROR_PAGE_MESSAGES[locale === 'kk' || locale === 'en' ? locale : 'ru'];
  const status = errorStatus(error);
  useEffect(() => {
    console.error(error.digest ?? error.message);
  }, [error]);
  return (
    <main id="main" className="container-page flex flex-1 flex-col items-center justify-center py-24 text-center">
      <p className="text-6xl font-bold text-brand-dark md:text-7xl" data-testid="error-status">
        <span className="sr-only">{m.statusLabel}: </span>
        {status}
      </p>
      <h1 className="mt-4 text-3xl font-bold md:text-4xl">{m.title}</h1>
      <p className="mt-3 max-w-md text-muted">{m[safeTextKey(status)]}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <button type="button" onClick={reset} className={primaryClass}>
          {m.retry}
        </button>
        <Link href="/" className={secondaryClass}>
          {m.home}
        </Link>
      </div>
    </main>
  );
}
