import 'server-only';
import { and, asc, desc, eq, inArray, isNotNull, or } from 'drizzle-orm';
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
  return (await latestPublishedVersions(db, [unitId])).get(unitId) ?? null;
}

/** Each unit's latest published version, for units of a published course (the others are absent): one query. */
async function latestPublishedVersions(db: Db, unitIds: number[]) {
  if (!unitIds.length) return new Map<number, typeof libraryUnitVersions.$inferSelect>();
  const rows = await db
    .selectDistinctOn([libraryUnitVersions.unitId], { version: libraryUnitVersions })
    .from(libraryUnitVersions)
    .innerJoin(libraryUnits, eq(libraryUnits.id, libraryUnitVersions.unitId))
    .innerJoin(libraryCourses, eq(libraryCourses.id, libraryUnits.courseId))
    .where(and(inArray(libraryUnitVersions.unitId, unitIds), isNotNull(libraryUnitVersions.publishedAt), eq(libraryCourses.status, 'published')))
    .orderBy(libraryUnitVersions.unitId, desc(libraryUnitVersions.version));
  return new Map(rows.map((r) => [r.version.unitId, r.version]));
}

async function versionById(db: Db, id: number) {
  const [row] = await db.select().from(libraryUnitVersions).where(eq(libraryUnitVersions.id, id));
  return row!;
}

/** The ids of the steps done, from a unit's answers oldest first: a step is done when its last answer, on any version, was right or went to a tutor. */
function doneOf(answers: { stepId: string; correct: boolean | null }[]): Set<string> {
  const last = new Map<string, boolean | null>();
  for (const a of answers) last.set(a.stepId, a.correct);
  return new Set([...last].filter(([, correct]) => correct !== false).map(([id]) => id));
}

/** The ids of the steps a student has done in a unit, over every version. */
async function doneStepIds(db: Db, studentId: number, unitId: number): Promise<Set<string>> {
  const rows = await db
    .select({ stepId: libraryAnswers.stepId, correct: libraryAnswers.correct })
    .from(libraryAnswers)
    .where(and(eq(libraryAnswers.studentId, studentId), eq(libraryAnswers.unitId, unitId)))
    .orderBy(asc(libraryAnswers.createdAt), asc(libraryAnswers.id));
  return doneOf(rows);
}

/** A student's progress in a unit: the version worked on, the newest one, the exercises done of all. */
export interface UnitProgress {
  versionId: number;
  version: number;
  latestVersionId: number;
  upgradeAvailable: boolean;
  done: string[];
  total: number;
  completedAt: Date | null;
}

/** A student and a unit of the library: what a student's work is kept by. */
export type StudentUnit = { studentId: number; unitId: number };
/** The key of a pair in unitsWork's answer. */
export const studentUnitKey = (p: StudentUnit) => `${p.studentId}:${p.unitId}`;

/** A student's work in a unit: their progress, the steps of the version they work on, their answers in the unit (every version's), oldest first. */
export interface UnitWork {
  progress: UnitProgress;
  steps: Step[];
  answers: (typeof libraryAnswers.$inferSelect)[];
}

/**
 * Students' work in units, many pairs at once (a homework list): by studentUnitKey, each pair whose
 * unit has a version to work on (unitProgress's null is an absent key). Four queries whatever the
 * number of pairs: progress rows, the units' latest published versions, the versions worked on, the answers.
 */
export async function unitsWork(db: Db, pairs: StudentUnit[]): Promise<Map<string, UnitWork>> {
  const unique = [...new Map(pairs.map((p) => [studentUnitKey(p), p])).values()];
  const out = new Map<string, UnitWork>();
  if (!unique.length) return out;
  const ofPairs = (table: typeof libraryProgress | typeof libraryAnswers) => or(...unique.map((p) => and(eq(table.studentId, p.studentId), eq(table.unitId, p.unitId))));
  const progressRows = await db.select().from(libraryProgress).where(ofPairs(libraryProgress));
  const progressOf = new Map(progressRows.map((r) => [studentUnitKey(r), r]));
  const latest = await latestPublishedVersions(db, [...new Set(unique.map((p) => p.unitId))]);
  const workedIds = [...new Set(progressRows.map((r) => r.versionId))];
  const worked = new Map((workedIds.length ? await db.select().from(libraryUnitVersions).where(inArray(libraryUnitVersions.id, workedIds)) : []).map((v) => [v.id, v]));
  const answerRows = await db.select().from(libraryAnswers).where(ofPairs(libraryAnswers)).orderBy(asc(libraryAnswers.createdAt), asc(libraryAnswers.id));
  const answersOf = new Map<string, UnitWork['answers']>();
  for (const a of answerRows) {
    const key = studentUnitKey(a);
    const list = answersOf.get(key);
    if (list) list.push(a);
    else answersOf.set(key, [a]);
  }
  for (const p of unique) {
    const key = studentUnitKey(p);
    const progress = progressOf.get(key);
    const newest = latest.get(p.unitId);
    const version = progress ? worked.get(progress.versionId) : newest;
    if (!version) continue;
    const steps = stepsOf(version);
    const exercises = steps.filter(isExercise).map((s) => s.id);
    const answers = answersOf.get(key) ?? [];
    const done = doneOf(answers);
    out.set(key, {
      progress: {
        versionId: version.id,
        version: version.version,
        latestVersionId: newest?.id ?? version.id,
        upgradeAvailable: !!newest && newest.id !== version.id,
        done: exercises.filter((id) => done.has(id)),
        total: exercises.length,
        completedAt: progress?.completedAt ?? null,
      },
      steps,
      answers,
    });
  }
  return out;
}

/** A student's progress in a unit (unitsWork's for one pair), or null when the unit has no version to work on. */
export async function unitProgress(db: Db, studentId: number, unitId: number): Promise<UnitProgress | null> {
  return (await unitsWork(db, [{ studentId, unitId }])).get(studentUnitKey({ studentId, unitId }))?.progress ?? null;
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
