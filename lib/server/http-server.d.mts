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
}

export declare function isStrippedHeader(name: string, routerFetch: boolean): boolean;
export declare function serverOptionsFromEnv(env?: Record<string, string | undefined>): Required<Omit<AppServerOptions, 'siteUrl' | 'connectionsCheckingInterval'>> & { siteUrl: string | undefined };
export declare function securityTxt(opts: { contact: string; siteUrl?: string; now?: Date }): string;
export declare function createAppServer(
  handler: (req: http.IncomingMessage, res: http.ServerResponse) => unknown,
  options?: AppServerOptions,
): http.Server;
