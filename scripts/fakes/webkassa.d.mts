export declare const FAKE_WEBKASSA: { apiKey: string; login: string; password: string; cashbox: string };
export interface FakeReceipt {
  CheckNumber: string;
  DateTime: string;
  OfflineMode: boolean;
  operation: 'sale' | 'sale_return';
  total: number;
  TicketUrl: string;
  email: string | null;
  phone: string | null;
}
export interface FakeWebkassa {
  url: string;
  checks: Map<string, FakeReceipt>;
  control: { down: boolean };
  env: Record<'WEBKASSA_API_URL' | 'WEBKASSA_API_KEY' | 'WEBKASSA_LOGIN' | 'WEBKASSA_PASSWORD' | 'WEBKASSA_CASHBOX' | 'WEBKASSA_FAKE', string>;
  close(): Promise<void>;
}
export declare function startFakeWebkassa(opts?: { port?: number; host?: string; credentials?: { apiKey: string; login: string; password: string; cashbox: string }; log?: (line: string) => void }): Promise<FakeWebkassa>;
