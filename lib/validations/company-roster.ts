import { z } from 'zod';
import { checkIin } from '@/lib/iin';
import { checkKzMobile } from '@/lib/phone';
import { emailField } from './auth';
import { personNameField } from './person-name';
import { noControlChars } from './query';
import { pageQuery } from './staff';
import { schoolDayEnd } from '@/lib/time/school-clock';

// Field messages: keys of Validation, or of Company.validation (lib/api/errors.ts).
export const iinField = z
  .string({ error: 'required' })
  .trim()
  .min(1, { error: 'required', abort: true })
  .transform((v) => v.replace(/[\s-]/g, ''))
  .superRefine((v, ctx) => {
    const r = checkIin(v);
    if (!r.ok) ctx.addIssue({ code: 'custom', message: r.reason === 'checksum' ? 'iin_checksum' : r.reason === 'digits' ? 'iin_digits' : 'iin_length' });
  });

const optionalPhone = z
  .string({ error: 'invalid_value' })
  .trim()
  .max(40, 'too_long')
  .nullish()
  .superRefine((v, ctx) => {
    if (!v) return;
    const r = checkKzMobile(v);
    if (!r.ok) ctx.addIssue({ code: 'custom', message: r.reason === 'invalid' ? 'phone_invalid' : 'phone_not_kz' });
  })
  .transform((v) => {
    if (!v) return null;
    const r = checkKzMobile(v);
    return r.ok ? r.e164 : v;
  });
const optionalEmail = z.union([z.literal('').transform(() => null), emailField]).nullish().transform((v) => v ?? null);
// PostgreSQL refuses NUL in text: a control character pasted with a value is a 422, never a 500.
const optionalText = (max: number) =>
  z
    .string({ error: 'invalid_value' })
    .trim()
    .max(max, 'too_long')
    .refine(noControlChars, 'control_chars')
    .nullish()
    .transform((v) => v || null);

export const employeeSchema = z.object({
  lastName: personNameField,
  firstName: personNameField,
  iin: iinField,
  positionCode: z.string({ error: 'required' }).trim().min(1, { error: 'required', abort: true }).max(40, 'too_long').refine(noControlChars, 'control_chars'),
  department: optionalText(120),
  phone: optionalPhone,
  email: optionalEmail,
  locale: z.enum(['ru', 'kk', 'en'], { error: 'invalid_value' }).default('ru'),
});
/** An edit: any field; a blank IIN keeps the stored one (the form never holds the full IIN). */
export const employeePatchSchema = employeeSchema
  .partial()
  .extend({ iin: z.union([z.literal('').transform(() => undefined), iinField]).optional() })
  .refine((v) => Object.keys(v).length > 0, { message: 'required' });

export const employeesQuery = pageQuery.extend({
  q: z.string().trim().max(100, 'too_long').refine(noControlChars, 'invalid_value').optional(),
  status: z.enum(['not_invited', 'invited', 'started', 'finished', 'expired'], { error: 'invalid_value' }).optional(),
});

/** HR sends personal invitations: whom, through which channels, until when (an ISO date-time or YYYY-MM-DD, the end of that day in Almaty). */
export const invitationsSchema = z.strictObject({
  employeeIds: z.array(z.int('invalid_value').positive('invalid_value'), { error: 'invalid_value' }).min(1, 'required').max(1000, 'too_long'),
  channels: z.array(z.enum(['sms', 'email'], { error: 'invalid_value' }), { error: 'invalid_value' }).min(1, 'required').max(2, 'invalid_value'),
  deadline: z
    .string({ error: 'required' })
    .trim()
    .max(40, 'too_long')
    .transform((v, ctx) => {
      const d = /^\d{4}-\d{2}-\d{2}$/.test(v) ? schoolDayEnd(v) : new Date(v);
      if (Number.isNaN(d.getTime())) {
        ctx.addIssue({ code: 'custom', message: 'invalid_value' });
        return z.NEVER;
      }
      return d;
    }),
});

export const companySettingsSchema = z.strictObject({ rosterOnly: z.boolean({ error: 'invalid_value' }) });
