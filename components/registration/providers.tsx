'use client';

import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { CaptchaScope, useCaptcha } from '@/components/forms/captcha';

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

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A captcha token for an action (undefined when the captcha is off). The script loads on first
 * focus, so a click right after it may come before it is ready: wait for it a few seconds.
 */
export function useCaptchaToken() {
  const { execute } = useCaptcha();
  const latest = useRef(execute);
  useEffect(() => {
    latest.current = execute;
  }, [execute]);
  return useCallback(async (action: string): Promise<string | undefined> => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await latest.current(action);
      } catch (error) {
        if (attempt >= 10) throw error;
        await sleep(500);
      }
    }
  }, []);
}
