// What a personal field holds once the retention period has anonymised its row (lib/retention.ts):
// a lead's name and phone, a test taker's names, a certificate's names. A fact of the stored data,
// so the certificate look-up and the tests' own views read it from here, below every domain.

/** What an anonymised name or phone holds. */
export const ANONYMISED = '';
