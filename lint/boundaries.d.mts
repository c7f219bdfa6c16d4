// Types of lint/boundaries.mjs for its test (lint/boundaries.test.ts).
export interface LibFloor {
  name: string;
  what: string;
  /** The floor's folders and files; null for the kernel (every lib/ path no other floor names). */
  paths: string[] | null;
}
export declare const LIB_FLOORS: LibFloor[];
/** The domains each domain may import sideways, by folder. */
export declare const DOMAIN_USES: Record<string, string[]>;
export declare const boundariesPlugin: unknown;
export declare const boundaries: unknown[];
