import { z } from 'zod';
import { param, plainText, searchParam } from './query';
import { dateQuery, dateToQuery, pageQuery } from './staff';

export const RESULT_STATUSES = ['not_started', 'started', 'finished'] as const;
export type ResultStatus = (typeof RESULT_STATUSES)[number];

const groupParam = param(plainText().trim().max(120, 'too_long'));

/** The portal's results: filters by department, position code, status, test date (Almaty days), a name search, pages. */
export const resultsQuery = pageQuery.extend({
  q: searchParam,
  department: groupParam,
  position: groupParam,
  status: param(z.enum(RESULT_STATUSES, { error: 'invalid_value' })),
  from: param(dateQuery),
  to: param(dateToQuery),
});
export type ResultsQuery = z.output<typeof resultsQuery>;

/** Exports take the same filters (no paging) and the format. */
export const resultsExportQuery = resultsQuery.omit({ page: true, pageSize: true }).extend({
  format: z.enum(['xlsx', 'csv'], { error: 'invalid_value' }).default('xlsx'),
  lang: param(z.enum(['ru', 'kk', 'en'], { error: 'invalid_value' })),
});
export type ResultsExportQuery = z.output<typeof resultsExportQuery>;

/** The full-IIN export: a separate POST, with the HR person's explicit confirmation. */
export const fullIinExportBody = z.object({
  format: z.enum(['xlsx', 'csv'], { error: 'invalid_value' }).default('xlsx'),
  confirm: z.literal(true, { error: 'required' }),
  lang: z.enum(['ru', 'kk', 'en'], { error: 'invalid_value' }).optional(),
  filter: z.record(z.string(), z.string().max(200)).optional(),
});
