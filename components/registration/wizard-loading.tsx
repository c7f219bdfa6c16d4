'use client';

import { useTranslations } from 'next-intl';

/** Until the wizard has read what the visitor already typed (sessionStorage), a quiet placeholder. */
export function WizardLoading() {
  const t = useTranslations('Registration');
  return (
    <div className="flex min-h-72 items-center justify-center" aria-busy="true">
      <p className="text-sm text-muted">{t('loading')}</p>
    </div>
  );
}
