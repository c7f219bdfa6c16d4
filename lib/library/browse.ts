import 'server-only';
// The tutor's library (issue 34; docs/library.md "The tutor's library"): the published courses, a
// course's units, and a unit's steps as students get them with each exercise's key beside it (the
// tutor teaches from it: the key is theirs to see, never a student's before answering).
import { desc, and, eq, isNotNull } from 'drizzle-orm';
import { ApiError } from '@/lib/api/errors';
import { isActiveTutor } from '@/lib/auth/scope';
import { libraryUnitVersions } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import type { LibraryLevel, LibrarySubject } from '@/lib/validations/library-rules';
import { publishedCourses } from './catalogue';
import { checkAnswer, isExercise, publicStep, type CheckResult, type PublicStep } from './check';
import { stepSchema } from './format';
import { courseUnitRows, publishedCourse, unitOf } from './study';

/** Only a tutor's account browses the library (403 otherwise: a student studies it at /cabinet/study). */
function assertTutor(user: { scope: string | null; blockedAt: Date | null }) {
  if (!isActiveTutor(user)) throw new ApiError(403, 'forbidden');
}

type User = { id: number; scope: string | null; blockedAt: Date | null };

/** The published courses, by subject and level when asked, with their units' count. */
export async function tutorCourses(db: Db, tutor: User, filter: { subject?: LibrarySubject; level?: LibraryLevel } = {}) {
  assertTutor(tutor);
  const courses = await publishedCourses(db, filter);
  return { courses: courses.map((c) => ({ slug: c.slug, subject: c.subject, level: c.level, ageBand: c.ageBand, title: c.title, description: c.description, units: c.units })) };
}

/** A published course and its units in order (titles of their latest published versions). */
export async function tutorCourse(db: Db, tutor: User, slug: string) {
  assertTutor(tutor);
  const course = await publishedCourse(db, slug);
  const units = await courseUnitRows(db, course.id);
  return {
    course: { slug: course.slug, subject: course.subject, level: course.level, title: course.title, description: course.description },
    units: units.map((u) => ({ key: u.key, title: u.title })),
  };
}

/** A unit's latest published version (its course published, the unit not archived), its steps parsed; 404 otherwise. */
async function latestPublished(db: Db, slug: string, key: string) {
  const { course, unitId } = await unitOf(db, slug, key);
  const [version] = await db
    .select()
    .from(libraryUnitVersions)
    .where(and(eq(libraryUnitVersions.unitId, unitId), isNotNull(libraryUnitVersions.publishedAt)))
    .orderBy(desc(libraryUnitVersions.version))
    .limit(1);
  if (!version) throw new ApiError(404, 'not_found');
  return { course, version, steps: version.steps.map((s) => stepSchema.parse(s)) };
}

/** A unit's latest published version: each step as a student gets it, and an exercise's key. */
export async function tutorUnit(db: Db, tutor: User, slug: string, key: string): Promise<{ course: { slug: string; title: unknown }; unit: { key: string; title: unknown; version: number }; steps: { step: PublicStep; key: CheckResult | null }[] }> {
  assertTutor(tutor);
  const { course, version, steps } = await latestPublished(db, slug, key);
  return {
    course: { slug: course.slug, title: course.title },
    unit: { key, title: version.title, version: version.version },
    steps: steps.map((s) => ({ step: publicStep(s), key: isExercise(s) ? checkAnswer(s, null) : null })),
  };
}

/**
 * A unit's latest published version as students get it, every step through publicStep and no key
 * beside it: what the lesson room opens on its board (lib/lesson-room/board-unit.ts admits the
 * lesson's tutor first).
 */
export async function publicUnit(db: Db, slug: string, key: string) {
  const { course, version, steps } = await latestPublished(db, slug, key);
  return {
    course: { slug: course.slug, subject: course.subject, level: course.level, title: course.title },
    unit: { key, title: version.title, version: version.version },
    steps: steps.map(publicStep),
  };
}
