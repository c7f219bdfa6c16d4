import { z } from 'zod';
import { PROFILE_AGES, PROFILE_LEVELS, TEACHING_LANGUAGES, TUTOR_SUBJECTS } from './tutor-profile';

// The catalogue's URL (/tutors?subject=&lang=&level=&age=&native=1&priceMin=&priceMax=&sort=&page=).
// A hand-edited or stale value is dropped, never an error page.
// SLOT(booking): the "free days/times next week" filter (`days`, `times`) joins here at merge.

export const CATALOGUE_SORTS = ['recommended', 'price_asc', 'price_desc', 'experience'] as const;

const optionalEnum = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values).optional().catch(undefined);
const price = z.coerce.number().int().min(0).max(10_000_000).optional().catch(undefined);

export const catalogueQuerySchema = z.object({
  subject: z.preprocess((v) => (v === '' ? undefined : v), optionalEnum(TUTOR_SUBJECTS)),
  lang: z.preprocess((v) => (v === '' ? undefined : v), optionalEnum(TEACHING_LANGUAGES)),
  level: z.preprocess((v) => (v === '' ? undefined : v), optionalEnum(PROFILE_LEVELS)),
  age: z.preprocess((v) => (v === '' ? undefined : v), optionalEnum(PROFILE_AGES)),
  native: z.preprocess((v) => v === '1' || v === 'on' || v === 'true', z.boolean()),
  priceMin: z.preprocess((v) => (v === '' ? undefined : v), price),
  priceMax: z.preprocess((v) => (v === '' ? undefined : v), price),
  sort: z.enum(CATALOGUE_SORTS).catch('recommended').default('recommended'),
  page: z.coerce.number().int().min(1).max(1000).catch(1).default(1),
});
export type CatalogueQuery = z.output<typeof catalogueQuerySchema>;

/** The query string of a catalogue state (defaults left out), for links and paging. */
export function catalogueSearch(q: Partial<CatalogueQuery>): string {
  const params = new URLSearchParams();
  for (const key of ['subject', 'lang', 'level', 'age', 'priceMin', 'priceMax'] as const) if (q[key] !== undefined) params.set(key, String(q[key]));
  if (q.native) params.set('native', '1');
  if (q.sort && q.sort !== 'recommended') params.set('sort', q.sort);
  if (q.page && q.page > 1) params.set('page', String(q.page));
  const s = params.toString();
  return s ? `?${s}` : '';
}
