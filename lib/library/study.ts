import 'server-only';
import { and, asc, desc, eq, inArray, isNull, isNotNull } from 'drizzle-orm';
import { ApiError } from '@/lib/api/errors';
import { homework, lessonReports, lessons, libraryAnswers, libraryCourses, libraryProgress, libraryUnits, libraryUnitVersions, testAttempts } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { LIBRARY_LEVELS, LIBRARY_SUBJECTS, type LibraryLevel, type LibrarySubject } from '@/lib/validations/library-rules';
import { publishedCourses } from './catalogue';
import { checkAnswer, isExercise, type CheckResult } from './check';
import { stepSchema, type Step } from './format';
import { answerStep, studentUnit, studentUnitKey, unitProgress, unitsWork, upgradeProgress } from './progress';
import { recordingBelongsTo } from './recordings';

/**
 * Self-study in the cabinet (docs/library.md "Self-study and the trainer"): a student's courses (the
 * ones at their level first), a course's units with progress, a unit's steps as `publicStep`, answers
 * checked on the server. Every function takes the signed-in student's id and reads only their rows.
 */

/** A level the library has: C2 reads as C1 (the library's top), anything unknown as nothing. */
const libraryLevel = (level: string | null | undefined): LibraryLevel | null =>
  level === 'C2' ? 'C1' : ((LIBRARY_LEVELS as readonly string[]).includes(level ?? '') ? (level as LibraryLevel) : null);

/**
 * The student's level per subject: the newest of the tutor's lesson reports (by the lesson's subject)
 * and the tests taken signed in (the placement test is English's, the Kazakh test Kazakh's).
 */
export async function studentLevels(db: Db, studentId: number): Promise<Partial<Record<LibrarySubject, LibraryLevel>>> {
  const found: { subject: string; level: string | null; at: Date }[] = [];
  const reports = await db
    .select({ subject: lessons.subject, level: lessonReports.level, at: lessonReports.createdAt })
    .from(lessonReports)
    .innerJoin(lessons, eq(lessons.id, lessonReports.lessonId))
    .where(and(eq(lessonReports.studentId, studentId), inArray(lessons.subject, [...LIBRARY_SUBJECTS])));
  found.push(...reports);
  const tests = await db
    .select({ kind: testAttempts.kind, result: testAttempts.result, at: testAttempts.finishedAt })
    .from(testAttempts)
    .where(and(eq(testAttempts.userId, studentId), eq(testAttempts.status, 'finished'), isNull(testAttempts.annulledAt), isNotNull(testAttempts.finishedAt)));
  for (const t of tests) {
    if (!t.result || !t.at) continue;
    if (t.kind === 'kazakh' && (t.result.determined === false || !t.result.levelReached)) continue;
    found.push({ subject: t.kind === 'kazakh' ? 'kazakh' : 'english', level: t.result.cefr, at: t.at });
  }
  const levels: Partial<Record<LibrarySubject, LibraryLevel>> = {};
  for (const subject of LIBRARY_SUBJECTS) {
    const newest = found.filter((f) => f.subject === subject && libraryLevel(f.level)).sort((a, b) => b.at.getTime() - a.at.getTime())[0];
    if (newest) levels[subject] = libraryLevel(newest.level)!;
  }
  return levels;
}

/** Units done per course: a unit is done when its progress is completed. */
async function completedUnitsByCourse(db: Db, studentId: number) {
  const rows = await db
    .select({ courseId: libraryUnits.courseId, completedAt: libraryProgress.completedAt })
    .from(libraryProgress)
    .innerJoin(libraryUnits, eq(libraryUnits.id, libraryProgress.unitId))
    .where(and(eq(libraryProgress.studentId, studentId), isNull(libraryUnits.archivedAt)));
  const out = new Map<number, { started: number; completed: number }>();
  for (const r of rows) {
    const c = out.get(r.courseId) ?? { started: 0, completed: 0 };
    c.started += 1;
    if (r.completedAt) c.completed += 1;
    out.set(r.courseId, c);
  }
  return out;
}

