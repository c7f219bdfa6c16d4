import { z } from 'zod';

/**
 * A query-string parameter that a GET form may send empty ("role=" when "All" is chosen): empty
 * means absent. The schema then sees undefined or the value.
 */
export const param = <S extends z.ZodType>(schema: S) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

/** Control characters (NUL and the like; the database refuses NUL in text): tabs and line breaks pass. */
export const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
/** Free text for the database: no control characters. */
export const plainText = () => z.string({ error: 'invalid_value' }).refine((v) => !CONTROL_CHARS.test(v), 'invalid_value');
/** The same check for a form field: a stray control character is refused with its own message (Validation.control_chars). */
export const noControlChars = (v: string) => !CONTROL_CHARS.test(v);

/** A search box: trimmed, at most 100 characters, empty = absent. */
export const searchParam = param(
  plainText()
    .trim()
    .max(100, 'too_long')
    .transform((v) => v || undefined),
);

/** Parses a page's search params: a bad value falls back to the defaults (a page never errors on its URL). */
export function pageParams<S extends z.ZodType>(schema: S, raw: Record<string, string | string[] | undefined>): z.output<S> {
  const flat = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]));
  const parsed = schema.safeParse(flat);
  if (parsed.success) return parsed.data;
  // Keep the fields that are fine, drop the ones that are not.
  const bad = new Set(parsed.error.issues.map((i) => String(i.path[0])));
  return schema.parse(Object.fromEntries(Object.entries(flat).filter(([k]) => !bad.has(k))));
}

/** A reason given with an annulment, a revocation or a block: kept in the record and the audit log. */
export const reasonField = z
  .string({ error: 'required' })
  .trim()
  .min(3, { error: 'reason_short', abort: true })
  .max(500, { error: 'too_long', abort: true })
  .refine((v) => !CONTROL_CHARS.test(v), 'invalid_value');
export const reasonSchema = z.object({ reason: reasonField });

/** One search param as sent (the first when repeated). */
export const rawParam = (raw: Record<string, string | string[] | undefined>, key: string): string | undefined => {
  const v = raw[key];
  return Array.isArray(v) ? v[0] : v;
};
