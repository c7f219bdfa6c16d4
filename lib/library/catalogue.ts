import 'server-only';
import { and, asc, count, eq, isNull, type SQL } from 'drizzle-orm';
import { libraryCourses, libraryUnits } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import type { LibraryLevel, LibrarySubject } from '@/lib/validations/library-rules';

/**
 * The published courses (what tutors browse and students study; a page's "N courses" is this list's
 * length, never a figure in the copy), with their number of units, by subject and level.
 */
export async function publishedCourses(db: Db, filter: { subject?: LibrarySubject; level?: LibraryLevel } = {}) {
  const where: SQL[] = [eq(libraryCourses.status, 'published')];
  if (filter.subject) where.push(eq(libraryCourses.subject, filter.subject));
  if (filter.level) where.push(eq(libraryCourses.level, filter.level));
  return db
    .select({
      id: libraryCourses.id,
      slug: libraryCourses.slug,
      subject: libraryCourses.subject,
      level: libraryCourses.level,
      ageBand: libraryCourses.ageBand,
      title: libraryCourses.title,
      description: libraryCourses.description,
      units: count(libraryUnits.id),
    })
    .from(libraryCourses)
    .leftJoin(libraryUnits, and(eq(libraryUnits.courseId, libraryCourses.id), isNull(libraryUnits.archivedAt)))
    .where(and(...where))
    .groupBy(libraryCourses.id)
    .orderBy(asc(libraryCourses.subject), asc(libraryCourses.level), asc(libraryCourses.slug));
}
