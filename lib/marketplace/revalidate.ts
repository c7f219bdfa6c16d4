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
