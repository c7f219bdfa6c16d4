import 'server-only';
// Which provider takes payments, from the settings (lib/env.ts). Read per call, not from the cached
// env(): server.mjs points EPAY_* at the local fake after Next has started (docs/payments.md).
import { parseServerEnv } from '@/lib/env';
import { publicEnv } from '@/lib/public-env';
import { EpayProvider } from './epay';
import type { PaymentProvider } from './provider';

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
