/** A legal document as scripts/make-docs.mjs renders it; "- " starts a bullet paragraph. */
export interface LegalDoc {
  title: string;
  subtitle: string;
  city: string;
  edition: string;
  sections: { heading: string; paragraphs: string[] }[];
}
