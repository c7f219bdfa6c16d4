import { z } from 'zod';
import { noControlChars } from './query';
import { STAFF_SCOPE_LIST } from './staff-scopes';
import { emailField, passwordField } from './auth';
import { personNameField } from './person-name';
import { schoolDayStart } from '@/lib/time/school-clock';

const tokenField = z.string({ error: 'required' }).regex(/^[\w-]{20,100}$/, 'invalid_value');
/** A TOTP code (6 digits) or a recovery code ("xxxxx-xxxxx"). */
export const staffCodeField = z
  .string({ error: 'required' })
  .trim()
  .min(1, { error: 'required', abort: true })
  .max(20, 'staff_code_format')
  .regex(/^(?:\d{3} ?\d{3}|[a-zA-Z2-9]{5}-?[a-zA-Z2-9]{5})$/, 'staff_code_format');

export const staffSignInSchema = z.object({
  email: emailField,
  password: z.string({ error: 'required' }).min(1, { error: 'required', abort: true }).max(128, 'too_long'),
  code: staffCodeField,
});

export const enrolOpenSchema = z.object({ token: tokenField });
export const enrolFinishSchema = z
  .object({
    token: tokenField,
    password: passwordField,
    confirm: z.string({ error: 'required' }).min(1, { error: 'required', abort: true }),
    code: z.string({ error: 'required' }).trim().regex(/^\d{6}$/, 'sms_code_format'),
  })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'password_mismatch' });

export const scopesField = z.array(z.enum(STAFF_SCOPE_LIST, { error: 'invalid_value' })).min(1, 'required').max(STAFF_SCOPE_LIST.length).transform((s) => [...new Set(s)]);

export const staffInviteSchema = z.object({
  email: emailField,
  name: personNameField,
  scopes: scopesField,
  locale: z.enum(['ru', 'kk', 'en'], { error: 'invalid_value' }).default('ru'),
});

export const staffPatchSchema = z
  .object({ scopes: scopesField.optional(), disabled: z.boolean().optional(), onDuty: z.boolean().optional(), name: personNameField.optional() })
  .refine((v) => Object.keys(v).length > 0, { message: 'required' });

/** Query strings: numbers and dates, with bad values refused as 422 like bodies. */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
/** A day in the school's time zone (Asia/Almaty, UTC+5 all year): its start… */
export const dateQuery = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'invalid_value')
  .optional()
  .transform((v) => (v ? schoolDayStart(v) : undefined))
  .refine((d) => !d || !Number.isNaN(d.getTime()), 'invalid_value');
/** …and, for the end of a range, the start of the next day (the range includes the whole day). */
export const dateToQuery = dateQuery.transform((d) => (d ? new Date(d.getTime() + 24 * 3600 * 1000) : undefined));

export const auditQuery = pageQuery.extend({
  actor: z.coerce.number().int().positive().optional(),
  /** Staff ids and HR ids are separate sequences: `actor` names a staff member unless this says `company`. */
  actorKind: z.enum(['staff', 'company']).optional(),
  action: z.string().max(60).regex(/^[a-z._]*$/, 'invalid_value').optional(),
  entity: z.string().max(40).regex(/^[a-z_]*$/, 'invalid_value').optional(),
  entityId: z.string().max(40).refine(noControlChars, 'invalid_value').optional(),
  from: dateQuery,
  to: dateToQuery,
});

/** The authenticator's current code (6 digits; a space in the middle is tolerated). */
export const totpField = z
  .string({ error: 'required' })
  .trim()
  .min(1, { error: 'required', abort: true })
  .regex(/^\d{3} ?\d{3}$/, 'sms_code_format')
  .transform((v) => v.replace(' ', ''));

/** A staff member's own password: the current one and the app's code prove it is them. */
export const staffPasswordChangeSchema = z
  .object({
    current: z.string({ error: 'required' }).min(1, { error: 'required', abort: true }).max(128, 'too_long'),
    password: passwordField,
    confirm: z.string({ error: 'required' }).min(1, { error: 'required', abort: true }),
    code: totpField,
  })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'password_mismatch' });

/** New recovery codes: the app's code is needed (a recovery code cannot mint new ones). */
export const staffRecoverySchema = z.object({ code: totpField });
