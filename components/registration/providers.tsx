'use client';

import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { CaptchaScope, useCaptcha, type Guard } from '@/components/forms/captcha';

const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });

function Armed({ children }: { children: ReactNode }) {
  const { arm } = useCaptcha();
  // The captcha script is requested when the visitor first focuses anything in the wizard.
  return <div onFocus={arm}>{children}</div>;
}

/** TanStack Query and the captcha scope for one registration flow. */
export function RegistrationProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <CaptchaScope>
        <Armed>{children}</Armed>
      </CaptchaScope>
    </QueryClientProvider>
  );
}

/**
 * The captcha guard of the flow: runs the captcha for an action and the call with its proof (the
 * script loads on first focus, or at the first call); a low v3 score is made good with the checkbox.
 */
export function useCaptchaGuard(): Guard {
  return useCaptcha().guard;
}
