import 'server-only';
import { revalidatePath, revalidateTag } from 'next/cache';
import { shareCacheEvent, type CacheEvent } from '@/lib/runtime/cache-bus';

/** The cache tag of the catalogue's data (every published profile). */
export const TUTORS_TAG = 'tutors';
export const tutorTag = (slug: string) => `tutor:${slug}`;
/** The cache tag of the public groups' data (/groups and each group's page: seats left). */
export const GROUPS_TAG = 'groups';

/**
 * Applies a change to this process's cache. False outside a Next request (tests, scripts, the
 * cache listener), where there is no cache to refresh and nothing is done.
 */
export function applyCacheEvent(event: CacheEvent): boolean {
  try {
    if (event.kind === 'groups') {
      revalidateTag(GROUPS_TAG, { expire: 0 });
      revalidatePath('/[locale]/groups', 'layout');
    } else if (event.kind === 'profile') {
      revalidateTag(TUTORS_TAG, 'max');
      revalidateTag(tutorTag(event.slug), 'max');
      revalidatePath('/[locale]/tutors', 'layout');
    } else {
      // Free time is expired at once, not served stale: the next visitor must not be offered the slot just taken.
      revalidateTag(TUTORS_TAG, { expire: 0 });
      if (event.kind === 'all') {
        revalidatePath('/[locale]/tutors', 'layout');
        revalidateTag(GROUPS_TAG, { expire: 0 });
        revalidatePath('/[locale]/groups', 'layout');
      }
    }
    return true;
  } catch {
    // No incremental cache here (not inside a Next.js server).
    return false;
  }
}

/**
 * A published profile changed: the catalogue and that tutor's page are rebuilt on their next visit
 * (the booking half calls this too when a schedule changes), on this instance and, through
 * lib/runtime/cache-bus.ts, on every other one.
 */
export function profileChanged(slug: string): void {
  const event: CacheEvent = { kind: 'profile', slug };
  applyCacheEvent(event);
  shareCacheEvent(event);
}

/**
 * A tutor's free time changed (schedule saved, a slot held, booked, cancelled or moved): the free
 * slots on the catalogue's cards and the tutor pages are recomputed on the next visit, on every
 * instance (expired at once, not served stale: the next visitor must not be offered the slot just taken).
 */
export function slotsChanged(): void {
  const event: CacheEvent = { kind: 'slots' };
  applyCacheEvent(event);
  shareCacheEvent(event);
}

/**
 * The groups on sale changed (a group opened, edited, cancelled; a seat held, paid, freed): /groups
 * and the group's page are rebuilt on the next visit, on every instance (expired at once: seats left
 * must not be served stale to the next buyer).
 */
export function groupsChanged(): void {
  const event: CacheEvent = { kind: 'groups' };
  applyCacheEvent(event);
  shareCacheEvent(event);
}
