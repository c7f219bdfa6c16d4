import 'server-only';
// Homework from the library (issue 34; docs/library.md "Homework"): the units a lesson's report
// assigns, each student's work on them (their progress and answers in the unit: homework only points
// at it), and the tutor's check of written and spoken answers with a comment. The lesson's side (who
// may file a report, which students a lesson has) is the caller's: lib/lesson-room/report.ts hands
// the lesson and its students in.
import { and, asc, desc, eq, gte, inArray, isNull, notInArray, or, sql } from 'drizzle-orm';
import { ApiError } from '@/lib/api/errors';
import { isActiveTutor } from '@/lib/auth/scope';
import { homework, libraryAnswers, libraryCourses, libraryProgress, libraryUnits, libraryUnitVersions, media, users } from '@/lib/db/schema';
import { transaction } from '@/lib/db/transaction';
import type { Db } from '@/lib/db/types';
import { asLocale, translatorFor } from '@/lib/i18n/translate';
import { runAfterResponse } from '@/lib/api/after';
import { enqueue } from '@/lib/outbox/index';
import { kickOutbox } from '@/lib/outbox/kick';
import { shortName } from '@/lib/mask';
import { absoluteUrl, localePath } from '@/lib/seo';
import { addDays } from '@/lib/time/calendar';
import { schoolDateOf } from '@/lib/time/school-clock';
import { HOMEWORK_MAX_DAYS, type HomeworkCheckInput, type HomeworkItem } from '@/lib/validations/homework';
import type { Localized } from '@/lib/validations/library-rules';
import { stepSchema, type Step } from './format';
import { latestPublishedVersion, resettleUnit, studentUnitKey, unitsWork, type UnitWork } from './progress';


/** A written or spoken step: the kinds a tutor checks. */
const tutorChecked = (step: Step | undefined): step is Extract<Step, { kind: 'writing' | 'speaking' }> => step?.kind === 'writing' || step?.kind === 'speaking';

/**
 * The units a report assigns, read against the library: each must be a unit (not archived) of a
 * published course with a published version, due on the lesson's school day or up to
 * HOMEWORK_MAX_DAYS after it. 422 `validation_failed` naming `assign.N.unit` or `assign.N.due`.
 */
export async function resolveHomework(db: Db, items: HomeworkItem[], lessonDay: string): Promise<{ unitId: number; dueOn: string }[]> {
  const out: { unitId: number; dueOn: string }[] = [];
  const fields: Record<string, string> = {};
  for (const [i, item] of items.entries()) {
    const [unit] = await db
      .select({ id: libraryUnits.id })
      .from(libraryUnits)
      .innerJoin(libraryCourses, eq(libraryCourses.id, libraryUnits.courseId))
      .where(and(eq(libraryCourses.slug, item.course), eq(libraryCourses.status, 'published'), eq(libraryUnits.key, item.unit), isNull(libraryUnits.archivedAt)));
    if (!unit || !(await latestPublishedVersion(db, unit.id))) fields[`assign.${i}.unit`] = 'homework_unit_unknown';
    const validDay = !Number.isNaN(Date.parse(`${item.due}T00:00:00Z`)) && new Date(`${item.due}T00:00:00Z`).toISOString().slice(0, 10) === item.due;
    if (!validDay || item.due < lessonDay || item.due > addDays(lessonDay, HOMEWORK_MAX_DAYS)) fields[`assign.${i}.due`] = 'homework_due_range';
    if (unit) out.push({ unitId: unit.id, dueOn: item.due });
  }
  if (Object.keys(fields).length) throw new ApiError(422, 'validation_failed', fields);
  return out;
}

/**
 * A lesson's homework made what its report says: each of `studentIds` gets each unit (a due date
 * changed in place, keeping when it was first assigned); units the report no longer names, and
 * students it no longer covers, lose theirs. Their answers in the unit stay: they are the student's.
 */
