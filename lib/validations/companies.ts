import { z } from 'zod';
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
  })
  .refine((v) => Object.keys(v).length > 0, { message: 'required' });

export const companiesQuery = pageQuery.extend({
  q: searchParam,
  active: param(z.enum(['yes', 'no'], { error: 'invalid_value' })),
});

export type CompanyFormValues = z.input<typeof companyCreateSchema>;
