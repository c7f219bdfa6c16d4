import 'server-only';
import { and, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import { unstable_cache } from 'next/cache';
import { getDb } from '@/lib/db/client';
import { tutorProfiles, users } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import type { CatalogueQuery } from '@/lib/validations/catalogue';
import type { ProfileData } from '@/lib/validations/tutor-profile';
import { TUTORS_TAG, tutorTag } from './revalidate';

/**
 * The public catalogue (issue 14): published profiles only (`published`, never the draft), of
 * accounts that are not blocked. The public name is the first name and the last name's initial.
 * Reads are cached under the `tutors` tag (lib/marketplace/revalidate.ts refreshes it when a
 * reviewer publishes a profile), so a visit costs no database query.
 */

export interface PublicTutor {
  slug: string;
  name: string;
  profile: ProfileData;
  publishedAt: string;
}

export const CATALOGUE_PAGE_SIZE = 12;

const publicName = (name: string, lastname: string) => `${name} ${Array.from(lastname)[0] ?? ''}.`.trim();

export async function readPublishedTutors(db: Db): Promise<PublicTutor[]> {
  const rows = await db
    .select({ slug: tutorProfiles.slug, name: users.name, lastname: users.lastname, published: tutorProfiles.published, publishedAt: tutorProfiles.publishedAt })
    .from(tutorProfiles)
    .innerJoin(users, eq(users.id, tutorProfiles.userId))
    .where(and(isNotNull(tutorProfiles.published), isNull(users.blockedAt)))
    .orderBy(desc(tutorProfiles.publishedAt));
  return rows.map((r) => ({ slug: r.slug, name: publicName(r.name, r.lastname), profile: r.published!, publishedAt: (r.publishedAt ?? new Date(0)).toISOString() }));
}

/** Every published tutor, cached (tag `tutors`, at most an hour). */
export const publishedTutors = unstable_cache(async () => readPublishedTutors(await getDb()), ['tutors:published'], { tags: [TUTORS_TAG], revalidate: 3600 });

/** One published tutor by slug, cached (tags `tutors` and `tutor:{slug}`), or null. */
export const tutorBySlug = (slug: string) =>
  unstable_cache(async () => (await publishedTutors()).find((t) => t.slug === slug) ?? null, ['tutors:slug', slug], { tags: [TUTORS_TAG, tutorTag(slug)], revalidate: 3600 })();

/** The visitor's filters, sort and page applied (pure: the page and the tests call it). */
export function searchTutors(all: PublicTutor[], q: CatalogueQuery) {
  const found = all.filter(({ profile: p }) => {
    if (q.subject && !p.subjects.includes(q.subject)) return false;
    if (q.lang && !p.teachingLanguages.includes(q.lang)) return false;
    if (q.level && !p.levels.includes(q.level)) return false;
    if (q.age && !p.ages.includes(q.age)) return false;
    if (q.native && !p.nativeSpeaker) return false;
    if (q.priceMin !== undefined && (p.price ?? 0) < q.priceMin) return false;
    if (q.priceMax !== undefined && (p.price ?? 0) > q.priceMax) return false;
    return true;
  });
  const price = (t: PublicTutor) => t.profile.price ?? 0;
  if (q.sort === 'price_asc') found.sort((a, b) => price(a) - price(b) || a.slug.localeCompare(b.slug));
  else if (q.sort === 'price_desc') found.sort((a, b) => price(b) - price(a) || a.slug.localeCompare(b.slug));
  else if (q.sort === 'experience') found.sort((a, b) => b.profile.experienceYears - a.profile.experienceYears || a.slug.localeCompare(b.slug));
  const pages = Math.max(1, Math.ceil(found.length / CATALOGUE_PAGE_SIZE));
  const page = Math.min(q.page, pages);
  return { total: found.length, page, pages, rows: found.slice((page - 1) * CATALOGUE_PAGE_SIZE, page * CATALOGUE_PAGE_SIZE) };
}
