import { z } from 'zod';

/**
 * Names as the certificate can print them (Rubik, the PDF's font): Latin letters (with the accented
 * letters of Latin-1 and Latin Extended-A that the font draws) and Cyrillic letters, the Kazakh ones
 * included (ә ғ қ ң ө ұ ү һ і), and those of Tatar, Bashkir, Kyrgyz and Tajik the font has.
 * Not accepted: other scripts (Chinese, Japanese, Korean, Arabic, Greek…), digits, emoji, dots and
 * any other sign. Spaces, hyphens and apostrophes are allowed between letters.
 *
 * Before checking, the value is normalised: NFKC (full-width and other compatibility letters become
 * the plain ones, "Ａｉｄａ" → "Aida"), typographic apostrophes (’ ʼ ‘ ` ´) become ', dashes become -,
 * runs of white space become one space, and the ends are trimmed. The normalised form is stored.
 */
const LATIN = 'A-Za-z\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u0131\\u0134-\\u013E\\u0141-\\u0148\\u014A-\\u0161\\u0164-\\u017E\\u0218-\\u021B';
const CYRILLIC =
  '\\u0400-\\u045F\\u0490-\\u049D\\u04A0-\\u04A5\\u04AA\\u04AB\\u04AE-\\u04B1\\u04B6-\\u04BB\\u04D0-\\u04D9\\u04DC-\\u04DF\\u04E2-\\u04E9\\u04EE-\\u04F9';
const L = `[${LATIN}${CYRILLIC}]`;
/** Letters, with one space, one hyphen or one apostrophe (a space may stand beside either) between them. */
export const PERSON_NAME_RE = new RegExp(`^${L}+(?:(?: ?['-] ?| )${L}+)*$`, 'u');

export function normalizePersonName(value: string): string {
  return value
    .replace(/[\u2018\u2019\u02BC\u0060\u00B4\u02B9\u2032]/g, "'")
    .normalize('NFKC')
    .replace(/[\u2010-\u2014\u2212]/g, '-')
    .replace(/\s+/gu, ' ')
    .trim();
}

/** A required first or last name (messages are "Validation" keys). Input and output are strings. */
export const personNameField = z
  .string({ error: 'required' })
  .transform(normalizePersonName)
  .pipe(
    z
      .string()
      .min(1, { error: 'required', abort: true })
      .max(80, { error: 'too_long', abort: true })
      .regex(PERSON_NAME_RE, 'name_letters'),
  );

/** An optional name (a patronymic): empty is allowed, anything else as personNameField. */
export const optionalPersonNameField = z
  .string()
  .transform(normalizePersonName)
  .pipe(
    z
      .string()
      .max(80, { error: 'too_long', abort: true })
      .refine((v) => v === '' || PERSON_NAME_RE.test(v), 'name_letters'),
  )
  .optional();
