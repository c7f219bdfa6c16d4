import type http from 'node:http';

export declare const ALLOWED_METHODS: string[];
export declare const FORWARDED_HEADERS: string[];
export declare const PROXY_PROTO_HEADER: string;

export interface AppServerOptions {
  trustProxy?: boolean;
  requestTimeout?: number;
  headersTimeout?: number;
  keepAliveTimeout?: number;
  connectionsCheckingInterval?: number;
  securityContact?: string;
  siteUrl?: string;
  /** Content-Security-Policy of every response (lib/server/csp.mjs createCsp); none when absent. */
  csp?: { policyFor(r: { url: string | undefined; status?: number; html: boolean; nonce?: string }): string };
  /** Where violation reports go (default: createReportLogger(), rate-limited console lines). */
  cspReportLogger?: (body: string) => boolean;
}

export declare function isStrippedHeader(name: string, routerFetch: boolean): boolean;
export declare function serverOptionsFromEnv(env?: Record<string, string | undefined>): Required<Omit<AppServerOptions, 'siteUrl' | 'connectionsCheckingInterval'>> & { siteUrl: string | undefined };
export declare function securityTxt(opts: { contact: string; siteUrl?: string; now?: Date }): string;
export declare function createAppServer(
  handler: (req: http.IncomingMessage, res: http.ServerResponse) => unknown,
  options?: AppServerOptions,
): http.Server;
