import { z } from 'zod';

export const ATTRIBUTION_DIMENSIONS = ['source', 'medium', 'campaign'] as const;
export const ATTRIBUTION_SORTS = ['key', 'leads', 'registrations', 'won', 'conversion'] as const;
export type AttributionDimension = (typeof ATTRIBUTION_DIMENSIONS)[number];
export type AttributionSort = (typeof ATTRIBUTION_SORTS)[number];

const isDay = (v: string) => {
  const t = Date.parse(`${v}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === v;
};
/** A calendar day in the school's time zone, `YYYY-MM-DD`; empty is "not set". */
const day = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'invalid_value')
  .refine(isDay, 'invalid_value')
  .optional()
  .or(z.literal('').transform(() => undefined));

/**
 * The attribution report's query (page URL and GET /api/admin/attribution): a range of Almaty days
 * (both ends included), first or last touch, the utm parameter to group by, the sort.
 */
export const attributionQuerySchema = z
  .object({
    from: day,
    to: day,
    touch: z.enum(['first', 'last'], { error: 'invalid_value' }).default('last'),
    by: z.enum(ATTRIBUTION_DIMENSIONS, { error: 'invalid_value' }).default('source'),
    sort: z.enum(ATTRIBUTION_SORTS, { error: 'invalid_value' }).default('leads'),
    dir: z.enum(['asc', 'desc'], { error: 'invalid_value' }).default('desc'),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: 'date_range_order' });
export type AttributionQuery = z.output<typeof attributionQuerySchema>;
