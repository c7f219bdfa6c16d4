export declare const TEST_CARDS: Record<string, { outcome: 'approve' | '3ds' | 'decline'; notify?: 'late' | 'twice' | 'drop'; label: string }>;
export declare const THREE_DS_CODE: string;
/** The hosted page's words in the payment's language (ePay's `language`). */
export declare const WORDS: Record<'eng' | 'rus' | 'kaz', { note: string; payment: string; card: string; exp: string; cvc: string; pay: string; cancel: string; cards: string; code3ds: string; sent: string; code: string; confirm: string }>;
export declare const FAKE_CREDENTIALS: { clientId: string; clientSecret: string; terminal: string };
export interface FakeInvoice {
  invoiceId: string;
  amount: number;
  currency: string;
  status: 'NEW' | '3DS' | 'CHARGE' | 'FAILED' | 'REFUND';
  txId: string;
  terminal?: string;
  createdAt?: number;
  updatedAt?: number;
  cardMask?: string;
  reason?: string;
  reasonCode?: number;
  notified?: number;
  refunded?: number;
}
export interface FakeEpay {
  url: string;
  credentials: { clientId: string; clientSecret: string; terminal: string };
  invoices: Map<string, FakeInvoice>;
  control: { notify: 'normal' | 'drop' | 'twice' | 'late'; delayMs: number };
  notificationOf(invoiceId: string): Record<string, unknown>;
  env: Record<'EPAY_CLIENT_ID' | 'EPAY_CLIENT_SECRET' | 'EPAY_TERMINAL_ID' | 'EPAY_OAUTH_URL' | 'EPAY_API_URL' | 'EPAY_PAGE_URL' | 'EPAY_FAKE', string>;
  close(): Promise<void>;
}
export declare function startFakeEpay(opts?: { port?: number; host?: string; credentials?: { clientId: string; clientSecret: string; terminal: string }; lateMs?: number; log?: (line: string) => void }): Promise<FakeEpay>;
