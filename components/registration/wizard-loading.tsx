'use client';

import { Suspense, type ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { RegistrationProviders } from './providers';
import { RegistrationCard } from './registration-page';
import { useHydrated } from './use-wizard';
import { useDelayedFlag } from '@/components/ui/use-delayed-flag';

/**
 * Until the wizard has read what the visitor already typed (sessionStorage), or while a step's code
 * loads, a quiet placeholder; with `delayed`, its text only after 200 ms (no flash for a fast load).
 */
export function WizardLoading({ delayed = false }: { delayed?: boolean }) {
  const t = useTranslations('Registration');
  const late = useDelayedFlag(delayed);
  return (
    <div className="flex min-h-72 items-center justify-center" aria-busy="true">
      {(!delayed || late) && <p className="text-sm text-muted">{t('loading')}</p>}
    </div>
  );
}

/** A wizard in its card: the placeholder during the server render and hydration, then the wizard with its providers. */
export function WizardCard({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <RegistrationCard>
      {hydrated ? (
        <RegistrationProviders>
          <Suspense fallback={<WizardLoading delayed />}>{children}</Suspense>
        </RegistrationProviders>
      ) : (
        <WizardLoading />
      )}
    </RegistrationCard>
  );
}
