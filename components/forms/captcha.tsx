'use client';

import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';
import { GoogleReCaptchaProvider, useGoogleReCaptcha } from 'react-google-recaptcha-v3';
import { assertCaptchaSettings, CAPTCHA_ERRORS, executeCaptcha } from '@/lib/captcha/client';
import { publicEnv } from '@/lib/public-env';

type Execute = (action: string) => Promise<string | undefined>;
const CaptchaContext = createContext<{ arm: () => void; execute: Execute }>({ arm: () => {}, execute: async () => undefined });

function Bridge({ children, arm }: { children: ReactNode; arm: () => void }) {
  const { executeRecaptcha } = useGoogleReCaptcha();
  const execute = useCallback<Execute>(
    (action) => executeCaptcha(executeRecaptcha, action),
    [executeRecaptcha],
  );
  return <CaptchaContext.Provider value={{ arm, execute }}>{children}</CaptchaContext.Provider>;
}

/**
 * reCAPTCHA v3, off without a site key. Google's script (~250 KB) is requested only when the
 * visitor first focuses a form field (arm), never on page load.
 */
export function CaptchaScope({ children }: { children: ReactNode }) {
  const siteKey = publicEnv.NEXT_PUBLIC_RECAPTCHA_SITE_KEY;
  const [armed, setArmed] = useState(false);
  const arm = useCallback(() => setArmed(true), []);
  if (!siteKey) return <CaptchaContext.Provider value={{ arm, execute: async () => undefined }}>{children}</CaptchaContext.Provider>;
  assertCaptchaSettings(siteKey, 'v3');
  if (!armed) {
    return (
      <CaptchaContext.Provider value={{ arm, execute: async () => { throw new Error(CAPTCHA_ERRORS.loadScript); } }}>
        {children}
      </CaptchaContext.Provider>
    );
  }
  return (
    <GoogleReCaptchaProvider reCaptchaKey={siteKey} language={typeof document !== 'undefined' ? document.documentElement.lang : undefined}>
      <Bridge arm={arm}>{children}</Bridge>
    </GoogleReCaptchaProvider>
  );
}

export const useCaptcha = () => useContext(CaptchaContext);
