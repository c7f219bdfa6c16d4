import { z } from 'zod';
import { isCommonPassword } from './common-passwords';
import { checkKzMobile } from '@/lib/phone';
import { captchaKindField } from './captcha';

// Messages are keys of the "Validation" namespace (the spec's texts, translated).
export const passwordField = z
  .string({ error: 'required' })
  .min(1, { error: 'required', abort: true })
  .max(128, 'too_long')
  .superRefine((value, ctx) => {
    if (!/^[\x21-\x7e]+$/.test(value)) ctx.addIssue({ code: 'custom', message: 'password_latin' });
    else if (!/[A-Z]/.test(value)) ctx.addIssue({ code: 'custom', message: 'password_capital' });
    else if (!/\d/.test(value)) ctx.addIssue({ code: 'custom', message: 'password_digit' });
    else if (value.length < 8) ctx.addIssue({ code: 'custom', message: 'password_min' });
    else if (isCommonPassword(value)) ctx.addIssue({ code: 'custom', message: 'password_common' });
  });

export const emailField = z.string({ error: 'required' }).trim().toLowerCase().max(254, 'too_long').pipe(z.email('email_invalid'));

/** A password may not be the phone number or the e-mail (or its local part). */
export function passwordLikeIdentifier(password: string, ids: { phone?: string; email?: string }): boolean {
  const p = password.toLowerCase();
  const digits = ids.phone?.replace(/\D/g, '') ?? '';
  if (digits && (p.replace(/\D/g, '') === digits || p.replace(/\D/g, '') === digits.slice(1))) return p.replace(/\d/g, '').length < 3;
  const email = ids.email?.toLowerCase();
  return !!email && (p === email || p.includes(email.split('@')[0]!) && email.split('@')[0]!.length >= 5);
}

/** Login: the phone (any usual form) or the e-mail, and the password. */
export const loginSchema = z.object({
  login: z
    .string({ error: 'required' })
    .trim()
    .min(1, { error: 'required', abort: true })
    .max(254, 'too_long')
    .transform((value, ctx) => {
      if (value.includes('@')) {
        const r = z.email().safeParse(value.toLowerCase());
        if (!r.success) ctx.addIssue({ code: 'custom', message: 'email_invalid' });
        return { kind: 'email' as const, value: value.toLowerCase() };
      }
      const phone = checkKzMobile(value);
      if (!phone.ok) ctx.addIssue({ code: 'custom', message: phone.reason === 'invalid' ? 'phone_invalid' : 'phone_not_kz' });
      return { kind: 'phone' as const, value: phone.ok ? phone.e164 : value };
    }),
  password: z.string({ error: 'required' }).min(1, { error: 'required', abort: true }).max(128, 'too_long'),
  captchaToken: z.string().max(4096).optional(),
  captchaKind: captchaKindField,
});

export const confirmPassword = <T extends { password: string; confirm: string }>(v: T) => v.password === v.confirm;
