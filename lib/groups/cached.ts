import 'server-only';
// The public groups for the pages (/groups, /groups/{id}, the sitemap, the tests' result pages):
// read through Next's data cache (tag `groups`, refreshed at once by lib/lessons/revalidate.ts
// groupsChanged() on every instance when a group opens, changes or a seat is held, paid or freed;
// at most a minute old otherwise, so a lapsed hold shows its seat again). The checkout decides on
// the database itself, never on this copy.
import { unstable_cache } from 'next/cache';
import { getDb } from '@/lib/db/client';
import { GROUPS_TAG } from '@/lib/lessons/revalidate';
import type { AgeBand, GroupFilter, GroupLevel, GroupSubject } from '@/lib/validations/groups';
import { publicGroup, publicGroups, type GroupCard } from './catalogue';

const GROUPS_TTL = 60;

/** Every group on sale, cached. */
export const cachedPublicGroups = unstable_cache(async () => publicGroups(await getDb()), ['groups:public'], { tags: [GROUPS_TAG], revalidate: GROUPS_TTL });

/** One public group's page, cached, or null (a draft, a cancelled or a company's group: a 404). */
export const cachedPublicGroup = (id: number) =>
  unstable_cache(async () => publicGroup(await getDb(), id), ['groups:one', String(id)], { tags: [GROUPS_TAG], revalidate: GROUPS_TTL })();

/** The visitor's filters applied to the cached list (pure: the page and its tests call it). */
export function filterGroups(cards: GroupCard[], f: GroupFilter): GroupCard[] {
  return cards.filter(
    (g) =>
      (!f.subject || g.subject === f.subject) &&
      (!f.level || g.level === f.level) &&
      (!f.ageBand || g.ageBand === f.ageBand) &&
      (!f.weekday || g.weekdays.includes(f.weekday)) &&
      (!f.tutorId || g.tutor.id === f.tutorId),
  );
}

/** Groups of a level for the tests' result pages ("groups of your level"): those with seats first, at most `limit`. */
export async function groupsOfLevel(subject: GroupSubject, level: GroupLevel, limit = 3, ageBand?: AgeBand): Promise<GroupCard[]> {
  const all = filterGroups(await cachedPublicGroups(), { subject, level, ageBand });
  return [...all.filter((g) => g.seatsLeft > 0), ...all.filter((g) => g.seatsLeft === 0)].slice(0, limit);
}

/** Whether a lesson (its ISO start) has begun at `now`: the group page greys those out. */
export const lessonBegun = (startsAt: string, now = new Date()): boolean => Date.parse(startsAt) <= now.getTime();
