import type { PaymentStart } from '@/lib/payments/provider';

/**
 * The function the provider's library defines, named by the start's dotted path (ePay: `halyk.pay`),
 * or undefined until the library has loaded. Only a path of plain names is followed.
 */
function providerFunction(call: string): ((paymentObject: Record<string, unknown>) => void) | undefined {
  if (!/^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*$/.test(call)) return undefined;
  const names = call.split('.');
  let owner: unknown = window;
  for (const name of names.slice(0, -1)) owner = (owner as Record<string, unknown> | undefined)?.[name];
  const fn = (owner as Record<string, unknown> | undefined)?.[names.at(-1)!];
  return typeof fn === 'function' ? (fn as (o: Record<string, unknown>) => void).bind(owner) : undefined;
}

/** Loads the provider's JS library (allowed on /checkout by the CSP) and calls its documented function. */
export function openHostedPage(start: PaymentStart): Promise<void> {
  return new Promise((resolve, reject) => {
    const go = () => {
      const pay = providerFunction(start.call);
      if (!pay) return reject(new Error('no payment library'));
      pay(start.paymentObject);
      resolve();
    };
    if (providerFunction(start.call)) return go();
    const script = document.createElement('script');
    script.src = start.scriptUrl;
    script.async = true;
    script.onload = go;
    script.onerror = () => reject(new Error('payment library failed to load'));
    document.head.appendChild(script);
  });
}