export async function replaceLessonHomework(tx: Db, lesson: { id: number; tutorId: number }, studentIds: number[], units: { unitId: number; dueOn: string }[], now: Date): Promise<void> {
  const unitIds = units.map((u) => u.unitId);
  await tx
    .delete(homework)
    .where(
      and(
        eq(homework.lessonId, lesson.id),
        or(studentIds.length ? notInArray(homework.studentId, studentIds) : sql`true`, unitIds.length ? notInArray(homework.unitId, unitIds) : sql`true`),
      ),
    );
  const rows = studentIds.flatMap((studentId) => units.map((u) => ({ lessonId: lesson.id, studentId, tutorId: lesson.tutorId, unitId: u.unitId, dueOn: u.dueOn, createdAt: now })));
  if (!rows.length) return;
  await tx
    .insert(homework)
    .values(rows)
    .onConflictDoUpdate({ target: [homework.lessonId, homework.studentId, homework.unitId], set: { dueOn: sql`excluded.due_on` } });
}

/** A unit a lesson's report assigned, with its titles: what the report and its record show (components/homework/types.ts AssignedUnit). */
export interface AssignedUnitView extends HomeworkItem {
  courseTitle: Localized;
  title: Localized;
}

/** The units a lesson's report assigned, once each, in the order they were given: what the report form shows again. */
export async function lessonHomeworkItems(db: Db, lessonId: number): Promise<AssignedUnitView[]> {
  const rows = await db
    .selectDistinctOn([homework.unitId], { unitId: homework.unitId, id: homework.id, due: homework.dueOn, course: libraryCourses.slug, courseTitle: libraryCourses.title, unit: libraryUnits.key })
    .from(homework)
    .innerJoin(libraryUnits, eq(libraryUnits.id, homework.unitId))
    .innerJoin(libraryCourses, eq(libraryCourses.id, libraryUnits.courseId))
    .where(eq(homework.lessonId, lessonId))
    .orderBy(homework.unitId, asc(homework.id));
  const titles = await unitTitles(db, rows.map((r) => r.unitId));
  return rows.sort((a, b) => a.id - b.id).map((r) => ({ course: r.course, courseTitle: r.courseTitle as Localized, unit: r.unit, title: titles.get(r.unitId) ?? (r.courseTitle as Localized), due: r.due }));
}

/** Each unit's title as students get it: its latest published version's. */
async function unitTitles(db: Db, unitIds: number[]): Promise<Map<number, Localized>> {
  if (!unitIds.length) return new Map();
  const rows = await db
    .selectDistinctOn([libraryUnitVersions.unitId], { unitId: libraryUnitVersions.unitId, title: libraryUnitVersions.title })
    .from(libraryUnitVersions)
    .where(and(inArray(libraryUnitVersions.unitId, unitIds), sql`${libraryUnitVersions.publishedAt} is not null`))
    .orderBy(libraryUnitVersions.unitId, desc(libraryUnitVersions.version));
  return new Map(rows.map((r) => [r.unitId, r.title as Localized]));
}

/** How many homework rows a list reads at most (the newest due first). */
export const HOMEWORK_LIST_LIMIT = 60;

type Row = { id: number; lessonId: number; studentId: number; tutorId: number; unitId: number; dueOn: string; createdAt: Date };

/** A written or spoken answer as the tutor checks it and the student reads the check. */
export interface TutorAnswer {
  answerId: number;
  stepId: string;
  kind: 'writing' | 'speaking';
  task: string;
  /** The text written, or the recording's media name. */
  answer: string;
  at: string;
  check: { correct: boolean; comment: string; at: string } | null;
}

export type HomeworkStatus = 'todo' | 'started' | 'done' | 'overdue';

/**
 * One unit of homework as either side's list shows it (GET /api/cabinet/homework, the room's panel):
 * the unit and its course, when it is due, the work done and the written and spoken answers.
 */
export interface HomeworkItemView {
  id: number;
  lessonId: number;
  studentId: number;
  due: string;
  assignedAt: string;
  course: string;
  courseTitle: Localized;
  unit: string;
  title: Localized;
  done: number;
  total: number;
  right: number;
  wrong: number;
  waiting: number;
  status: HomeworkStatus;
  written: TutorAnswer[];
  /** The student's view: who assigned it. */
  tutor?: string;
}

/** A tutor's list: one student's homework from them. */
export interface HomeworkStudentView {
  studentId: number;
  name: string;
  items: HomeworkItemView[];
}

/** GET /api/cabinet/homework's answer. */
export type CabinetHomeworkView = { role: 'student'; items: HomeworkItemView[] } | { role: 'tutor'; students: HomeworkStudentView[] };

