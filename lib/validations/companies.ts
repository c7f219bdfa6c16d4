import { z } from 'zod';
import { checkKzIban } from './payments';
import { noControlChars, param, searchParam } from './query';
import { pageQuery } from './staff';

/**
 * The name as certificates print it: Latin and Cyrillic letters (Kazakh ones included), digits,
 * spaces and the punctuation of company names ("ТОО «Алма-Ата Трейд» №2", "Acme & Co.").
 */
export const companyNameField = z
  .string({ error: 'required' })
  .trim()
  .min(1, { error: 'required', abort: true })
  .max(120, { error: 'too_long', abort: true })
  .regex(/^[A-Za-z\u00C0-\u017F\u0400-\u04FF0-9 .,'"«»“”&()+/№:-]+$/u, 'company_name_chars');

/** The slug of /stud-test/{slug} and /kazakh-test/{slug}: lowercase Latin letters, digits, hyphens inside. */
export const companySlugInput = z
  .string({ error: 'required' })
  .trim()
  .toLowerCase()
  .min(1, { error: 'required', abort: true })
  .max(60, { error: 'too_long', abort: true })
  .regex(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/, 'slug_format');

export const companyCreateSchema = z.object({
  name: companyNameField,
  slug: companySlugInput,
  active: z.boolean({ error: 'invalid_value' }).default(true),
  /** Only the company's roster may take its Kazakh test. */
  rosterOnly: z.boolean({ error: 'invalid_value' }).default(false),
});

const requisiteText = (max: number, min = 2) => z.string({ error: 'invalid_value' }).trim().min(min, 'invalid_value').max(max, 'too_long').refine(noControlChars, 'control_chars');
const isDay = (v: string) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) === v;
/** The company's bank account (ИИК): a Kazakh IBAN, typed with or without spaces. */
const companyIban = z.string({ error: 'invalid_value' }).transform((v, ctx) => {
  const r = checkKzIban(v);
  if (r.ok) return r.iban;
  ctx.addIssue({ code: 'custom', message: r.reason });
  return z.NEVER;
});

export const companyPatchSchema = z
  .object({
    name: companyNameField.optional(),
    slug: companySlugInput.optional(),
    active: z.boolean({ error: 'invalid_value' }).optional(),
    rosterOnly: z.boolean({ error: 'invalid_value' }).optional(),
    /** The legal entity's BIN and address for lesson-pool invoices (null clears). */
    bin: z.string({ error: 'invalid_value' }).trim().regex(/^\d{12}$/, 'bin_format').nullable().optional(),
    // PostgreSQL refuses NUL in text: a control character pasted with the address is a 422, never a 500.
    legalAddress: z.string({ error: 'invalid_value' }).trim().min(2, 'invalid_value').max(300, 'too_long').refine(noControlChars, 'control_chars').nullable().optional(),
    // The rest of the requisites a Kazakh invoice, act and reconciliation statement carry (null clears).
    bankIban: companyIban.nullable().optional(),
    bankName: requisiteText(200).nullable().optional(),
    bankBic: z.string({ error: 'invalid_value' }).trim().toUpperCase().regex(/^[A-Z0-9]{8}([A-Z0-9]{3})?$/, 'bic_format').nullable().optional(),
    kbe: z.string({ error: 'invalid_value' }).trim().regex(/^\d{2}$/, 'kbe_format').nullable().optional(),
    signatoryName: requisiteText(200).nullable().optional(),
    signatoryPosition: requisiteText(100).nullable().optional(),
    contractNumber: requisiteText(50, 1).nullable().optional(),
    contractDate: z.string({ error: 'invalid_value' }).regex(/^\d{4}-\d{2}-\d{2}$/, 'invalid_value').refine(isDay, 'invalid_value').nullable().optional(),
  })
  .refine((v) => Object.keys(v).length > 0, { message: 'required' });

export const companiesQuery = pageQuery.extend({
  q: searchParam,
  active: param(z.enum(['yes', 'no'], { error: 'invalid_value' })),
});

export type CompanyFormValues = z.input<typeof companyCreateSchema>;
