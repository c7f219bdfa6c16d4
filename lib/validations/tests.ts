import { z } from 'zod';
import { checkIin } from '@/lib/iin';
import { codeField } from './registration';
import { captchaKindField } from './captcha';
import { kzPhoneField } from './lead';
import { consentField } from './consent';
import { personNameField } from './person-name';

// Messages are keys of the "Validation" namespace, translated where they are shown.

export const companySlugField = z
  .string()
  .max(60, 'too_long')
  .regex(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/, 'invalid_value');

export const iinField = z
  .string({ error: 'required' })
  .trim()
  .min(1, { error: 'required', abort: true })
  .max(40, { error: 'iin_length', abort: true })
  .superRefine((value, ctx) => {
    const r = checkIin(value);
    if (!r.ok) ctx.addIssue({ code: 'custom', message: `iin_${r.reason}` });
  })
  .transform((value) => value.replace(/[\s-]/g, ''));

export const workerCodeField = z
  .string({ error: 'required' })
  .trim()
  .min(1, { error: 'required', abort: true })
  .max(40, 'too_long')
  .regex(/^[\p{L}\p{N}][\p{L}\p{N} ._/-]*$/u, 'worker_code_invalid');

/**
 * The Kazakh test's entry form (the browser validates with the same schema). A public sitting (not
 * matched on a roster-only company's roster) also sends the phone the taker confirmed and the SMS code
 * it received (purpose `kazakh_test`): optional here, required by the server for such a sitting.
 */
export const kazakhEntrySchema = z.object({
  firstName: personNameField,
  lastName: personNameField,
  iin: iinField,
  workerCode: workerCodeField,
  phone: kzPhoneField.optional(),
  smsCode: codeField.optional(),
});

export const placementStartSchema = z.object({
  company: companySlugField.optional(),
});

export const kazakhStartSchema = kazakhEntrySchema.extend({
  consent: consentField,
  company: companySlugField.optional(),
  captchaToken: z.string().max(4096, 'too_long').optional(),
  captchaKind: captchaKindField,
});

/** The start through a personal invitation: the consent only (the taker comes from the roster). */
export const invitationStartSchema = z.strictObject({ consent: consentField });

/** A roster-only company's entry form asks whether an IIN is on the roster (to pre-fill the names). */
export const rosterCheckSchema = z.strictObject({ company: companySlugField, iin: iinField });

const answersField = z
  .record(z.string().regex(/^(?:en|kk)-[gvr]-\d{3}$/, 'invalid_value'), z.union([z.int().min(0).max(5), z.null()]), {
    error: 'invalid_value',
  })
  .refine((o) => Object.keys(o).length <= 60, 'invalid_value');

export const saveAnswersSchema = z.object({
  answers: answersField,
  position: z.int('invalid_value').min(0, 'invalid_value').max(200, 'invalid_value').optional(),
});

export const finishSchema = z.object({
  answers: answersField.optional(),
});

export type KazakhEntryValues = z.input<typeof kazakhEntrySchema>;
export type KazakhStartRequest = z.output<typeof kazakhStartSchema>;