/** The published courses for a student: the ones at their level first, then the ones they started, then the rest. */
export async function studentCourses(db: Db, studentId: number) {
  const [levels, courses, progress] = await Promise.all([studentLevels(db, studentId), publishedCourses(db), completedUnitsByCourse(db, studentId)]);
  const list = courses.map((c) => {
    const p = progress.get(c.id) ?? { started: 0, completed: 0 };
    return {
      slug: c.slug,
      subject: c.subject,
      level: c.level,
      ageBand: c.ageBand,
      title: c.title,
      description: c.description,
      units: c.units,
      unitsStarted: p.started,
      unitsCompleted: p.completed,
      atLevel: levels[c.subject] === c.level,
    };
  });
  const rank = (c: (typeof list)[number]) => (c.atLevel ? 0 : c.unitsStarted > 0 ? 1 : 2);
  return { levels, courses: list.sort((a, b) => rank(a) - rank(b)) };
}

/** A published course by its slug, or 404. */
export async function publishedCourse(db: Db, slug: string) {
  const [course] = await db
    .select()
    .from(libraryCourses)
    .where(and(eq(libraryCourses.slug, slug), eq(libraryCourses.status, 'published')));
  if (!course) throw new ApiError(404, 'not_found');
  return course;
}

/** The units of a course a student sees (not archived), in order, each with its latest published title. */
export async function courseUnitRows(db: Db, courseId: number) {
  const units = await db
    .select({ id: libraryUnits.id, key: libraryUnits.key })
    .from(libraryUnits)
    .where(and(eq(libraryUnits.courseId, courseId), isNull(libraryUnits.archivedAt)))
    .orderBy(asc(libraryUnits.position), asc(libraryUnits.id));
  if (!units.length) return [];
  const versions = await db
    .selectDistinctOn([libraryUnitVersions.unitId], { unitId: libraryUnitVersions.unitId, title: libraryUnitVersions.title })
    .from(libraryUnitVersions)
    .where(and(inArray(libraryUnitVersions.unitId, units.map((u) => u.id)), isNotNull(libraryUnitVersions.publishedAt)))
    .orderBy(libraryUnitVersions.unitId, desc(libraryUnitVersions.version));
  const titles = new Map(versions.map((v) => [v.unitId, v.title]));
  return units.filter((u) => titles.has(u.id)).map((u) => ({ ...u, title: titles.get(u.id)! }));
}

/** A course with its units and the student's progress in each (exercises done of all, completed, a newer version). */
export async function studentCourse(db: Db, studentId: number, slug: string) {
  const course = await publishedCourse(db, slug);
  const units = await courseUnitRows(db, course.id);
  // Every unit's progress at once (four queries whatever the course's length).
  const work = await unitsWork(
    db,
    units.map((u) => ({ studentId, unitId: u.id })),
  );
  const withProgress = units.map((u) => {
    const p = work.get(studentUnitKey({ studentId, unitId: u.id }))?.progress;
    return { key: u.key, title: u.title, done: p?.done.length ?? 0, total: p?.total ?? 0, completed: !!p?.completedAt, upgradeAvailable: p?.upgradeAvailable ?? false };
  });
  return {
    course: { slug: course.slug, subject: course.subject, level: course.level, title: course.title, description: course.description },
    units: withProgress,
  };
}

/** The unit of a published course by the course's slug and the unit's key, or 404. */
export async function unitOf(db: Db, slug: string, key: string) {
  const course = await publishedCourse(db, slug);
  const [unit] = await db
    .select({ id: libraryUnits.id })
    .from(libraryUnits)
    .where(and(eq(libraryUnits.courseId, course.id), eq(libraryUnits.key, key), isNull(libraryUnits.archivedAt)));
  if (!unit) throw new ApiError(404, 'not_found');
  return { course, unitId: unit.id };
}

/**
 * The unit as the student's player gets it: every step through publicStep (no key), the progress,
 * and, for the steps the student has already answered, their last verdict with its key (answered, so
 * the key may be shown again after a reload).
 */
