import { z } from 'zod';

export const promoFormSchema = z.object({
  code: z
    .string({ error: 'required' })
    .trim()
    .min(1, 'required')
    .max(32, 'too_long')
    .regex(/^[A-Za-z0-9_-]+$/, 'promo_format'),
});

export const promoRequestSchema = promoFormSchema.extend({
  audience: z.enum(['student', 'teacher'], { error: 'invalid_value' }).default('student'),
});

export type PromoFormValues = z.input<typeof promoFormSchema>;
