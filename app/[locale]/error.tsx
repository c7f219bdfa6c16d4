'use client';

import { useEffect } from 'react';
import { ERROR_PAGE_MESSAGES } from '@/lib/i18n/global-error-messages';
import { Link, useLocale } from '@/i18n/navigation';

export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const locale = useLocale();
  const m = ERROR_PAGE_MESSAGES[locale === 'kk' || locale === 'en' ? locale : 'ru'];
  const t = (key: keyof typeof m) => m[key];
  useEffect(() => {
    console.error(error.digest ?? error.message);
  }, [error]);
  return (
    <main id="main" className="container-page flex flex-1 flex-col items-center justify-center py-24 text-center">
      <h1 className="text-3xl font-bold md:text-4xl">{t('title')}</h1>
      <p className="mt-3 max-w-md text-muted">{t('text')}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <button type="button" onClick={reset} className="rounded-xl bg-brand-dark px-6 py-3 font-medium text-white hover:bg-[#005a9c]">
          {t('retry')}
        </button>
        <Link href="/" className="rounded-xl border border-brand-dark px-6 py-3 font-medium text-brand-dark hover:bg-brand-tint">
          {t('home')}
        </Link>
      </div>
    </main>
  );
}
