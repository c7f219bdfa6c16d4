import { z } from 'zod';
import { PLAN_IDS } from './lead';
import { param, plainText, searchParam } from './query';
import { pageQuery } from './staff';
import { DAY_MS } from '@/lib/time/calendar';
import { schoolDayStart } from '@/lib/time/school-clock';

/** A day ("2026-05-01") in the school's time zone, Asia/Almaty (UTC+5 all year); null clears it. */
const dayField = z
  .string({ error: 'invalid_value' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'invalid_value')
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, 'invalid_value')
  .nullable();
/** Valid from the start of the first day… */
export const dayStart = (v: string) => schoolDayStart(v);
/** …until the end of the last day. */
export const dayEnd = (v: string) => new Date(dayStart(v).getTime() + DAY_MS - 1);

/** Codes people type: uppercase Latin letters and digits (typed in any case, stored uppercase). */
export const promoCodeInput = z
  .string({ error: 'required' })
  .trim()
  .toUpperCase()
  .min(1, { error: 'required', abort: true })
  .max(32, { error: 'too_long', abort: true })
  .regex(/^[A-Z0-9]{3,32}$/, 'promo_code_format');

const fields = {
  percentOff: z.int({ error: 'percent_range' }).min(1, 'percent_range').max(100, 'percent_range'),
  validFrom: dayField,
  validUntil: dayField,
  /** null: unlimited. */
  maxUses: z.int({ error: 'max_uses_range' }).min(1, 'max_uses_range').max(1_000_000, 'max_uses_range').nullable(),
  /** Empty: every plan. */
  plans: z
    .array(z.enum(PLAN_IDS, { error: 'invalid_value' }), { error: 'invalid_value' })
    .max(PLAN_IDS.length, 'invalid_value')
    .transform((p) => PLAN_IDS.filter((id) => p.includes(id))),
  campaign: plainText()
    .trim()
    .max(80, 'too_long')
    .nullable()
    .transform((v) => v || null),
  active: z.boolean({ error: 'invalid_value' }),
};

const datesInOrder = (v: { validFrom?: string | null; validUntil?: string | null }) => !v.validFrom || !v.validUntil || v.validFrom <= v.validUntil;
const dateOrder = { path: ['validUntil'], message: 'date_order' };

/** Everything a code has but the code itself, as the edit form sends it. */
const promoBase = z.object({
  percentOff: fields.percentOff,
  validFrom: fields.validFrom.default(null),
  validUntil: fields.validUntil.default(null),
  maxUses: fields.maxUses.default(null),
  plans: fields.plans.default([]),
  campaign: fields.campaign.default(null),
  active: fields.active.default(true),
});

export const promoEditSchema = promoBase.refine(datesInOrder, dateOrder);
export const promoCreateSchema = promoBase.extend({ code: promoCodeInput }).refine(datesInOrder, dateOrder);

/** Everything but the code (leads carry it: renaming would cut them off from their code). */
export const promoPatchSchema = z
  .object({
    percentOff: fields.percentOff.optional(),
    validFrom: fields.validFrom.optional(),
    validUntil: fields.validUntil.optional(),
    maxUses: fields.maxUses.optional(),
    plans: fields.plans.optional(),
    campaign: fields.campaign.optional(),
    active: fields.active.optional(),
  })
  .refine((v) => Object.keys(v).length > 0, { message: 'required' })
  .refine(datesInOrder, dateOrder);

export const PROMO_STATES = ['active', 'inactive', 'scheduled', 'expired', 'exhausted'] as const;
export type PromoState = (typeof PROMO_STATES)[number];

export const promoQuery = pageQuery.extend({
  q: searchParam,
  state: param(z.enum(PROMO_STATES, { error: 'invalid_value' })),
});

export type PromoCreateInput = z.input<typeof promoCreateSchema>;
export type PromoCreate = z.output<typeof promoCreateSchema>;
export type PromoPatch = z.output<typeof promoPatchSchema>;