/** A student's work on one unit of homework (unitsWork's for its student and unit): exercises done of all, right and wrong, the written and spoken answers and their checks. */
function workOn(work: UnitWork | undefined, row: Row, today: string) {
  const progress = work?.progress;
  const last = new Map<string, UnitWork['answers'][number]>();
  for (const a of work?.answers ?? []) last.set(a.stepId, a);
  let right = 0;
  let wrong = 0;
  const written: TutorAnswer[] = [];
  for (const step of work?.steps ?? []) {
    const a = last.get(step.id);
    if (!a) continue;
    if (tutorChecked(step)) {
      written.push({
        answerId: a.id,
        stepId: step.id,
        kind: step.kind,
        task: step.task,
        answer: typeof a.answer === 'string' ? a.answer : '',
        at: a.createdAt.toISOString(),
        check: a.checkedAt ? { correct: a.correct === true, comment: a.comment ?? '', at: a.checkedAt.toISOString() } : null,
      });
      if (a.checkedAt) {
        if (a.correct) right++;
        else wrong++;
      }
    } else if (a.correct === true) right++;
    else if (a.correct === false) wrong++;
  }
  const done = progress?.done.length ?? 0;
  const completed = !!progress?.completedAt;
  const status: HomeworkStatus = completed ? 'done' : row.dueOn < today ? 'overdue' : done > 0 ? 'started' : 'todo';
  return { done, total: progress?.total ?? 0, right, wrong, waiting: written.filter((w) => !w.check).length, status, written };
}

/** The course and unit a row points at, for links (/cabinet/study/{course}/{unit}) and titles. */
async function describe(db: Db, rows: Row[]) {
  const unitIds = [...new Set(rows.map((r) => r.unitId))];
  if (!unitIds.length) return new Map<number, { course: string; courseTitle: Localized; unit: string; title: Localized }>();
  const units = await db
    .select({ id: libraryUnits.id, key: libraryUnits.key, course: libraryCourses.slug, courseTitle: libraryCourses.title })
    .from(libraryUnits)
    .innerJoin(libraryCourses, eq(libraryCourses.id, libraryUnits.courseId))
    .where(inArray(libraryUnits.id, unitIds));
  const titles = await unitTitles(db, unitIds);
  return new Map(units.map((u) => [u.id, { course: u.course, courseTitle: u.courseTitle as Localized, unit: u.key, title: titles.get(u.id) ?? (u.courseTitle as Localized) }]));
}

/**
 * What is shown of a row to either side; `now` gives the school's today (overdue after the due day).
 * A fixed number of queries for the whole list, however many rows: the units described, then every
 * row's work at once (unitsWork), put together here.
 */
async function itemsOf(db: Db, rows: Row[], now: Date): Promise<HomeworkItemView[]> {
  const today = schoolDateOf(now);
  const described = await describe(db, rows);
  const work = await unitsWork(db, rows.filter((r) => described.has(r.unitId)));
  const out: HomeworkItemView[] = [];
  for (const r of rows) {
    const d = described.get(r.unitId);
    if (!d) continue;
    out.push({ id: r.id, lessonId: r.lessonId, studentId: r.studentId, due: r.dueOn, assignedAt: r.createdAt.toISOString(), ...d, ...workOn(work.get(studentUnitKey(r)), r, today) });
  }
  return out;
}

/**
 * The student's homework (GET /api/cabinet/homework for a student): what is still to do first, by
 * its due day, then what is done, newest first; each with its tutor, the work done and the tutor's
 * checks of written and spoken answers (the comments).
 */
export async function studentHomework(db: Db, studentId: number, now: Date): Promise<{ items: HomeworkItemView[] }> {
  const rows = await db
    .select({ row: homework, tutorName: users.name, tutorLastname: users.lastname })
    .from(homework)
    .innerJoin(users, eq(users.id, homework.tutorId))
    .where(and(eq(homework.studentId, studentId), gte(homework.dueOn, addDays(schoolDateOf(now), -HOMEWORK_MAX_DAYS))))
    .orderBy(desc(homework.dueOn), desc(homework.id))
    .limit(HOMEWORK_LIST_LIMIT);
  const tutors = new Map(rows.map((r) => [r.row.id, shortName(r.tutorName, r.tutorLastname)]));
  const items = (await itemsOf(db, rows.map((r) => r.row), now)).map((i) => ({ ...i, tutor: tutors.get(i.id) ?? '' }));
  const open = items.filter((i) => i.status !== 'done').sort((a, b) => a.due.localeCompare(b.due));
  const done = items.filter((i) => i.status === 'done');
  return { items: [...open, ...done] };
}

