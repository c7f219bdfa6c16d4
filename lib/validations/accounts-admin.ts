import { z } from 'zod';
import { param, searchParam } from './query';
import { dateQuery, dateToQuery, pageQuery } from './staff';

/** /admin/accounts and GET /api/admin/accounts: search, role, blocked, registration dates, page. */
export const accountsQuery = pageQuery.extend({
  q: searchParam,
  role: param(z.enum(['student', 'tutor'], { error: 'invalid_value' })),
  blocked: param(z.enum(['yes', 'no'], { error: 'invalid_value' })),
  from: param(dateQuery),
  to: param(dateToQuery),
});
export type AccountsQuery = z.output<typeof accountsQuery>;
