import 'server-only';
// Halyk ePay (epayment.kz documentation: "Payment page", "Transaction status", "Refund/Partial
// refund"), written from the protocol as documented:
//  - a token per operation: POST EPAY_OAUTH_URL, form data grant_type=client_credentials, scope,
//    client_id, client_secret, and for a payment invoiceID (6-15 digits), amount (tenge), currency,
//    terminal, postLink, failurePostLink, secret_hash (handed back in the postLink);
//  - the hosted page: EPAY_PAGE_URL/payform/payment-api.js, `halyk.pay(paymentObject)` with the
//    token as `auth`, invoiceId, amount, currency, terminal, backLink, failureBackLink (postLink and
//    failurePostLink go with the token only: the browser can change this object), language,
//    description, accountId;
//  - postLink / failurePostLink: a JSON body with invoiceId, id (the transaction), amount,
//    currency, terminal, code ("ok" or an error), reason, reasonCode, cardMask, secret_hash — a
//    wake-up only: lib/payments/events.ts credits from the status answer, never from this body;
//  - status: GET EPAY_API_URL/check-status/payment/transaction/{invoiceId} (Bearer), resultCode
//    "100" with a transaction whose statusName is AUTH, CHARGE, REFUND, CANCEL, FAILED…;
//  - refund: POST EPAY_API_URL/operation/{transaction id}/refund?amount=&externalID= (Bearer).
import { z } from 'zod';
import type { ServerEnv } from '@/lib/env';
import { ProviderError, type CreatePaymentInput, type PaymentProvider, type PaymentStart, type ProviderNotification, type ProviderStatus } from './provider';

const TIMEOUT_MS = 15_000;
const PAYMENT_SCOPE = 'payment';
const API_SCOPE = 'webapi usermanagement email_send verification statement statistics payment';

const tengeOf = (tiyn: number) => (tiyn % 100 === 0 ? String(tiyn / 100) : (tiyn / 100).toFixed(2));
const tiynOf = (amount: unknown): number | null => {
  const n = typeof amount === 'string' ? Number(amount) : amount;
  return typeof n === 'number' && Number.isFinite(n) && n >= 0 ? Math.round(n * 100) : null;
};
/** ePay's language codes on the hosted page. */
const language = (locale: string) => (locale === 'kk' ? 'kaz' : locale === 'en' ? 'eng' : 'rus');
/** A masked card number cut to its last four digits: no card data is stored or logged. */
export const lastFour = (mask: unknown): string | null => {
  const digits = typeof mask === 'string' ? mask.replace(/\D/g, '') : '';
  return digits.length >= 4 ? `…${digits.slice(-4)}` : null;
};
const CARD_FIELDS = new Set(['cardMask', 'cardId', 'cardType', 'issuer', 'secret_hash', 'email', 'phone', 'name', 'ip', 'ipCity', 'ipCountry', 'ipRegion', 'ipDistrict', 'ipLatitude', 'ipLongitude']);
/** What we keep of a provider's body: everything but card, payer and secret fields; the card as its last four digits. */
export function redact(body: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(body)) if (!CARD_FIELDS.has(k) && typeof v !== 'object') out[k] = v;
  const card = lastFour(body.cardMask);
  if (card) out.card = card;
  return out;
}

const tokenAnswer = z.object({ access_token: z.string().min(1), expires_in: z.coerce.number().optional(), token_type: z.string().optional() });

const notificationSchema = z.looseObject({
  invoiceId: z.union([z.string(), z.number()]).transform(String).pipe(z.string().regex(/^\d{6,15}$/)),
  code: z.string().min(1).max(40),
  id: z.string().max(100).optional(),
  amount: z.union([z.number(), z.string()]).optional(),
  currency: z.string().max(10).optional(),
  terminal: z.string().max(100).optional(),
  reason: z.string().max(500).optional(),
  reasonCode: z.union([z.number(), z.string()]).optional(),
  secret_hash: z.string().max(200).optional(),
});

const statusSchema = z.looseObject({
  resultCode: z.union([z.string(), z.number()]).transform(String),
  resultMessage: z.string().optional(),
  transaction: z
    .looseObject({
      id: z.string().optional(),
      invoiceID: z.union([z.string(), z.number()]).transform(String).optional(),
      amount: z.union([z.number(), z.string()]).optional(),
      payoutAmount: z.union([z.number(), z.string()]).optional(),
      terminal: z.string().optional(),
      statusName: z.string().optional(),
      reason: z.string().optional(),
    })
    .optional(),
});

export interface EpayConfig {
  clientId: string;
  clientSecret: string;
  terminal: string;
  oauthUrl: string;
  apiUrl: string;
  pageUrl: string;
  fake: boolean;
}

let cache: { key: string; provider: EpayProvider } | undefined;

/** ePay from the settings (EPAY_*), or null without the merchant's credentials (nor the fake's). */
export function epayFromEnv(e: ServerEnv): EpayProvider | null {
  if (!e.EPAY_CLIENT_ID || !e.EPAY_CLIENT_SECRET || !e.EPAY_TERMINAL_ID) return null;
  const config: EpayConfig = { clientId: e.EPAY_CLIENT_ID, clientSecret: e.EPAY_CLIENT_SECRET, terminal: e.EPAY_TERMINAL_ID, oauthUrl: e.EPAY_OAUTH_URL, apiUrl: e.EPAY_API_URL, pageUrl: e.EPAY_PAGE_URL, fake: e.EPAY_FAKE };
  const key = JSON.stringify(config);
  if (cache?.key !== key) cache = { key, provider: new EpayProvider(config) };
  return cache.provider;
}

