import 'server-only';
// The online cash register (docs/payments.md, "Fiscal receipts"): what the receipts need of it,
// whichever operator stands behind (Webkassa today: lib/payments/webkassa.ts). Chosen from the
// settings per call in lib/payments/config.ts (server.mjs points WEBKASSA_* at the local fake).

export interface ReceiptRequest {
  /** Our key of the receipt: the register refuses a second receipt for the same number (Webkassa: code 14). */
  externalNumber: string;
  kind: 'sale' | 'sale_return';
  amountTiyn: number;
  /** The line of the receipt (the service sold). */
  item: string;
  customerEmail: string | null;
  customerPhone: string | null;
}

export interface IssuedReceipt {
  checkNumber: string;
  /** The receipt's page at the operator (the link the buyer gets). */
  ticketUrl: string;
}

export interface CashRegister {
  issue(receipt: ReceiptRequest): Promise<IssuedReceipt>;
}

/** The register did not issue (down, refused, an answer we cannot read): the job tries again. */
export class RegisterError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RegisterError';
  }
}