/**
 * The tutor's homework (GET /api/cabinet/homework for a tutor; the room's panel with its lesson's
 * students): every unit they assigned in the last HOMEWORK_MAX_DAYS days or still open, by student,
 * with the student's results and the written and spoken answers waiting for their check.
 */
export async function tutorHomework(db: Db, tutor: { id: number; scope: string | null; blockedAt: Date | null }, now: Date, filter: { studentIds?: number[] } = {}): Promise<{ students: HomeworkStudentView[] }> {
  if (!isActiveTutor(tutor)) throw new ApiError(403, 'forbidden');
  if (filter.studentIds && !filter.studentIds.length) return { students: [] };
  const rows = await db
    .select({ row: homework, name: users.name, lastname: users.lastname })
    .from(homework)
    .innerJoin(users, eq(users.id, homework.studentId))
    .where(
      and(
        eq(homework.tutorId, tutor.id),
        gte(homework.dueOn, addDays(schoolDateOf(now), -HOMEWORK_MAX_DAYS)),
        filter.studentIds ? inArray(homework.studentId, filter.studentIds) : undefined,
      ),
    )
    .orderBy(desc(homework.dueOn), desc(homework.id))
    .limit(HOMEWORK_LIST_LIMIT);
  const items = await itemsOf(db, rows.map((r) => r.row), now);
  const names = new Map(rows.map((r) => [r.row.studentId, shortName(r.name, r.lastname)]));
  const byStudent = new Map<number, HomeworkStudentView>();
  for (const i of items) {
    const s = byStudent.get(i.studentId) ?? { studentId: i.studentId, name: names.get(i.studentId) ?? '', items: [] };
    s.items.push(i);
    byStudent.set(i.studentId, s);
  }
  return { students: [...byStudent.values()] };
}

/** The homework rows that let `tutorId` check `studentId`'s work in a unit. */
async function assignedBy(db: Db, tutorId: number, studentId: number, unitId: number) {
  const [row] = await db
    .select({ id: homework.id })
    .from(homework)
    .where(and(eq(homework.tutorId, tutorId), eq(homework.studentId, studentId), eq(homework.unitId, unitId)))
    .limit(1);
  return !!row;
}

/**
 * A tutor checks a written or spoken answer of homework they assigned: right or to be done again,
 * with a comment (checking again replaces it). "Again" makes the step to do once more, so the unit is
 * not done until the student answers again. The student gets the comment by e-mail and on their
 * homework and unit pages. 404 for an answer that is not of the tutor's homework; 409
 * `homework_auto_checked` for an exercise the server checks.
 */
export async function checkHomeworkAnswer(db: Db, tutor: { id: number; scope: string | null; blockedAt: Date | null }, input: HomeworkCheckInput, now: Date) {
  if (!isActiveTutor(tutor)) throw new ApiError(403, 'forbidden');
  const result = await transaction(db, async (tx) => {
    const [answer] = await tx.select().from(libraryAnswers).where(eq(libraryAnswers.id, input.answerId)).for('update');
    if (!answer || !(await assignedBy(tx, tutor.id, answer.studentId, answer.unitId))) throw new ApiError(404, 'not_found');
    const [version] = await tx.select({ steps: libraryUnitVersions.steps }).from(libraryUnitVersions).where(eq(libraryUnitVersions.id, answer.versionId));
    const step = (version?.steps ?? []).map((s) => stepSchema.parse(s)).find((s) => s.id === answer.stepId);
    if (!tutorChecked(step)) throw new ApiError(409, 'homework_auto_checked');
    const first = !answer.checkedAt;
    await tx.update(libraryAnswers).set({ correct: input.correct, comment: input.comment, checkedBy: tutor.id, checkedAt: now }).where(eq(libraryAnswers.id, answer.id));
    await resettleUnit(tx, answer.studentId, answer.unitId, now);
    return { answer, step, first };
  });
  await notifyChecked(db, tutor.id, result.answer.studentId, result.answer.unitId, input, result.step.task);
  return { check: { answerId: input.answerId, correct: input.correct, comment: input.comment, at: now.toISOString() } };
}