export class EpayProvider implements PaymentProvider {
  readonly name = 'epay' as const;
  readonly test: boolean;
  readonly terminal: string;

  constructor(private readonly config: EpayConfig) {
    this.test = config.fake;
    this.terminal = config.terminal;
  }

  private async call(url: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS), cache: 'no-store' });
    } catch (err) {
      throw new ProviderError(`ePay unreachable: ${(err as Error).message}`);
    }
  }

  /** A token (one per operation, as the documentation asks). */
  private async token(fields: Record<string, string>): Promise<string> {
    const form = new URLSearchParams({ grant_type: 'client_credentials', client_id: this.config.clientId, client_secret: this.config.clientSecret, terminal: this.config.terminal, ...fields });
    const res = await this.call(this.config.oauthUrl, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form });
    if (!res.ok) throw new ProviderError(`ePay token: HTTP ${res.status}`, res.status);
    const parsed = tokenAnswer.safeParse(await res.json().catch(() => null));
    if (!parsed.success) throw new ProviderError('ePay token: malformed answer');
    return parsed.data.access_token;
  }

  async createPayment(input: CreatePaymentInput): Promise<PaymentStart> {
    const amount = tengeOf(input.amountTiyn);
    const accessToken = await this.token({
      scope: PAYMENT_SCOPE,
      invoiceID: input.invoiceId,
      amount,
      currency: input.currency,
      postLink: input.notifyUrl,
      failurePostLink: input.failureNotifyUrl,
      secret_hash: input.secret,
    });
    return {
      scriptUrl: `${this.config.pageUrl.replace(/\/$/, '')}/payform/payment-api.js`,
      call: 'halyk.pay',
      paymentObject: {
        invoiceId: input.invoiceId,
        backLink: input.backUrl,
        failureBackLink: input.failureBackUrl,
        // postLink and failurePostLink are given with the token only (server to server): the browser
        // can change this object, so a notification's address never comes from it (security.md C1).
        language: language(input.locale),
        description: input.description,
        accountId: input.accountId,
        terminal: this.config.terminal,
        amount: Number(amount),
        currency: input.currency,
        auth: { access_token: accessToken, token_type: 'Bearer' },
      },
    };
  }

  parseNotification(body: unknown): ProviderNotification | null {
    const parsed = notificationSchema.safeParse(body);
    if (!parsed.success) return null;
    const n = parsed.data;
    const paid = n.code.toLowerCase() === 'ok';
    return {
      invoiceId: n.invoiceId,
      event: paid ? 'ok' : `error:${String(n.reasonCode ?? n.code).slice(0, 40)}`,
      outcome: paid ? 'paid' : 'declined',
      secret: n.secret_hash ?? '',
      providerPaymentId: n.id ?? null,
      amountTiyn: tiynOf(n.amount),
      currency: n.currency ?? null,
      terminal: n.terminal ?? null,
      reason: n.reason ?? null,
      payload: redact(n as Record<string, unknown>),
    };
  }

  async queryStatus(invoiceId: string): Promise<ProviderStatus> {
    const token = await this.token({ scope: API_SCOPE });
    const res = await this.call(`${this.config.apiUrl.replace(/\/$/, '')}/check-status/payment/transaction/${encodeURIComponent(invoiceId)}`, { headers: { authorization: `Bearer ${token}` } });
    if (!res.ok) throw new ProviderError(`ePay status: HTTP ${res.status}`, res.status);
    const parsed = statusSchema.safeParse(await res.json().catch(() => null));
    if (!parsed.success) throw new ProviderError('ePay status: malformed answer');
    const { resultCode, transaction } = parsed.data;
    if (resultCode !== '100' || !transaction) {
      return { state: 'not_found', providerPaymentId: null, amountTiyn: null, invoiceId: null, terminal: null, remainingTiyn: null, reason: parsed.data.resultMessage ?? null, name: `result:${resultCode}`, payload: redact({ resultCode, resultMessage: parsed.data.resultMessage }) };
    }
    // An answer about another invoice is not an answer about ours.
    if (transaction.invoiceID !== undefined && transaction.invoiceID !== invoiceId) throw new ProviderError(`ePay status: asked about ${invoiceId}, answered about ${transaction.invoiceID}`);
    const name = (transaction.statusName ?? '').toUpperCase();
    const state: ProviderStatus['state'] =
      name === 'CHARGE' ? 'paid' : name === 'REFUND' ? 'refunded' : name === 'FAILED' || name === 'REJECT' || name === 'CANCEL' || name === 'CANCEL_OLD' ? 'declined' : 'in_progress';
    return {
      state,
      providerPaymentId: transaction.id ?? null,
      amountTiyn: tiynOf(transaction.amount),
      invoiceId: transaction.invoiceID ?? null,
      terminal: transaction.terminal ?? null,
      remainingTiyn: tiynOf(transaction.payoutAmount),
      reason: transaction.reason ?? null,
      name,
      payload: redact(transaction as Record<string, unknown>),
    };
  }

  async refund(providerPaymentId: string, amountTiyn: number, refundId: string): Promise<void> {
    const token = await this.token({ scope: API_SCOPE });
    const q = new URLSearchParams({ amount: tengeOf(amountTiyn), externalID: refundId });
    const res = await this.call(`${this.config.apiUrl.replace(/\/$/, '')}/operation/${encodeURIComponent(providerPaymentId)}/refund?${q}`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    if (!res.ok) throw new ProviderError(`ePay refund: HTTP ${res.status}`, res.status);
  }
}
