import { z } from 'zod';
import { param, searchParam } from './query';
import { dateQuery, dateToQuery, pageQuery } from './staff';

/** Levels a Kazakh certificate states: A0 is "below A1". */
export const KZ_LEVELS = ['A0', 'A1', 'A2', 'B1', 'B2', 'C1'] as const;

/** /admin/tests and GET /api/admin/tests: per company (or none), level, annulled, certificate state, search, dates. */
export const testsQuery = pageQuery.extend({
  company: param(z.union([z.literal('none'), z.coerce.number().int().positive().max(2_147_483_647)], { error: 'invalid_value' })),
  level: param(z.enum([...KZ_LEVELS, 'none'], { error: 'invalid_value' })),
  annulled: param(z.enum(['yes', 'no'], { error: 'invalid_value' })),
  certificate: param(z.enum(['issued', 'revoked', 'none'], { error: 'invalid_value' })),
  q: searchParam,
  from: param(dateQuery),
  to: param(dateToQuery),
});
export type TestsQuery = z.output<typeof testsQuery>;