/** The student's e-mail about a check: the unit, the verdict and the tutor's comment, with the link to the unit. */
async function notifyChecked(db: Db, tutorId: number, studentId: number, unitId: number, input: HomeworkCheckInput, task: string) {
  const [student] = await db.select({ email: users.email, locale: users.locale }).from(users).where(eq(users.id, studentId));
  const [tutor] = await db.select({ name: users.name, lastname: users.lastname }).from(users).where(eq(users.id, tutorId));
  if (!student?.email || !tutor) return;
  const described = (await describe(db, [{ id: 0, lessonId: 0, studentId, tutorId, unitId, dueOn: '', createdAt: new Date(0) }])).get(unitId);
  if (!described) return;
  const locale = asLocale(student.locale);
  const t = translatorFor(locale, 'Homework');
  const values = {
    tutor: shortName(tutor.name, tutor.lastname),
    unit: described.title[locale],
    task,
    verdict: t(input.correct ? 'notify.right' : 'notify.again'),
    comment: input.comment || t('notify.noComment'),
    link: absoluteUrl(localePath(locale, `/cabinet/study/${described.course}/${described.unit}`)),
  };
  await enqueue(db, { channel: 'email', recipient: student.email, subject: t('notify.subject', values), body: t('notify.body', values) });
  runAfterResponse(kickOutbox);
}

/**
 * A student's spoken answer for the tutor who checks it: only a recording named by an answer in a
 * unit this tutor assigned to that student. 404 otherwise (never says whether the file exists).
 */
export async function homeworkRecording(db: Db, tutor: { id: number; scope: string | null; blockedAt: Date | null }, name: string): Promise<{ bytes: Buffer; contentType: string }> {
  if (!isActiveTutor(tutor)) throw new ApiError(403, 'forbidden');
  const match = /^rec-(\d{1,10})-[\w-]{1,40}\.(webm|ogg|m4a)$/.exec(name);
  if (!match) throw new ApiError(404, 'not_found');
  const answers = await db
    .select({ unitId: libraryAnswers.unitId })
    .from(libraryAnswers)
    .where(and(eq(libraryAnswers.studentId, Number(match[1])), sql`${libraryAnswers.answer} = to_jsonb(${name}::text)`))
    .limit(5);
  let allowed = false;
  for (const a of answers) if (await assignedBy(db, tutor.id, Number(match[1]), a.unitId)) allowed = true;
  if (!allowed) throw new ApiError(404, 'not_found');
  const [file] = await db.select({ bytes: media.bytes, contentType: media.contentType }).from(media).where(eq(media.name, name));
  if (!file) throw new ApiError(404, 'not_found');
  return { bytes: Buffer.from(file.bytes), contentType: file.contentType };
}

/** GET /api/cabinet/homework: a student's homework, or a tutor's with their students' results (anyone else: 403). */
export async function cabinetHomework(db: Db, user: { id: number; role: string; scope: string | null; blockedAt: Date | null }, now: Date): Promise<CabinetHomeworkView> {
  if (user.role === 'tutor') return { role: 'tutor' as const, ...(await tutorHomework(db, user, now)) };
  if (user.role === 'student') return { role: 'student' as const, ...(await studentHomework(db, user.id, now)) };
  throw new ApiError(403, 'forbidden');
}

/** Self-study's "what to do today": how many units of homework are still open, and the one due first. */
export async function openHomework(db: Db, studentId: number, now: Date) {
  const today = schoolDateOf(now);
  const rows = await db
    .select({ row: homework })
    .from(homework)
    .leftJoin(libraryProgress, and(eq(libraryProgress.studentId, homework.studentId), eq(libraryProgress.unitId, homework.unitId)))
    .where(and(eq(homework.studentId, studentId), gte(homework.dueOn, addDays(today, -HOMEWORK_MAX_DAYS)), isNull(libraryProgress.completedAt)))
    .orderBy(asc(homework.dueOn), asc(homework.id))
    .limit(HOMEWORK_LIST_LIMIT);
  const units = new Map<number, (typeof rows)[number]['row']>();
  for (const r of rows) if (!units.has(r.row.unitId)) units.set(r.row.unitId, r.row);
  const first = [...units.values()][0];
  if (!first) return { open: 0, first: null };
  const d = (await describe(db, [first])).get(first.unitId);
  return { open: units.size, first: d ? { course: d.course, unit: d.unit, title: d.title, due: first.dueOn, overdue: first.dueOn < today } : null };
}
