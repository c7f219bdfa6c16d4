import type { PaymentStart } from '@/lib/payments/provider';

declare global {
  interface Window {
    halyk?: { pay(paymentObject: Record<string, unknown>): void };
  }
}

/** Loads the provider's JS library (allowed on /checkout by the CSP) and calls its documented function. */
export function openHostedPage(start: PaymentStart): Promise<void> {
  return new Promise((resolve, reject) => {
    const go = () => {
      if (!window.halyk) return reject(new Error('no payment library'));
      window.halyk.pay(start.paymentObject);
      resolve();
    };
    if (window.halyk) return go();
    const script = document.createElement('script');
    script.src = start.scriptUrl;
    script.async = true;
    script.onload = go;
    script.onerror = () => reject(new Error('payment library failed to load'));
    document.head.appendChild(script);
  });
}

