import 'server-only';
import { and, asc, desc, eq, isNotNull } from 'drizzle-orm';
import { ApiError } from '@/lib/api/errors';
import { libraryAnswers, libraryCourses, libraryProgress, libraryUnits, libraryUnitVersions } from '@/lib/db/schema';
import { transaction } from '@/lib/db/transaction';
import type { Db } from '@/lib/db/types';
import { answerSchemaOf, checkAnswer, isExercise, publicStep, type CheckResult } from './check';
import { stepSchema, type Step } from './format';
import { addUnitWords } from './unit-words';

/**
 * A student's work in a unit (docs/library.md "Versions and progress"). A student works on one version
 * of a unit (library_progress.version_id); each answer is stored with the step's stable id and the
 * version it was given on. A step is done when its last answer, on any version, was right or went to
 * a tutor. Moving to a newer version (upgradeProgress) therefore keeps every done step the new version
 * still has; steps it adds are to do, steps it dropped no longer count.
 */

const stepsOf = (row: { steps: unknown[] }): Step[] => row.steps.map((s) => stepSchema.parse(s));

/** The latest published version of a unit of a published course, or null. */
export async function latestPublishedVersion(db: Db, unitId: number) {
  const [row] = await db
    .select({ version: libraryUnitVersions })
    .from(libraryUnitVersions)
    .innerJoin(libraryUnits, eq(libraryUnits.id, libraryUnitVersions.unitId))
    .innerJoin(libraryCourses, eq(libraryCourses.id, libraryUnits.courseId))
    .where(and(eq(libraryUnitVersions.unitId, unitId), isNotNull(libraryUnitVersions.publishedAt), eq(libraryCourses.status, 'published')))
    .orderBy(desc(libraryUnitVersions.version))
    .limit(1);
  return row?.version ?? null;
}

async function versionById(db: Db, id: number) {
  const [row] = await db.select().from(libraryUnitVersions).where(eq(libraryUnitVersions.id, id));
  return row!;
}

/** The ids of the steps a student has done in a unit, over every version. */
async function doneStepIds(db: Db, studentId: number, unitId: number): Promise<Set<string>> {
  const rows = await db
    .select({ stepId: libraryAnswers.stepId, correct: libraryAnswers.correct })
    .from(libraryAnswers)
    .where(and(eq(libraryAnswers.studentId, studentId), eq(libraryAnswers.unitId, unitId)))
    .orderBy(asc(libraryAnswers.createdAt), asc(libraryAnswers.id));
  const last = new Map<string, boolean | null>();
  for (const r of rows) last.set(r.stepId, r.correct);
  return new Set([...last].filter(([, correct]) => correct !== false).map(([id]) => id));
}

/** A student's progress in a unit: the version worked on, the newest one, the exercises done of all. */
export async function unitProgress(db: Db, studentId: number, unitId: number) {
  const [progress] = await db.select().from(libraryProgress).where(and(eq(libraryProgress.studentId, studentId), eq(libraryProgress.unitId, unitId)));
  const latest = await latestPublishedVersion(db, unitId);
  const version = progress ? await versionById(db, progress.versionId) : latest;
  if (!version) return null;
  const exercises = stepsOf(version).filter(isExercise).map((s) => s.id);
  const done = await doneStepIds(db, studentId, unitId);
  return {
    versionId: version.id,
    version: version.version,
    latestVersionId: latest?.id ?? version.id,
    upgradeAvailable: !!latest && latest.id !== version.id,
    done: exercises.filter((id) => done.has(id)),
    total: exercises.length,
    completedAt: progress?.completedAt ?? null,
  };
}

/** The unit as a student receives it: the version they work on, every step through publicStep. */
export async function studentUnit(db: Db, studentId: number, unitId: number) {
  const progress = await unitProgress(db, studentId, unitId);
  if (!progress) throw new ApiError(404, 'not_found');
  const version = await versionById(db, progress.versionId);
  return { title: version.title, steps: stepsOf(version).map(publicStep), progress };
}

async function settleCompletion(tx: Db, studentId: number, unitId: number, versionId: number, now: Date) {
  const version = await versionById(tx, versionId);
  const done = await doneStepIds(tx, studentId, unitId);
  const all = stepsOf(version)
    .filter(isExercise)
    .every((s) => done.has(s.id));
  const [row] = await tx.select({ completedAt: libraryProgress.completedAt }).from(libraryProgress).where(and(eq(libraryProgress.studentId, studentId), eq(libraryProgress.unitId, unitId)));
  await tx
    .update(libraryProgress)
    .set({ versionId, updatedAt: now, completedAt: all ? (row?.completedAt ?? now) : null })
    .where(and(eq(libraryProgress.studentId, studentId), eq(libraryProgress.unitId, unitId)));
}

/**
 * A student's answer to an exercise of a unit, checked on the server and stored with the version it
 * was given on. The first answer in a unit starts the student's progress on its latest published version.
 */
export async function answerStep(db: Db, studentId: number, unitId: number, stepId: string, answer: unknown, now: Date): Promise<CheckResult> {
  return transaction(db, async (tx) => {
    const [progress] = await tx.select().from(libraryProgress).where(and(eq(libraryProgress.studentId, studentId), eq(libraryProgress.unitId, unitId))).for('update');
    let versionId = progress?.versionId;
    if (!versionId) {
      const latest = await latestPublishedVersion(tx, unitId);
      if (!latest) throw new ApiError(404, 'not_found');
      versionId = latest.id;
      await tx.insert(libraryProgress).values({ studentId, unitId, versionId, startedAt: now, updatedAt: now }).onConflictDoNothing();
      await addUnitWords(tx, studentId, unitId, stepsOf(latest), now);
    }
    const step = stepsOf(await versionById(tx, versionId)).find((s) => s.id === stepId);
    if (!step || !isExercise(step)) throw new ApiError(404, 'not_found');
    // A malformed answer is the caller's mistake, never stored: only answers of the step's shape are kept.
    const parsed = answerSchemaOf(step).safeParse(answer);
    if (!parsed.success) throw new ApiError(422, 'validation_failed', { answer: 'invalid_value' });
    const result = checkAnswer(step, parsed.data);
    await tx.insert(libraryAnswers).values({ studentId, unitId, versionId, stepId, answer: parsed.data, correct: result.correct, createdAt: now });
    await settleCompletion(tx, studentId, unitId, versionId, now);
    return result;
  });
}

/** Moves a student to the unit's latest published version, keeping every done step it still has. */
export async function upgradeProgress(db: Db, studentId: number, unitId: number, now: Date) {
  await transaction(db, async (tx) => {
    const [progress] = await tx.select().from(libraryProgress).where(and(eq(libraryProgress.studentId, studentId), eq(libraryProgress.unitId, unitId))).for('update');
    const latest = await latestPublishedVersion(tx, unitId);
    if (!progress || !latest || progress.versionId === latest.id) return;
    await settleCompletion(tx, studentId, unitId, latest.id, now);
    await addUnitWords(tx, studentId, unitId, stepsOf(latest), now);
  });
  return unitProgress(db, studentId, unitId);
}

/** A unit's completion read again after a tutor's check changed a verdict (a written answer sent back makes its step to do). */
export async function resettleUnit(tx: Db, studentId: number, unitId: number, now: Date): Promise<void> {
  const [progress] = await tx.select({ versionId: libraryProgress.versionId }).from(libraryProgress).where(and(eq(libraryProgress.studentId, studentId), eq(libraryProgress.unitId, unitId))).for('update');
  if (progress) await settleCompletion(tx, studentId, unitId, progress.versionId, now);
}
