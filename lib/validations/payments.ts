import { z } from 'zod';
import { TUTOR_SUBJECTS } from './registration';

// The checkout's calls (issue 24, docs/payments.md). Messages: keys of "Validation".

export const PLAN_IDS = ['basic', 'advanced', 'intensive'] as const;

const tutorId = z.number({ error: 'invalid_value' }).int('invalid_value').positive('invalid_value').max(2_147_483_647, 'invalid_value');
/** The tariff page's promo code field: the same rule as the lead form's. */
const promoCode = z
  .string({ error: 'invalid_value' })
  .trim()
  .max(32, 'too_long')
  .regex(/^[A-Za-z0-9_-]*$/, 'promo_format')
  .optional()
  .transform((v) => (v ? v.toUpperCase() : undefined));

export const checkoutSchema = z.object({
  tutorId,
  subject: z.enum(TUTOR_SUBJECTS, { error: 'required' }),
  plan: z.enum(PLAN_IDS, { error: 'required' }),
  promoCode,
});
export type CheckoutInput = z.output<typeof checkoutSchema>;

/** Our invoice ids: ePay's 6-15 digits. */
export const invoiceIdParam = z.string().regex(/^\d{6,15}$/);

/** A paid lesson booked from a package: the package, a free slot's start, the browser's retry key. */
export const paidBookingSchema = z.object({
  packageId: z.number({ error: 'invalid_value' }).int('invalid_value').positive('invalid_value').max(2_147_483_647, 'invalid_value'),
  startsAt: z.iso.datetime({ offset: true, error: 'invalid_value' }).transform((s) => new Date(s)),
  idempotencyKey: z.string({ error: 'required' }).regex(/^[\w-]{16,80}$/, 'invalid_value'),
});