export async function studyUnit(db: Db, studentId: number, slug: string, key: string) {
  const { course, unitId } = await unitOf(db, slug, key);
  const unit = await studentUnit(db, studentId, unitId);
  const [version] = await db.select({ steps: libraryUnitVersions.steps }).from(libraryUnitVersions).where(eq(libraryUnitVersions.id, unit.progress.versionId));
  const steps: Step[] = version!.steps.map((s) => stepSchema.parse(s));
  const answers = await db
    .select({ stepId: libraryAnswers.stepId, answer: libraryAnswers.answer, correct: libraryAnswers.correct, comment: libraryAnswers.comment, checkedAt: libraryAnswers.checkedAt })
    .from(libraryAnswers)
    .where(and(eq(libraryAnswers.studentId, studentId), eq(libraryAnswers.unitId, unitId)))
    .orderBy(asc(libraryAnswers.createdAt), asc(libraryAnswers.id));
  const last = new Map(answers.map((a) => [a.stepId, a]));
  const answered: Record<string, CheckResult> = {};
  /** A tutor's check of a written or spoken answer (homework): the verdict and the comment. */
  const checks: Record<string, { correct: boolean; comment: string; at: string }> = {};
  for (const step of steps.filter(isExercise)) {
    const a = last.get(step.id);
    if (!a) continue;
    answered[step.id] = checkAnswer(step, a.answer);
    if (a.checkedAt) checks[step.id] = { correct: a.correct === true, comment: a.comment ?? '', at: a.checkedAt.toISOString() };
  }
  // Set as homework by a tutor: its written and spoken answers go to that tutor; otherwise they are kept, checked by no one.
  const [set] = await db.select({ id: homework.id }).from(homework).where(and(eq(homework.studentId, studentId), eq(homework.unitId, unitId))).limit(1);
  return {
    course: { slug: course.slug, title: course.title, subject: course.subject },
    unit: { key, title: unit.title },
    steps: unit.steps,
    progress: unit.progress,
    answered,
    checks,
    homework: !!set,
  };
}

/** A student's answer to a step of a unit: checked on the server, stored, the verdict and the key returned. */
export async function answerStudyStep(db: Db, studentId: number, slug: string, key: string, stepId: string, answer: unknown, now: Date) {
  const { unitId } = await unitOf(db, slug, key);
  const unit = await studentUnit(db, studentId, unitId);
  const step = unit.steps.find((s) => s.id === stepId);
  if (!step) throw new ApiError(404, 'not_found');
  // A spoken answer names a recording: only one this student stored.
  if (step.kind === 'speaking' && (typeof answer !== 'string' || !(await recordingBelongsTo(db, studentId, answer)))) {
    throw new ApiError(422, 'validation_failed', { answer: 'invalid_value' });
  }
  const result = await answerStep(db, studentId, unitId, stepId, answer, now);
  return { result, progress: await unitProgress(db, studentId, unitId) };
}

/** Moves the student to the unit's newest published version (keeping every done step it still has). */
export async function upgradeStudyUnit(db: Db, studentId: number, slug: string, key: string, now: Date) {
  const { unitId } = await unitOf(db, slug, key);
  return upgradeProgress(db, studentId, unitId, now);
}

/**
 * What to do today: the unit the student worked on last while it is not done, else the first unit
 * not done of their first course (the one at their level when there is one).
 */
export async function nextUnit(db: Db, studentId: number) {
  const [last] = await db
    .select({ unitId: libraryProgress.unitId, key: libraryUnits.key, slug: libraryCourses.slug })
    .from(libraryProgress)
    .innerJoin(libraryUnits, eq(libraryUnits.id, libraryProgress.unitId))
    .innerJoin(libraryCourses, eq(libraryCourses.id, libraryUnits.courseId))
    .where(and(eq(libraryProgress.studentId, studentId), isNull(libraryProgress.completedAt), isNull(libraryUnits.archivedAt), eq(libraryCourses.status, 'published')))
    .orderBy(desc(libraryProgress.updatedAt))
    .limit(1);
  const pick = async (slug: string, key: string) => {
    const { course, units } = await studentCourse(db, studentId, slug);
    const unit = units.find((u) => u.key === key)!;
    return { course: { slug: course.slug, title: course.title }, unit };
  };
  if (last) return pick(last.slug, last.key);
  const { courses } = await studentCourses(db, studentId);
  for (const c of courses) {
    const { units } = await studentCourse(db, studentId, c.slug);
    const open = units.find((u) => !u.completed);
    if (open) return pick(c.slug, open.key);
  }
  return null;
}
