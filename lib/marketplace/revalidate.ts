import 'server-only';
import { revalidatePath, revalidateTag } from 'next/cache';

/** The cache tag of the catalogue's data (every published profile). */
export const TUTORS_TAG = 'tutors';
export const tutorTag = (slug: string) => `tutor:${slug}`;

/**
 * A published profile changed: the catalogue and that tutor's page are rebuilt on their next visit
 * (the booking half calls this too when a schedule changes). Outside a Next request (tests,
 * scripts) there is no cache to refresh, and nothing is done.
 */
export function profileChanged(slug: string): void {
  try {
    revalidateTag(TUTORS_TAG, 'max');
    revalidateTag(tutorTag(slug), 'max');
    revalidatePath('/[locale]/tutors', 'layout');
  } catch {
    // No incremental cache here (not inside a Next.js server).
  }
}

/**
 * A tutor's free time changed (schedule saved, a slot held, booked, cancelled or moved): the free
 * slots on the catalogue's cards and the tutor pages are recomputed on the next visit (expired at
 * once, not served stale: the next visitor must not be offered the slot just taken).
 */
export function slotsChanged(): void {
  try {
    revalidateTag(TUTORS_TAG, { expire: 0 });
  } catch {
    // No incremental cache here (not inside a Next.js server).
  }
}
