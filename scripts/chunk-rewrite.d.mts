export declare const HINT: string;
export declare function blankVersion(text: string, nextVersion: string, reactVersion: string): { text: string; count: number };
export declare function rewriteChunk(
  text: string,
  versions: { next: string; react: string },
): { text: string; hinted: boolean; versionsBlanked: number };
