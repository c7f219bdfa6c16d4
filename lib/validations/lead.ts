import { z } from 'zod';
import { noControlChars } from './query';
import { checkKzMobile } from '@/lib/phone';
import type { PlanId } from '@/lib/tariffs';
import { captchaKindField } from './captcha';
import { consentField } from './consent';

// Messages are keys of the "Validation" namespace, translated where they are shown.
export const nameField = z
  .string({ error: 'required' })
  .trim()
  .min(1, { error: 'required', abort: true })
  .max(80, 'too_long')
  .regex(/^[\p{L}\p{M}' .-]+$/u, 'name_invalid');

export const kzPhoneField = z
  .string({ error: 'required' })
  .trim()
  .min(1, { error: 'required', abort: true })
  .superRefine((value, ctx) => {
    const r = checkKzMobile(value);
    if (!r.ok) ctx.addIssue({ code: 'custom', message: r.reason === 'invalid' ? 'phone_invalid' : 'phone_not_kz' });
  })
  .transform((value) => {
    const r = checkKzMobile(value);
    return r.ok ? r.e164 : value;
  });

export const LEAD_KINDS = ['feedback', 'callback', 'trial', 'quiz'] as const;
export const PLAN_IDS = ['basic', 'advanced', 'intensive'] as const satisfies readonly PlanId[];

export const leadFormSchema = z.object({
  name: nameField,
  phone: kzPhoneField,
});

export const leadRequestSchema = leadFormSchema.extend({
  kind: z.enum(LEAD_KINDS, { error: 'invalid_value' }),
  page: z
    .string({ error: 'required' })
    .max(200, 'too_long')
    .regex(/^\/[A-Za-z0-9/_-]*$/, 'invalid_value'),
  captchaToken: z.string().max(4096, 'too_long').optional(),
  captchaKind: captchaKindField,
  answers: z
    .record(
      z.string().max(40).refine(noControlChars, 'control_chars'),
      z.union([z.string().max(200).refine(noControlChars, 'control_chars'), z.array(z.string().max(200).refine(noControlChars, 'control_chars')).max(10)]),
    )
    .refine((o) => Object.keys(o).length <= 20, 'invalid_value')
    .optional(),
  consent: consentField,
  /** "Choose" on the student tariff page: the plan and the promo code applied there. */
  plan: z.enum(PLAN_IDS, { error: 'invalid_value' }).optional(),
  promoCode: z
    .string()
    .trim()
    .max(32, 'too_long')
    .regex(/^[A-Za-z0-9_-]+$/, 'promo_format')
    .transform((v) => v.toUpperCase())
    .optional(),
});

export type LeadFormValues = z.input<typeof leadFormSchema>;
export type LeadRequest = z.output<typeof leadRequestSchema>;
