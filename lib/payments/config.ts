import 'server-only';
// Which provider takes payments, from the settings (lib/env.ts). Read per call, not from the cached
// env(): server.mjs points EPAY_* at the local fake after Next has started (docs/payments.md).
import { parseServerEnv } from '@/lib/env';
import { publicEnv } from '@/lib/public-env';
import { EpayProvider } from './epay';
import type { PaymentProvider } from './provider';
import type { CashRegister } from './register';
import { WebkassaRegister } from './webkassa';

export interface EpayConfig {
  clientId: string;
  clientSecret: string;
  terminal: string;
  oauthUrl: string;
  apiUrl: string;
  pageUrl: string;
  fake: boolean;
}

let cache: { key: string; provider: PaymentProvider } | undefined;

/** The provider, or null when no merchant credentials (nor the fake's) are set: checkout is off. */
export function paymentProvider(): PaymentProvider | null {
  const e = parseServerEnv();
  if (!e.EPAY_CLIENT_ID || !e.EPAY_CLIENT_SECRET || !e.EPAY_TERMINAL_ID) return null;
  const config: EpayConfig = { clientId: e.EPAY_CLIENT_ID, clientSecret: e.EPAY_CLIENT_SECRET, terminal: e.EPAY_TERMINAL_ID, oauthUrl: e.EPAY_OAUTH_URL, apiUrl: e.EPAY_API_URL, pageUrl: e.EPAY_PAGE_URL, fake: e.EPAY_FAKE };
  const key = JSON.stringify(config);
  if (cache?.key !== key) cache = { key, provider: new EpayProvider(config) };
  return cache.provider;
}

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
