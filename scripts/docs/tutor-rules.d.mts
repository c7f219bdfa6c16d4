import type { LegalDoc } from './legal-doc';

export declare const ru: LegalDoc;
export declare const kk: LegalDoc;
export declare const en: LegalDoc;
