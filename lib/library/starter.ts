import 'server-only';
import type { Db } from '@/lib/db/types';
import englishA1 from '@/content/library/english-a1.json';
import kazakhA1 from '@/content/library/kazakh-a1.json';
import { importCourse } from './courses';

/**
 * The starter set (content/library/*.json, reviewable in diffs): loaded through the same importer a
 * school uses, published, on every start. Idempotent: an unchanged file changes nothing; an edited
 * file makes new versions of the units it changed (students keep their progress).
 */
export const STARTER_COURSES: readonly unknown[] = [englishA1, kazakhA1];

export async function seedLibrary(db: Db, now: Date): Promise<void> {
  for (const file of STARTER_COURSES) await importCourse(db, 'seed', file, { now, publish: true });
}
