'use client';

import type { ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { RegistrationProviders } from './providers';
import { RegistrationCard } from './registration-page';
import { useHydrated } from './use-wizard';

/** Until the wizard has read what the visitor already typed (sessionStorage), a quiet placeholder. */
export function WizardLoading() {
  const t = useTranslations('Registration');
  return (
    <div className="flex min-h-72 items-center justify-center" aria-busy="true">
      <p className="text-sm text-muted">{t('loading')}</p>
    </div>
  );
}

/** A wizard in its card: the placeholder during the server render and hydration, then the wizard with its providers. */
export function WizardCard({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  return <RegistrationCard>{hydrated ? <RegistrationProviders>{children}</RegistrationProviders> : <WizardLoading />}</RegistrationCard>;
}
