import 'server-only';
// Webkassa's API (an online cash register operator registered with the tax authority), written from
// its documentation: every call is a JSON POST with the integrator's `X-API-KEY` header; answers
// carry `Data` or `Errors: [{Code, Text}]`.
// - `POST /api/Authorize {Login, Password}` → `Data.Token` (the cashier's session token);
// - `POST /api/Check {Token, CashboxUniqueNumber, OperationType, Positions, Payments, Change,
//   RoundType, ExternalCheckNumber, CustomerEmail, CustomerPhone}` → `Data.CheckNumber`,
//   `Data.TicketUrl`. OperationType 2 is a sale, 3 a sale's return; PaymentType 1 is a card; a
//   position's TaxType 0 is "without VAT"; a repeated ExternalCheckNumber answers the receipt
//   already made (no second one). An expired token (error code 2) is renewed once and the call sent
//   again.
import type { CashRegister, IssuedReceipt, ReceiptRequest } from './register';
import { RegisterError } from './register';

export interface WebkassaConfig {
  apiUrl: string;
  apiKey: string;
  login: string;
  password: string;
  cashbox: string;
}

const TIMEOUT_MS = 15_000;
export const OPERATION = { sale: 2, sale_return: 3 } as const;
const CARD = 1;
const NO_VAT = 0;
/** Units' classifier code of "a service" (piece, 796). */
const UNIT_PIECE = 796;
const TOKEN_EXPIRED = new Set([1, 2]);

interface Answer<T> {
  Data?: T;
  Errors?: { Code: number; Text: string }[];
}

export class WebkassaRegister implements CashRegister {
  private token: string | null = null;
  constructor(private readonly config: WebkassaConfig) {}

  private async call<T>(path: string, body: Record<string, unknown>): Promise<Answer<T>> {
    let res: Response;
    try {
      res = await fetch(new URL(path, this.config.apiUrl), {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': this.config.apiKey },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (err) {
      throw new RegisterError(`webkassa ${path}: ${err instanceof Error ? err.message : String(err)}`);
    }
    if (!res.ok) throw new RegisterError(`webkassa ${path}: HTTP ${res.status}`);
    try {
      return (await res.json()) as Answer<T>;
    } catch {
      throw new RegisterError(`webkassa ${path}: not JSON`);
    }
  }

  private async authorize(): Promise<string> {
    const a = await this.call<{ Token: string }>('/api/Authorize', { Login: this.config.login, Password: this.config.password });
    if (!a.Data?.Token) throw new RegisterError(`webkassa authorize: ${a.Errors?.map((e) => `${e.Code} ${e.Text}`).join('; ') ?? 'no token'}`);
    this.token = a.Data.Token;
    return this.token;
  }

  async issue(r: ReceiptRequest): Promise<IssuedReceipt> {
    const tenge = Math.round(r.amountTiyn) / 100;
    const check = (token: string) =>
      this.call<{ CheckNumber: string; TicketUrl: string }>('/api/Check', {
        Token: token,
        CashboxUniqueNumber: this.config.cashbox,
        OperationType: OPERATION[r.kind],
        Positions: [{ Count: 1, Price: tenge, TaxPercent: 0, Tax: 0, TaxType: NO_VAT, PositionName: r.item.slice(0, 255), UnitCode: UNIT_PIECE }],
        Payments: [{ Sum: tenge, PaymentType: CARD }],
        Change: 0,
        RoundType: 2,
        ExternalCheckNumber: r.externalNumber,
        ...(r.customerEmail ? { CustomerEmail: r.customerEmail } : {}),
        ...(r.customerPhone ? { CustomerPhone: r.customerPhone } : {}),
      });
    let a = await check(this.token ?? (await this.authorize()));
    if (a.Errors?.some((e) => TOKEN_EXPIRED.has(e.Code))) a = await check(await this.authorize());
    if (!a.Data?.CheckNumber || !a.Data.TicketUrl) throw new RegisterError(`webkassa check ${r.externalNumber}: ${a.Errors?.map((e) => `${e.Code} ${e.Text}`).join('; ') ?? 'no receipt'}`);
    return { checkNumber: String(a.Data.CheckNumber), ticketUrl: a.Data.TicketUrl };
  }
}
