import { z } from 'zod';
import { param } from './query';
import { pageQuery } from './staff';

/** How many lessons one invoice may buy (docs/payments.md, "Company lesson pools"). */
export const POOL_ORDER_LESSONS = { min: 10, max: 1000 } as const;

const wholeLessons = (min: number, max: number, message: string) => z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message });

/** POST /api/company/invoices: HR orders a pool of lessons. */
export const poolOrderSchema = z.object({ lessons: wholeLessons(POOL_ORDER_LESSONS.min, POOL_ORDER_LESSONS.max, 'pool_lessons_range') });

/** POST /api/company/pool/allocations: N lessons of the paid pool to one employee of the roster. */
export const poolAllocationSchema = z.object({
  employeeId: z.number({ error: 'required' }).int({ error: 'invalid_value' }).positive({ error: 'invalid_value' }).max(2_147_483_647, { error: 'invalid_value' }),
  lessons: wholeLessons(1, POOL_ORDER_LESSONS.max, 'pool_allocation_range'),
});

const isDay = (v: string) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) === v;

/** POST /api/admin/finance/invoices/{id}/paid: the bank's date of the transfer and the payment order's number. */
export const invoicePaidSchema = z.object({
  paidOn: z.string({ error: 'required' }).regex(/^\d{4}-\d{2}-\d{2}$/, 'invalid_value').refine(isDay, 'invalid_value'),
  paymentOrder: z
    .string({ error: 'required' })
    .trim()
    .min(1, { error: 'required', abort: true })
    .max(40, { error: 'too_long', abort: true })
    .regex(/^[0-9A-Za-zА-Яа-яЁё№ /-]+$/u, 'payment_order_format'),
});
export type InvoicePaidInput = z.output<typeof invoicePaidSchema>;

/** /admin/invoices and GET /api/admin/finance/invoices: by status (default: issued, waiting for the transfer). */
export const invoicesQuery = pageQuery.extend({
  status: param(z.enum(['issued', 'paid', 'cancelled', 'all'], { error: 'invalid_value' })).transform((v) => v ?? 'issued'),
});
export type InvoicesQuery = z.output<typeof invoicesQuery>;

/** The act of completed work's month (YYYY-MM); default the previous month (the one an accountant closes). */
const docLang = param(z.enum(['ru', 'kk', 'en'], { error: 'invalid_value' }));
export const actQuery = z.object({
  month: param(z.string({ error: 'invalid_value' }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'invalid_value')),
  /** The document's language (default: the HR person's, or the staff member's page). */
  lang: docLang,
});

/** The reconciliation statement's period (Almaty days, inclusive, at most 5 years); default the year so far. */
export const reconciliationQuery = z
  .object({
    from: param(z.string({ error: 'invalid_value' }).regex(/^\d{4}-\d{2}-\d{2}$/, 'invalid_value').refine(isDay, 'invalid_value')),
    to: param(z.string({ error: 'invalid_value' }).regex(/^\d{4}-\d{2}-\d{2}$/, 'invalid_value').refine(isDay, 'invalid_value')),
    lang: docLang,
  })
  .refine((q) => !q.from || !q.to || (q.from <= q.to && Date.parse(q.to) - Date.parse(q.from) <= 5 * 366 * 86_400_000), { message: 'period_order', path: ['to'] });

/** HR's export of the lessons per employee: the period as /company/lessons has it, and the file's format. */
export const lessonsExportFormat = z.object({ format: param(z.enum(['xlsx', 'csv'], { error: 'invalid_value' })).transform((v) => v ?? 'xlsx') });

/** POST /api/company/pool/invitations: HR's invitation to the lessons for one employee, by SMS and/or e-mail. */
export const lessonsInviteSchema = z.object({
  employeeId: z.number({ error: 'required' }).int({ error: 'invalid_value' }).positive({ error: 'invalid_value' }).max(2_147_483_647, { error: 'invalid_value' }),
  channels: z.array(z.enum(['sms', 'email'], { error: 'invalid_value' }), { error: 'required' }).min(1, 'required').max(2, 'invalid_value'),
});

/** POST /api/cabinet/employer: the invitation's token, from the link's fragment. */
export const lessonsInviteClaimSchema = z.object({ token: z.string({ error: 'required' }).regex(/^[\w-]{20,100}$/, 'invalid_value') });
