// The school's own requisites on company invoices, acts and reconciliation statements
// (docs/payments.md, "Company lesson pools"): their development placeholders, which lib/env.ts
// takes as defaults, and the check that finds them still in place. Plain TypeScript without app
// imports: lib/env.ts and instrumentation.ts load it.

/** The defaults: visibly placeholders, so a document made with them cannot pass for a real one. */
export const SCHOOL_PLACEHOLDERS = {
  SCHOOL_LEGAL_NAME: 'ТОО «Tilmen» (DEV: set SCHOOL_LEGAL_NAME)',
  SCHOOL_BIN: '000000000000',
  SCHOOL_IBAN: 'KZ000000000000000000',
  SCHOOL_BANK: 'DEV bank (set SCHOOL_BANK)',
  SCHOOL_BIC: 'DEVBKZKA',
  SCHOOL_ADDRESS: 'DEV address (set SCHOOL_ADDRESS)',
  SCHOOL_DIRECTOR_NAME: 'DEV: set SCHOOL_DIRECTOR_NAME',
} as const;

export type SchoolRequisiteName = keyof typeof SCHOOL_PLACEHOLDERS;

const KAZAKH_LEGAL_FORMS: Record<string, string> = { ТОО: 'ЖШС', АО: 'АҚ', ИП: 'ЖК' };

/** A Russian legal name in its Kazakh form («ТОО «Тилмен Онлайн»» → «Тилмен Онлайн» ЖШС), or null when it is not «ТОО/АО/ИП «…»». */
export function kazakhLegalName(ru: string): string | null {
  const m = /^(ТОО|АО|ИП)\s*(«.+»|".+")$/u.exec(ru.trim());
  return m ? `«${m[2]!.slice(1, -1)}» ${KAZAKH_LEGAL_FORMS[m[1]!]}` : null;
}

/** The school's legal name on a Kazakh document: SCHOOL_LEGAL_NAME_KK, else derived from SCHOOL_LEGAL_NAME, else null (the Russian name is printed). */
export const schoolNameKk = (v: { SCHOOL_LEGAL_NAME: string; SCHOOL_LEGAL_NAME_KK?: string | undefined }): string | null =>
  v.SCHOOL_LEGAL_NAME_KK ?? kazakhLegalName(v.SCHOOL_LEGAL_NAME);

/** The requisites still at their placeholder (in the order above); none on a configured install. */
export function unsetSchoolRequisites(values: Record<SchoolRequisiteName, string>): SchoolRequisiteName[] {
  return (Object.keys(SCHOOL_PLACEHOLDERS) as SchoolRequisiteName[]).filter((k) => values[k] === SCHOOL_PLACEHOLDERS[k]);
}

/**
 * The start-up warning of a production server whose documents would carry placeholders, or whose
 * Kazakh documents would print the Russian legal name (`kazakhName` null: SCHOOL_LEGAL_NAME_KK unset
 * and not derivable), or null.
 */
export function schoolRequisitesWarning(unset: readonly string[], kazakhName: string | null = ''): string | null {
  const noKazakhName = kazakhName === null && !unset.includes('SCHOOL_LEGAL_NAME');
  if (unset.length === 0 && !noKazakhName) return null;
  const bar = '!'.repeat(78);
  const placeholders = unset.length
    ? [
        `!! The school's requisites are not set: ${unset.join(', ')}.`,
        '!! Company invoices, acts of completed work and reconciliation statements are made with',
        '!! development placeholders (BIN 000000000000, IBAN KZ000000000000000000) and say so in large',
        '!! letters: a company cannot pay such an invoice. Set the real ones (deploy/tilmen.env.example)',
        '!! and restart; invoices issued before keep the requisites they were issued with.',
      ]
    : [];
  const kazakh = noKazakhName
    ? [
        "!! SCHOOL_LEGAL_NAME_KK is not set and the Kazakh name cannot be derived from SCHOOL_LEGAL_NAME",
        '!! (not «ТОО «…»»): Kazakh invoices, acts and reconciliation statements print the Russian name.',
      ]
    : [];
  return [bar, ...placeholders, ...kazakh, bar].join('\n');
}
