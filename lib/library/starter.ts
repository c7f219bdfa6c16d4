import 'server-only';
import { createHash } from 'node:crypto';
import { and, eq, isNotNull } from 'drizzle-orm';
import { libraryCourses, libraryUnits, libraryUnitVersions } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import englishA1 from '@/content/library/english-a1.json';
import englishA2 from '@/content/library/english-a2.json';
import englishB1 from '@/content/library/english-b1.json';
import kazakhA1 from '@/content/library/kazakh-a1.json';
import kazakhA2 from '@/content/library/kazakh-a2.json';
import { canonical, importCourse } from './courses';
import { courseFileSchema } from './format';

/**
 * The starter set (content/library/*.json, reviewable in diffs): loaded through the same importer a
 * school uses, published, at every start. A file is imported when its course is missing or the file
 * changed since the seed last loaded it (`starter_hash`); an unchanged file costs one query. Once staff
 * have edited a starter course in the back office, their edits win: a changed file is not loaded over
 * them (a warning says so).
 */
export const STARTER_COURSES: readonly unknown[] = [englishA1, englishA2, englishB1, kazakhA1, kazakhA2];

const hashOf = (file: unknown) => createHash('sha256').update(canonical(file)).digest('base64url');

/** Whether staff changed a starter course: wrote it, wrote a unit's version, or edited its fields (waiting, or published by a reviewer). */
async function editedByStaff(db: Db, course: { id: number; authorId: number | null; reviewerId: number | null; pendingFields: unknown }): Promise<boolean> {
  if (course.authorId !== null || course.reviewerId !== null || course.pendingFields !== null) return true;
  const courseId = course.id;
  const [edit] = await db
    .select({ id: libraryUnitVersions.id })
    .from(libraryUnitVersions)
    .innerJoin(libraryUnits, eq(libraryUnits.id, libraryUnitVersions.unitId))
    .where(and(eq(libraryUnits.courseId, courseId), isNotNull(libraryUnitVersions.createdBy)))
    .limit(1);
  return !!edit;
}

export async function seedLibrary(db: Db, now: Date, files: readonly unknown[] = STARTER_COURSES): Promise<void> {
  for (const file of files) {
    const { slug } = courseFileSchema.parse(file);
    const hash = hashOf(file);
    const [course] = await db
      .select({ id: libraryCourses.id, authorId: libraryCourses.authorId, reviewerId: libraryCourses.reviewerId, pendingFields: libraryCourses.pendingFields, starterHash: libraryCourses.starterHash })
      .from(libraryCourses)
      .where(eq(libraryCourses.slug, slug));
    if (course?.starterHash === hash) continue;
    if (course && (await editedByStaff(db, course))) {
      console.warn(`[library] content/library's ${slug} changed, but staff have edited the course: the file is not loaded over their edits.`);
      continue;
    }
    const { courseId } = await importCourse(db, 'seed', file, { now, publish: true });
    await db.update(libraryCourses).set({ starterHash: hash }).where(eq(libraryCourses.id, courseId));
  }
}
