// The provider interface (docs/payments.md, "Providers"): what lib/payments asks of a card
// acquirer. Halyk ePay is the first adapter (./epay.ts); CloudPayments or Kaspi through a partner
// is one more file implementing this and its entry in ./config.ts's ADAPTERS (with its name in
// PAYMENT_PROVIDERS), and a local fake. Its notifications come to /api/payments/{name}/notify.
// Types only: client-safe.
import type { PaymentProviderName } from '@/lib/db/tables/payments';

export type { PaymentProviderName };

/** What the checkout asks the provider for. Amounts in tiyn; the adapter converts to its unit. */
export interface CreatePaymentInput {
  invoiceId: string;
  amountTiyn: number;
  currency: 'KZT';
  description: string;
  locale: string;
  /** A per-order secret the provider hands back with its notification (ePay: secret_hash). */
  secret: string;
  /** The buyer's account (ePay: accountId), for the provider's own records. */
  accountId: string;
  /** Where the provider posts its notifications, and where the buyer's browser comes back. */
  notifyUrl: string;
  failureNotifyUrl: string;
  backUrl: string;
  failureBackUrl: string;
}

/**
 * How the browser reaches the hosted page: load the provider's JS library and call its documented
 * function with this object (ePay: payment-api.js, `halyk.pay(paymentObject)`). Card data is typed
 * on the provider's page only.
 */
export interface PaymentStart {
  scriptUrl: string;
  /** The global function the library defines, as a dotted path (ePay: `halyk.pay`). */
  call: string;
  paymentObject: Record<string, unknown>;
}

/** A notification read by the protocol's rules, before our checks against the order. */
export interface ProviderNotification {
  invoiceId: string;
  /** The idempotency key's event part: the outcome as the provider names it. */
  event: string;
  outcome: 'paid' | 'declined';
  /** The secret the provider handed back (compared with the order's, constant-time). */
  secret: string;
  providerPaymentId: string | null;
  amountTiyn: number | null;
  currency: string | null;
  terminal: string | null;
  reason: string | null;
  /** The body as stored: card fields cut to the last four digits, the secret left out. */
  payload: Record<string, unknown>;
}

export type ProviderState = 'paid' | 'declined' | 'refunded' | 'not_found' | 'in_progress';

export interface ProviderStatus {
  state: ProviderState;
  providerPaymentId: string | null;
  amountTiyn: number | null;
  /** The invoice the provider's transaction belongs to, as it says it (ours, when the answer is sound). */
  invoiceId: string | null;
  /** The terminal the transaction went through (ours, when it is a payment to this school). */
  terminal: string | null;
  /** What is still on the transaction after its refunds (ePay: payoutAmount), when the provider says. */
  remainingTiyn: number | null;
  reason: string | null;
  /** The provider's status name as it said it (ePay: statusName), for the event key. */
  name: string;
  payload: Record<string, unknown>;
}

export interface PaymentProvider {
  /** Stored on each order (`payment_orders.provider`), and the notification address's segment. */
  readonly name: PaymentProviderName;
  /** The merchant's terminal: a notification or a status answer naming another is not ours. */
  readonly terminal: string;
  /** The local fake, not a real acquirer: the pages say "test payment". */
  readonly test: boolean;
  createPayment(input: CreatePaymentInput): Promise<PaymentStart>;
  /**
   * Reads a notification body by the protocol; null when it is not one (a 400 then). A notification
   * is never proof of payment: it only makes us ask the provider (`queryStatus`), server to server.
   */
  parseNotification(body: unknown): ProviderNotification | null;
  /** The provider's own word on our invoice, asked with our credentials: the only thing that credits an order. */
  queryStatus(invoiceId: string): Promise<ProviderStatus>;
  /** Returns money to the card; `refundId` makes a retry safe (ePay: externalID). */
  refund(providerPaymentId: string, amountTiyn: number, refundId: string): Promise<void>;
}

/** A provider call that failed (network, 4xx/5xx, a malformed answer): retried by the caller or the job. */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}
