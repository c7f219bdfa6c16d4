'use client';

import { useEffect } from 'react';
import { errorStatus, safeTextKey } from '@/lib/error-status';
import { Link, useIslandMessages } from '@/i18n/navigation';
import { primaryClass, secondaryClass } from '@/components/ui/button-classes';

type Text = 'title' | 'text' | 'retry' | 'home' | 'statusLabel' | ReturnType<typeof safeTextKey>;

// The status and a translated sentence for it; never the error's message or stack (in production
// Next replaces a server error's message anyway, but a client error's would be shown as is). The
// sentences come with the document's island messages (ErrorPage, in the page's locale only), so
// the script every page loads for this boundary carries no text.
export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const m = (useIslandMessages()?.ErrorPage ?? {}) as Partial<Record<Text, string>>;
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
      <h1 className="mt-4 text-3xl font-bold md:text-4xl">{m.title ?? 'Error'}</h1>
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
