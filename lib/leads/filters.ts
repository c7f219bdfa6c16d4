import 'server-only';
import { and, eq, gte, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { leads } from '@/lib/db/schema';
import { LEAD_STATUSES } from '@/lib/validations/lead-pipeline';
import { dateQuery, dateToQuery, pageQuery } from '@/lib/validations/staff';
import { noControlChars } from '@/lib/validations/query';

/** Every kind a lead can have: the site's forms and the simple registration. */
export const LEAD_LIST_KINDS = ['feedback', 'callback', 'trial', 'quiz', 'registration'] as const;
export type LeadListKind = (typeof LEAD_LIST_KINDS)[number];
const UTM_KEY = /^[\w .,:;/+%-]{1,100}$/u;

/**
 * The leads list's filters, from the URL's query (pages) or a call's query (API, exports): one
 * schema, so the list, its export and its count always agree.
 */
export const leadFilterSchema = pageQuery.extend({
  kind: z.enum(LEAD_LIST_KINDS, { error: 'invalid_value' }).optional().or(z.literal('').transform(() => undefined)),
  status: z.enum(LEAD_STATUSES, { error: 'invalid_value' }).optional().or(z.literal('').transform(() => undefined)),
  /** A staff id, `none` (unassigned) or `me`. */
  assignee: z
    .string()
    .regex(/^(?:\d{1,9}|none|me)$/, 'invalid_value')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  from: dateQuery.or(z.literal('').transform(() => undefined)),
  to: dateToQuery.or(z.literal('').transform(() => undefined)),
  locale: z.enum(['ru', 'kk', 'en'], { error: 'invalid_value' }).optional().or(z.literal('').transform(() => undefined)),
  page_path: z.string().max(200).regex(/^\/[\w/-]*$/, 'invalid_value').optional().or(z.literal('').transform(() => undefined)),
  touch: z.enum(['first', 'last'], { error: 'invalid_value' }).default('last'),
  utm_source: z.string().regex(UTM_KEY, 'invalid_value').optional().or(z.literal('').transform(() => undefined)),
  utm_medium: z.string().regex(UTM_KEY, 'invalid_value').optional().or(z.literal('').transform(() => undefined)),
  utm_campaign: z.string().regex(UTM_KEY, 'invalid_value').optional().or(z.literal('').transform(() => undefined)),
  /** A name, or a phone in any usual form (+7 701 …, 8701…, 701-…). */
  q: z.string().trim().max(80, 'too_long').refine(noControlChars, 'invalid_value').optional(),
});
export type LeadFilter = z.output<typeof leadFilterSchema>;

const like = (s: string) => `%${s.replace(/[%_\\]/g, '\\$&')}%`;

/** The digits of a phone as stored (+77…): "8 701 234" and "+7 701 234" both look for "7701234". */
export function phoneDigits(q: string): string | null {
  const digits = q.replace(/\D/g, '');
  if (digits.length < 3 || /[^\d\s()+-]/.test(q)) return null;
  if (digits.length === 11 && digits.startsWith('8')) return `7${digits.slice(1)}`;
  return digits;
}

/** The WHERE of a filter, for the list, its count and its export. */
export function leadWhere(f: LeadFilter, me: number): SQL | undefined {
  const where: SQL[] = [];
  if (f.kind) where.push(eq(leads.kind, f.kind));
  if (f.status) where.push(eq(leads.status, f.status));
  if (f.assignee === 'none') where.push(isNull(leads.assigneeId));
  else if (f.assignee === 'me') where.push(eq(leads.assigneeId, me));
  else if (f.assignee) where.push(eq(leads.assigneeId, Number(f.assignee)));
  if (f.from) where.push(gte(leads.createdAt, f.from));
  if (f.to) where.push(lt(leads.createdAt, f.to));
  if (f.locale) where.push(eq(leads.locale, f.locale));
  if (f.page_path) where.push(eq(leads.page, f.page_path));
  const utm = f.touch === 'first' ? leads.utmFirst : leads.utmLast;
  for (const key of ['utm_source', 'utm_medium', 'utm_campaign'] as const) {
    if (f[key]) where.push(sql`${utm} ->> ${key} = ${f[key]}`);
  }
  if (f.q) {
    const digits = phoneDigits(f.q);
    where.push(digits ? sql`${leads.phone} like ${like(digits)}` : sql`${leads.name} ilike ${like(f.q)}`);
  }
  return where.length ? and(...where) : undefined;
}

