import { z } from 'zod';
import { param, searchParam } from './query';
import { dateQuery, dateToQuery, pageQuery } from './staff';

/** A school month, YYYY-MM. */
export const monthParam = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'invalid_value');

/** /admin/payments and GET /api/admin/finance/payments: status, provider status check, dates, invoice or name search, page. */
export const paymentsQuery = pageQuery.extend({
  q: searchParam,
  status: param(z.enum(['pending', 'paid', 'declined', 'expired', 'refunded', 'attention'], { error: 'invalid_value' })),
  plan: param(z.enum(['basic', 'advanced', 'intensive', 'group'], { error: 'invalid_value' })),
  from: param(dateQuery),
  to: param(dateToQuery),
});
export type PaymentsQuery = z.output<typeof paymentsQuery>;

/** /admin/refunds and GET /api/admin/finance/refunds: by status (default: the ones waiting for finance). */
export const refundsQuery = pageQuery.extend({
  status: param(z.enum(['review', 'requested', 'done', 'failed', 'rejected', 'all'], { error: 'invalid_value' })).transform((v) => v ?? 'review'),
});
export type RefundsQuery = z.output<typeof refundsQuery>;

/** /admin/payouts and GET /api/admin/finance/payouts: the month (default: the one before this), page. */
export const payoutsQuery = pageQuery.extend({ month: param(monthParam) });

/** A period of Almaty days for revenue and reconciliation (both ends included; default the last 30 days). */
const day = param(z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'invalid_value').refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) === v, 'invalid_value'));
export const periodQuery = z
  .object({ from: day, to: day, touch: param(z.enum(['first', 'last'], { error: 'invalid_value' })).transform((v) => v ?? 'first') })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: 'date_range_order' });
export type PeriodQuery = z.output<typeof periodQuery>;

/** POST /api/admin/finance/reconciliation: the period whose orders are compared with the provider (at most 31 days). */
export const reconcileSchema = z
  .object({ from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'invalid_value'), to: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'invalid_value') })
  .refine((q) => q.from <= q.to, { path: ['to'], message: 'date_range_order' })
  .refine((q) => Date.parse(`${q.to}T00:00:00Z`) - Date.parse(`${q.from}T00:00:00Z`) <= 30 * 86_400_000, { path: ['to'], message: 'invalid_value' });
