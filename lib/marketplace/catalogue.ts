import 'server-only';
import { and, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import { unstable_cache } from 'next/cache';
import { getDb } from '@/lib/db/client';
import { tutorProfiles, tutorSchedules, users } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import type { CatalogueQuery } from '@/lib/validations/catalogue';
import type { ProfileData } from '@/lib/validations/tutor-profile';
import { freeSlotsOf } from '@/lib/lessons/availability';
import { TUTORS_TAG, tutorTag } from '@/lib/lessons/revalidate';
import { freeTimeMask, matchesFreeTime, WEEK_AHEAD_DAYS } from '@/lib/lessons/slots';

/**
 * The public catalogue (issue 14): published profiles only (`published`, never the draft), of
 * accounts that are not blocked. The public name is the first name and the last name's initial.
 * Reads are cached under the `tutors` tag (lib/lessons/revalidate.ts refreshes it when a
 * reviewer publishes a profile), so a visit costs no database query.
 *
 * Free time rides along, computed when the cache is filled (refreshed when a schedule, hold or
 * booking changes: `slotsChanged`, and at least every SLOTS_TTL seconds as time moves on): the
 * first few free slots of each tutor (the card's "next free slot"; the page drops those that have
 * come within the minimum notice since) and a mask of the weekdays and times of day free in the
 * next week (the catalogue's filter).
 */

export interface PublicTutor {
  /** The tutor's account id (the booking page's /book/{id}). */
  id: number;
  slug: string;
  name: string;
  profile: ProfileData;
  publishedAt: string;
  /** The first free slots (ISO, ascending; a few, for the card). */
  next: string[];
  /** Free weekdays × times of day in the next week (see freeTimeMask). */
  freeMask: number;
  /** The tutor's minimum notice: slots closer than this to now are no longer offered. */
  noticeMinutes: number;
}

/** Cached free time is recomputed at least this often (seconds), as slots come within the notice. */
export const SLOTS_TTL = 600;
const NEXT_KEPT = 4;

export const CATALOGUE_PAGE_SIZE = 12;

const publicName = (name: string, lastname: string) => `${name} ${Array.from(lastname)[0] ?? ''}.`.trim();

export async function readPublishedTutors(db: Db, now = new Date()): Promise<PublicTutor[]> {
  const rows = await db
    .select({ id: tutorProfiles.userId, notice: tutorSchedules.minNoticeMinutes, slug: tutorProfiles.slug, name: users.name, lastname: users.lastname, published: tutorProfiles.published, publishedAt: tutorProfiles.publishedAt })
    .from(tutorProfiles)
    .innerJoin(users, eq(users.id, tutorProfiles.userId))
    .leftJoin(tutorSchedules, eq(tutorSchedules.tutorId, tutorProfiles.userId))
    .where(and(isNotNull(tutorProfiles.published), isNull(users.blockedAt)))
    .orderBy(desc(tutorProfiles.publishedAt));
  const slots = await freeSlotsOf(
    db,
    rows.map((r) => r.id),
    now,
  );
  return rows.map((r) => {
    const free = slots.get(r.id) ?? [];
    return {
      id: r.id,
      slug: r.slug,
      name: publicName(r.name, r.lastname),
      profile: r.published!,
      publishedAt: (r.publishedAt ?? new Date(0)).toISOString(),
      next: free.slice(0, NEXT_KEPT).map((d) => d.toISOString()),
      freeMask: freeTimeMask(free, now),
      noticeMinutes: r.notice ?? 0,
    };
  });
}

/** The free slots still offered at `now` of a cached list (the minimum notice moves on with time). */
export const stillFree = (slots: string[], noticeMinutes: number, now = new Date()) => slots.filter((s) => Date.parse(s) >= now.getTime() + noticeMinutes * 60_000);

/** Every published tutor, cached (tag `tutors`, at most an hour). */
export const publishedTutors = unstable_cache(async () => readPublishedTutors(await getDb()), ['tutors:published'], { tags: [TUTORS_TAG], revalidate: SLOTS_TTL });

/** One published tutor by slug, cached (tags `tutors` and `tutor:{slug}`), or null. */
export const tutorBySlug = (slug: string) =>
  unstable_cache(async () => (await publishedTutors()).find((t) => t.slug === slug) ?? null, ['tutors:slug', slug], { tags: [TUTORS_TAG, tutorTag(slug)], revalidate: SLOTS_TTL })();

/**
 * A tutor's free slots of the coming WEEK_AHEAD_DAYS days (ISO, ascending) for the public page,
 * cached like the catalogue (tags `tutors` and `tutor:{slug}`); the page drops those within the notice.
 */
export const weekSlotsOf = (id: number, slug: string) =>
  unstable_cache(
    async () => {
      const now = new Date();
      const end = now.getTime() + WEEK_AHEAD_DAYS * 86_400_000;
      const free = (await freeSlotsOf(await getDb(), [id], now)).get(id) ?? [];
      return free.filter((d) => d.getTime() < end).map((d) => d.toISOString());
    },
    ['tutors:week', String(id)],
    { tags: [TUTORS_TAG, tutorTag(slug)], revalidate: SLOTS_TTL },
  )();

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
  }).filter((t) => !(q.days.length || q.times.length) || matchesFreeTime(t.freeMask, q.days, q.times));
  const price = (t: PublicTutor) => t.profile.price ?? 0;
  if (q.sort === 'price_asc') found.sort((a, b) => price(a) - price(b) || a.slug.localeCompare(b.slug));
  else if (q.sort === 'price_desc') found.sort((a, b) => price(b) - price(a) || a.slug.localeCompare(b.slug));
  else if (q.sort === 'experience') found.sort((a, b) => b.profile.experienceYears - a.profile.experienceYears || a.slug.localeCompare(b.slug));
  const pages = Math.max(1, Math.ceil(found.length / CATALOGUE_PAGE_SIZE));
  const page = Math.min(q.page, pages);
  return { total: found.length, page, pages, rows: found.slice((page - 1) * CATALOGUE_PAGE_SIZE, page * CATALOGUE_PAGE_SIZE) };
}
