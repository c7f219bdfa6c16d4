export declare const MANIFEST_FILE: string;
export declare const REPORT_PATH: string;
export declare const REPORTING_ENDPOINTS: string;
export declare const SCRIPT_HOSTS: string[];

export interface CspManifest {
  buildId: string | null;
  pages: Record<string, string[]>;
  errorPages: string[];
}

export declare function scriptHash(text: string): string;
export declare function inlineScriptHashes(html: string): string[];
export declare function pagePathOf(relFile: string, opts?: { defaultLocale?: string }): string;
export declare function buildManifest(distDir: string, opts?: { defaultLocale?: string }): CspManifest;
export declare function writeManifest(distDir: string, opts?: { defaultLocale?: string }): CspManifest;
export declare function loadManifest(distDir: string, opts?: { defaultLocale?: string }): CspManifest;
export declare function cabinetOrigin(url: string | undefined): string;
export declare const CHECKOUT_PATH: RegExp;
/** The origins browsers reach the Janus servers at (JANUS_SERVERS' publicUrl, else url). */
export declare function sfuOrigins(raw?: string): string[];
export declare const LESSON_PATH: RegExp;
export declare function cspHeader(opts?: { hashes?: string[]; nonce?: string; cabinet?: string; reportUri?: string | null; office?: boolean; payment?: string; sfu?: string[] }): string;
export declare function manifestKey(url: string | undefined, opts?: { defaultLocale?: string }): string;
export declare function newNonce(): string;
export declare function createCsp(opts: {
  manifest: Pick<CspManifest, 'pages' | 'errorPages'> | null;
  cabinet?: string;
  defaultLocale?: string;
  reportUri?: string | null;
  /** The payment provider's page origin: allowed to run scripts on /checkout only. */
  payment?: string;
  /** The Janus servers' public origins (sfuOrigins): reached from the lesson room's page only. */
  sfu?: string[];
}): { plain: string; policyFor(r: { url: string | undefined; status?: number; html: boolean; nonce?: string }): string };
export declare function createReportLogger(opts?: { perMinute?: number; log?: (line: string) => void; now?: () => number }): (body: string) => boolean;
