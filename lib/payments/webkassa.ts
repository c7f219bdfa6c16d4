import 'server-only';
// Webkassa's API (an online cash register operator registered with the tax authority). Held against
// the public client of its HTTP API, repository VitalyKravtsov2016/OposWebkassa, file
// src/OposWebkassa/units/WebkassaClient.pas (its comments quote the operator's API documentation):
// - every call is a JSON POST; answers carry `Data` or `Errors: [{Code, Text}]`. Codes (the client's
//   ApiErrorCode): 1 wrong login or password, 2 the session expired, 3 not authorised, 9 validation,
//   14 a repeated ExternalCheckNumber. The integrator's `X-API-KEY` header is sent as the operator's
//   integration gives it (the public client, an older cashier-side integration, sends none);
// - `POST /api/Authorize {Login, Password}` → `Data.Token` (valid until the next authorisation; on
//   code 2 "authorise again and use the new token", which this adapter does once per call; on 3 too);
// - `POST /api/Check {Token, CashboxUniqueNumber, OperationType, Positions: [{Count, Price,
//   TaxPercent, Tax, TaxType, PositionName, UnitCode}], Payments: [{Sum, PaymentType}], Change,
//   RoundType, ExternalCheckNumber}` → `Data.CheckNumber`, `Data.TicketUrl`. OperationType 2 is a
//   sale (OperationTypeSell), 3 a sale's return (OperationTypeRetSell); PaymentType 1 a card; TaxType
//   0 no VAT (100 is VAT); RoundType 2 rounds the positions; UnitCode 796 "piece". CustomerEmail and
//   CustomerPhone are sent too (the operator sends the buyer the receipt); the public client keeps
//   them unpublished, so a register that ignores them still issues the receipt;
// - a repeated ExternalCheckNumber is refused with code 14 (no second receipt): the receipt was made
//   by an earlier try whose answer was lost, and its link is the ticket page by external number,
//   `{host}/Ticket?chb={cashbox}&extnum={ExternalCheckNumber}` (the documentation sample's TicketUrl).
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
/** The session expired (2) or is not authorised (3): authorise again, once. */
const TOKEN_EXPIRED = new Set([2, 3]);
/** The ExternalCheckNumber was used: the receipt exists (an earlier try's answer was lost). */
const DUPLICATE_EXTERNAL = 14;

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
    if (a.Errors?.some((e) => e.Code === DUPLICATE_EXTERNAL)) {
      const ticket = new URL('/Ticket', this.config.apiUrl);
      ticket.search = new URLSearchParams({ chb: this.config.cashbox, extnum: r.externalNumber }).toString();
      // The fiscal number is on the ticket page; ours is the external number the receipt was made with.
      return { checkNumber: r.externalNumber, ticketUrl: ticket.toString() };
    }
    if (!a.Data?.CheckNumber || !a.Data.TicketUrl) throw new RegisterError(`webkassa check ${r.externalNumber}: ${a.Errors?.map((e) => `${e.Code} ${e.Text}`).join('; ') ?? 'no receipt'}`);
    return { checkNumber: String(a.Data.CheckNumber), ticketUrl: a.Data.TicketUrl };
  }
}
