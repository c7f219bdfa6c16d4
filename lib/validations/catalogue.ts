import { z } from 'zod';
import { PROFILE_AGES, PROFILE_LEVELS, TEACHING_LANGUAGES, TUTOR_SUBJECTS } from './tutor-profile';

// The catalogue's URL (/tutors?subject=&lang=&level=&age=&native=1&priceMin=&priceMax=&sort=&page=).
// A hand-edited or stale value is dropped, never an error page.
// Free time in the next week: `days=1&days=3` (ISO weekdays, 1 = Monday) and
// `times=morning&times=evening` (Almaty time of day; a comma list works too).

/** Times of day in Almaty time: morning before 12:00, afternoon 12:00–17:00, evening from 17:00. */
export const DAY_PERIODS = ['morning', 'afternoon', 'evening'] as const;
export type DayPeriod = (typeof DAY_PERIODS)[number];
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** A repeated or comma-separated URL value as a sorted list of the known values (unknown ones dropped). */
const listOf = <T extends string | number>(known: readonly T[], parse: (v: string) => T) =>
  z.preprocess((v) => {
    const raw = (Array.isArray(v) ? v : typeof v === 'string' ? [v] : []).flatMap((x) => String(x).split(','));
    const set = new Set(raw.map((x) => parse(x.trim())).filter((x) => known.includes(x)));
    return known.filter((k) => set.has(k));
  }, z.array(z.any()).transform((a) => a as T[]));

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
  days: listOf<number>(WEEKDAYS, Number),
  times: listOf<DayPeriod>(DAY_PERIODS, (v) => v as DayPeriod),
  sort: z.enum(CATALOGUE_SORTS).catch('recommended').default('recommended'),
  page: z.coerce.number().int().min(1).max(1000).catch(1).default(1),
});
export type CatalogueQuery = z.output<typeof catalogueQuerySchema>;

/** The query string of a catalogue state (defaults left out), for links and paging. */
export function catalogueSearch(q: Partial<CatalogueQuery>): string {
  const params = new URLSearchParams();
  for (const key of ['subject', 'lang', 'level', 'age', 'priceMin', 'priceMax'] as const) if (q[key] !== undefined) params.set(key, String(q[key]));
  if (q.native) params.set('native', '1');
  for (const d of q.days ?? []) params.append('days', String(d));
  for (const t of q.times ?? []) params.append('times', t);
  if (q.sort && q.sort !== 'recommended') params.set('sort', q.sort);
  if (q.page && q.page > 1) params.set('page', String(q.page));
  const s = params.toString();
  return s ? `?${s}` : '';
}
