import 'server-only';
// Which provider takes payments, from the settings (lib/env.ts). Read per call, not from the cached
// env(): server.mjs points EPAY_* at the local fake after Next has started (docs/payments.md).
import { parseServerEnv } from '@/lib/env';
import { publicEnv } from '@/lib/public-env';
import { epayFromEnv } from './epay';
import type { PaymentProvider, PaymentProviderName } from './provider';
import type { CashRegister } from './register';
import { WebkassaRegister } from './webkassa';

/**
 * The adapters, by the name stored on each order. A second provider (Kaspi through a partner) is one
 * file implementing PaymentProvider, its name in PAYMENT_PROVIDERS, and its line here. Each reads its
 * own settings per call and answers null when they are not set.
 */
const ADAPTERS: Record<PaymentProviderName, () => PaymentProvider | null> = {
  epay: () => epayFromEnv(parseServerEnv()),
};

/** Which provider takes new payments (one today); null when its credentials are not set: checkout is off. */
export function paymentProvider(): PaymentProvider | null {
  return ADAPTERS.epay();
}

/**
 * The provider an order was paid through (its status, refunds, reconciliation, notifications), or
 * null for a name we have no adapter for, or whose credentials are not set.
 */
export function providerByName(name: string): PaymentProvider | null {
  return Object.hasOwn(ADAPTERS, name) ? ADAPTERS[name as PaymentProviderName]() : null;
}

/** Where a provider posts its notifications (app/api/payments/[provider]/notify). */
export const notifyUrlOf = (origin: string, name: PaymentProviderName) => `${origin}/api/payments/${name}/notify`;

/** Where notifications and the buyer's browser come back to: PAYMENT_SITE_ORIGIN, else the site's address. */
export function paymentSiteOrigin(): string {
  return new URL(parseServerEnv().PAYMENT_SITE_ORIGIN ?? publicEnv.NEXT_PUBLIC_SITE_URL).origin;
}

let registerCache: { key: string; register: CashRegister } | undefined;

/** The register, or null when none is configured (receipts then wait, stored, until one is). */
export function cashRegister(): CashRegister | null {
  const e = parseServerEnv();
  if (!e.WEBKASSA_API_KEY || !e.WEBKASSA_LOGIN || !e.WEBKASSA_PASSWORD || !e.WEBKASSA_CASHBOX) return null;
  const config = { apiUrl: e.WEBKASSA_API_URL, apiKey: e.WEBKASSA_API_KEY, login: e.WEBKASSA_LOGIN, password: e.WEBKASSA_PASSWORD, cashbox: e.WEBKASSA_CASHBOX };
  const key = JSON.stringify(config);
  if (registerCache?.key !== key) registerCache = { key, register: new WebkassaRegister(config) };
  return registerCache.register;
}
