import { z } from 'zod';
import { emailField, passwordField, passwordLikeIdentifier } from './auth';
import { captchaKindField } from './captcha';

// The password's rules and the account forms' schemas (reset by e-mail, the cabinet's e-mail and
// password), apart from the registration wizards' (./registration.ts): a form that needs only
// these does not carry the names, phone and consent rules. Messages are "Validation" keys.

export const passwordPair = z.object({ password: passwordField, confirm: z.string({ error: 'required' }).min(1, { error: 'required', abort: true }) });

export function withPasswordChecks<T extends z.ZodType<{ password: string; confirm: string; phone?: string; email?: string }>>(schema: T) {
  return schema.superRefine((v, ctx) => {
    if (v.password !== v.confirm) ctx.addIssue({ code: 'custom', path: ['confirm'], message: 'password_mismatch' });
    if (passwordLikeIdentifier(v.password, { phone: v.phone, email: v.email })) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: 'password_like_identifier' });
    }
  });
}

/** A new password, twice (the wizards' password step, the reset by e-mail link). */
export const passwordStep = withPasswordChecks(passwordPair);

export const resetEmailRequestSchema = z.object({ email: emailField, captchaToken: z.string().max(4096).optional(), captchaKind: captchaKindField });
export const resetEmailTokenSchema = z.object({ token: z.string().regex(/^[\w-]{20,100}$/, 'invalid_value') });
export const resetEmailConfirmSchema = withPasswordChecks(resetEmailTokenSchema.extend(passwordPair.shape));
export const emailChangeSchema = z.object({ email: emailField });
export const emailConfirmSchema = resetEmailTokenSchema;
export const changePasswordSchema = withPasswordChecks(z.object({ current: z.string().min(1, { error: 'required', abort: true }).max(128, 'too_long'), ...passwordPair.shape }));
