import { z } from 'zod';
import { iinField } from './company-roster';
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

const packageId = z.coerce.number({ error: 'invalid_value' }).int('invalid_value').positive('invalid_value').max(2_147_483_647, 'invalid_value');
/** The longest series asked at once (a package's validity is at most 3 months). */
export const SERIES_MAX_WEEKS = 14;
const seriesFields = {
  packageId,
  /** ISO weekdays, 1 = Monday. */
  weekdays: z.array(z.coerce.number({ error: 'invalid_value' }).int('invalid_value').min(1, 'invalid_value').max(7, 'invalid_value'), { error: 'required' }).min(1, 'required').max(7, 'invalid_value'),
  /** HH:MM in Almaty, on the half hour (the tutors' slots' grid). */
  time: z.string({ error: 'required' }).regex(/^([01]\d|2[0-3]):(00|30)$/, 'invalid_value'),
  weeks: z.coerce.number({ error: 'invalid_value' }).int('invalid_value').min(1, 'invalid_value').max(SERIES_MAX_WEEKS, 'invalid_value'),
};
const toMinutes = <T extends { time: string }>(v: T) => ({ ...v, minutes: Number(v.time.slice(0, 2)) * 60 + Number(v.time.slice(3)) });

/** The series' preview (query: weekdays as "1,3"). */
export const seriesPreviewSchema = z
  .object({ ...seriesFields, weekdays: z.preprocess((v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v), seriesFields.weekdays) })
  .transform(toMinutes);

/** A weekly series of paid lessons: weekdays and a time, for N weeks. */
export const seriesBookingSchema = z
  .object({ ...seriesFields, idempotencyKey: z.string({ error: 'required' }).regex(/^[\w-]{16,72}$/, 'invalid_value') })
  .transform(toMinutes);

/** The paid booking's context (query). */
export const paidContextSchema = z.object({ packageId });

const idQuery = z.coerce.number({ error: 'invalid_value' }).int('invalid_value').positive('invalid_value').max(2_147_483_647, 'invalid_value');
/** A booking from the employer's lessons: the context (query), the roster row and the tutor. */
export const poolContextSchema = z.object({ employeeId: idQuery, tutorId: idQuery });

/** A lesson booked from the employer's lessons: the roster row, the tutor, the subject, a free slot's start, the browser's retry key. */
export const poolBookingSchema = z.object({
  employeeId: z.number({ error: 'invalid_value' }).int('invalid_value').positive('invalid_value').max(2_147_483_647, 'invalid_value'),
  tutorId,
  subject: z.enum(TUTOR_SUBJECTS, { error: 'required' }),
  startsAt: z.iso.datetime({ offset: true, error: 'invalid_value' }).transform((s) => new Date(s)),
  idempotencyKey: z.string({ error: 'required' }).regex(/^[\w-]{16,80}$/, 'invalid_value'),
});

/**
 * A Kazakh IBAN (KZ, 2 check digits, 3 bank code, 13 account characters: 20 in all), typed with or
 * without spaces, in any case; the ISO 13616 check (mod 97 = 1) catches a mistyped character.
 */
export function checkKzIban(raw: string): { ok: true; iban: string } | { ok: false; reason: 'iban_format' | 'iban_checksum' } {
  const iban = raw.replace(/[\s-]/g, '').toUpperCase();
  if (!/^KZ\d{2}[0-9A-Z]{16}$/.test(iban)) return { ok: false, reason: 'iban_format' };
  const digits = (iban.slice(4) + iban.slice(0, 4)).replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let rest = 0;
  for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  return rest === 1 ? { ok: true, iban } : { ok: false, reason: 'iban_checksum' };
}

const ibanField = z
  .string({ error: 'required' })
  .trim()
  .min(1, { error: 'required', abort: true })
  .transform((v, ctx) => {
    const r = checkKzIban(v);
    if (r.ok) return r.iban;
    ctx.addIssue({ code: 'custom', message: r.reason });
    return z.NEVER;
  });

/** PUT /api/cabinet/payout-details: where the school pays the tutor (docs/payments.md, "Payouts"). */
export const payoutDetailsSchema = z.object({ iban: ibanField, iin: iinField }).strict();
export type PayoutDetailsValues = z.input<typeof payoutDetailsSchema>;
