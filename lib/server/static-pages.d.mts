import type { createCsp } from './csp.mjs';

export declare const NGINX_DIR: string;
export declare const PAGES_CONF: string;
export declare const PAGES_JSON: string;
export declare const PAGE_VARY: string;
export declare const NONCE_SLOT: string;
export declare const PAGE_HEADERS: string[];

export interface HeaderRule {
  source?: string;
  regex: string;
  headers: { key: string; value: string }[];
  has?: unknown[];
  missing?: unknown[];
}
export interface StaticPage {
  path: string;
  file: string;
  headers: Record<string, string>;
}

export declare function headerVariable(name: string): string;
export declare function nginxString(value: string): string;
export declare function publicPath(route: string, defaultLocale?: string): string;
export declare function configHeaders(rules: HeaderRule[] | undefined, pathname: string): Map<string, string> | null;
export declare function pageHeaders(opts: { pathname: string; rules: HeaderRule[]; csp: ReturnType<typeof createCsp>; cacheControl: string; etag: string }): Record<string, string> | null;
export declare function nginxHeaderValue(value: string): string;
export declare function renderNginxConf(pages: StaticPage[], opts?: { locales?: string[]; defaultLocale?: string; buildId?: string }): string;

export declare const ANSWER_HEADERS: string[];
export declare const ANSWER_COOKIES: string;
export declare const WEIGHT_ABOVE_ONE: string;
export declare function defaultLocaleFirst(defaultLocale: string): string;
export interface RequestLike {
  method?: string;
  url?: string;
  headers: Record<string, string | string[] | undefined>;
}
export declare function staticPageFor<P extends { prefixed: boolean }>(req: RequestLike, pages: Map<string, P>, defaultLocale?: string): P | null;
export declare function fileEncoding(acceptEncoding: string | undefined): '' | 'br' | 'gzip';
export declare function createStaticPages(opts: { distDir: string; locales?: string[]; defaultLocale?: string }): {
  count: number;
  serve(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse): boolean;
} | null;
