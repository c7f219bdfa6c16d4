import { z } from 'zod';
import { emailField, passwordField } from './auth';
import { kzPhoneField } from './lead';
import { personNameField } from './person-name';

// Messages are keys of the "Validation" namespace. Pure: the portal's forms use these too.
const tokenField = z.string({ error: 'required' }).regex(/^[\w-]{20,100}$/, 'invalid_value');
const localeField = z.enum(['ru', 'kk', 'en'], { error: 'invalid_value' });

/** A code from the SMS or the app: 6 digits (a space in the middle is tolerated). */
export const companyCodeField = z
  .string({ error: 'required' })
  .trim()
  .min(1, { error: 'required', abort: true })
  .regex(/^\d{3} ?\d{3}$/, 'sms_code_format')
  .transform((v) => v.replace(' ', ''));

export const companySignInSchema = z.object({
  email: emailField,
  password: z.string({ error: 'required' }).min(1, { error: 'required', abort: true }).max(128, 'too_long'),
  code: companyCodeField.optional(),
  method: z.enum(['sms', 'totp'], { error: 'invalid_value' }).optional(),
});

export const companyLinkOpenSchema = z.object({ token: tokenField });
export const companySetPasswordSchema = z
  .object({
    token: tokenField,
    password: passwordField,
    confirm: z.string({ error: 'required' }).min(1, { error: 'required', abort: true }),
  })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'password_mismatch' });

export const companyTotpConfirmSchema = z.object({ code: companyCodeField });

const currentPasswordField = z.string({ error: 'required' }).min(1, { error: 'required', abort: true }).max(128, 'too_long');

/** Turning the authenticator app off: the password and a fresh code from the app. */
export const companyTotpOffSchema = z.object({ password: currentPasswordField, code: companyCodeField });

/** One's own new password: the current one, the new one twice. */
export const companyPasswordChangeSchema = z
  .object({
    current: currentPasswordField,
    password: passwordField,
    confirm: z.string({ error: 'required' }).min(1, { error: 'required', abort: true }),
  })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'password_mismatch' });

/** "Forgot password" on the sign-in page. */
export const companyForgotSchema = z.object({ email: emailField });

/** Back office: a company's new HR person. */
export const hrUserCreateSchema = z.object({
  name: personNameField,
  email: emailField,
  phone: kzPhoneField,
  locale: localeField.default('ru'),
});

export const hrUserPatchSchema = z
  .object({ disabled: z.boolean({ error: 'invalid_value' }).optional(), resendLink: z.literal(true, { error: 'invalid_value' }).optional() })
  .refine((v) => v.disabled !== undefined || v.resendLink !== undefined, { message: 'required' });
