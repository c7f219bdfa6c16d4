import { count, eq } from 'drizzle-orm';
import { createEmptyCard, fsrs, generatorParameters, Rating } from 'ts-fsrs';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, errorResponse } from '@/lib/api/errors';
import englishA1 from '@/content/library/english-a1.json';
import { libraryAnswers, libraryCourses, libraryUnits, libraryUnitVersions, lessons, lessonWords, media, users, wordCards } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { dbLabel, insertTestUser, useTestDb } from '@/test/db';
import { enrolledStaff } from '@/test/staff';
import { publishedCourses } from './catalogue';
import { exportCourse, importCourse, publishCourseVersions } from './courses';
import { courseFileSchema, parseCourseFile, type CourseFile } from './format';
import { answerStep, studentUnit, unitProgress, upgradeProgress } from './progress';
import { seedLibrary, STARTER_COURSES } from './starter';
import { dueWords, reviewWord } from './trainer';

const NOW = new Date('2026-03-02T06:00:00Z');
const MIN = 60_000;
const later = (ms: number) => new Date(NOW.getTime() + ms);
const copy = (): CourseFile => structuredClone(courseFileSchema.parse(englishA1));
const rowsIn = async (db: Db) => ({
  courses: (await db.select({ n: count() }).from(libraryCourses))[0]!.n,
  units: (await db.select({ n: count() }).from(libraryUnits))[0]!.n,
  versions: (await db.select({ n: count() }).from(libraryUnitVersions))[0]!.n,
});
async function refusal(run: Promise<unknown>): Promise<ApiError> {
  const err = await run.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  return err as ApiError;
}

describe(`the course library (${dbLabel()})`, () => {
  const t = useTestDb();

  it('refuses a malformed file, naming the place of each problem in the reader’s language, and stores nothing', async () => {
    const before = await rowsIn(t.db);
    const file = copy() as unknown as { units: Record<string, unknown>[] & { steps: Record<string, unknown>[] }[] } & Record<string, unknown>;
    const units = file.units as unknown as { steps: Record<string, unknown>[]; foo?: string }[];
    units[2]!.steps[4]!.answer = 9; // a choice of three options
    delete (units[0]!.steps[0]!.words as { translation: Record<string, string> }[])[1]!.translation.kk;
    units[1]!.steps[9]!.answer = [['my'], ['extra']]; // one gap, two answers
    units[3]!.steps[3]!.kind = 'essay';
    units[4]!.steps[5]!.id = units[4]!.steps[4]!.id; // two steps with one id
    units[0]!.foo = 'bar';
    const err = await refusal(importCourse(t.db, 'seed', file, { now: NOW }));
    expect(err.status).toBe(422);
    expect(err.code).toBe('library_file_invalid');
    expect(err.fields).toEqual({
      'units[2].steps[4].answer': 'library_answer_option',
      'units[0].steps[0].words[1].translation.kk': 'required',
      'units[1].steps[9].answer': 'library_gap_count',
      'units[3].steps[3].kind': 'library_step_kind',
      'units[4].steps[5].id': 'library_id_duplicate',
      'units[0].foo': 'library_unknown_field',
    });
    expect(await rowsIn(t.db)).toEqual(before);

    // The answer a handler gives: every place explained in the user's language.
    const res = errorResponse(err, 'kk');
    const body = (await res.json()) as { error: { code: string; message: string; fields: Record<string, string> } };
    expect(res.status).toBe(422);
    expect(body.error.message).toMatch(/ештеңе сақталмады/);
    expect(body.error.fields['units[2].steps[4].answer']).toBe('Жауап — нұсқалардың бірінің нөмірі, 0-ден бастап саналады');
    expect(body.error.fields['units[0].steps[0].words[1].translation.kk']).toBe('Бұл міндетті өріс');
    expect(Object.keys(body.error.fields)).toHaveLength(6);
  });

  it('refuses a file that is not a course file at all, and audio the media store does not hold', async () => {
    const before = await rowsIn(t.db);
    for (const junk of [null, 'text', [], { format: 'other' }]) expect((await refusal(importCourse(t.db, 'seed', junk, { now: NOW }))).code).toBe('library_file_invalid');
    const file = copy();
    file.slug = 'with-audio';
    file.units[0]!.steps.push({ kind: 'listening', id: 'listen', prompt: file.title, audio: 'missing.mp3', question: 'Where is Tom from?', options: ['London', 'Paris'], answer: 0 });
    const err = await refusal(importCourse(t.db, 'seed', file, { now: NOW }));
    expect(err.fields).toEqual({ [`units[0].steps[${file.units[0]!.steps.length - 1}].audio`]: 'library_audio_missing' });
    expect(await rowsIn(t.db)).toEqual(before);
  });

  it('a text\'s and a grammar note\'s picture carry a description in ru/kk/en: refused without the picture, kept through export and import', async () => {
    const alt = { ru: 'Девочка машет рукой', kk: 'Қыз қол бұлғап тұр', en: 'A girl waving' };
    const file = copy();
    file.slug = 'with-pictures';
    const steps = file.units[0]!.steps as Record<string, unknown>[];
    const text = steps.findIndex((s) => s.kind === 'text');
    const grammar = steps.findIndex((s) => s.kind === 'grammar');
    steps[text] = { ...steps[text], imageAlt: alt };
    steps[grammar] = { ...steps[grammar], imageAlt: { ru: 'Таблица', kk: 'Кесте' } };
    const err = await refusal(importCourse(t.db, 'seed', file, { now: NOW }));
    expect(err.fields).toEqual({
      [`units[0].steps[${text}].imageAlt`]: 'library_image_alt_without_image',
      [`units[0].steps[${grammar}].imageAlt.en`]: 'required',
    });
    const body = (await errorResponse(err, 'ru').json()) as { error: { fields: Record<string, string> } };
    expect(body.error.fields[`units[0].steps[${text}].imageAlt`]).toMatch(/нет самой картинки/);

    await t.db.insert(media).values({ name: 'i-aaaaaaaaaaaaaaaa.webp', contentType: 'image/webp', bytes: Buffer.from('x') });
    // The keys as a file's author might order them: the export writes the documented order.
    steps[text] = { imageAlt: alt, ...steps[text], image: 'i-aaaaaaaaaaaaaaaa.webp' };
    steps[grammar] = { ...steps[grammar], image: 'i-aaaaaaaaaaaaaaaa.webp', imageAlt: { ...alt, en: 'A table' } };
    const imported = await importCourse(t.db, 'seed', file, { now: NOW });
    const exported = await exportCourse(t.db, imported.courseId);
    expect(Object.keys(exported.units[0]!.steps[text]!).slice(-2)).toEqual(['image', 'imageAlt']);
    expect(exported.units[0]!.steps[text]).toMatchObject({ image: 'i-aaaaaaaaaaaaaaaa.webp', imageAlt: alt });
    const again = await importCourse(t.db, 'seed', exported, { now: later(MIN) });
    expect(Object.values(again.units).every((u) => u === 'same')).toBe(true);
    expect(JSON.stringify(await exportCourse(t.db, again.courseId), null, 2)).toBe(JSON.stringify(exported, null, 2));
  });

  it('loads the starter set through the importer, idempotently; export gives back the same file, and imports as the same content', async () => {
    await seedLibrary(t.db, NOW);
    for (const file of STARTER_COURSES) {
      const again = await importCourse(t.db, 'seed', file, { now: later(MIN), publish: true });
      expect(again.created).toBe(false);
      expect(Object.values(again.units)).toEqual(Array(6).fill('same'));
      const exported = await exportCourse(t.db, again.courseId);
      expect(exported).toEqual(courseFileSchema.parse(file));
      // The file text itself round-trips: keys in the documented order.
      expect(JSON.stringify(exported, null, 2)).toBe(JSON.stringify(file, null, 2));
    }
    const [course] = await t.db.select().from(libraryCourses).where(eq(libraryCourses.slug, 'english-a1'));
    expect(course).toMatchObject({ status: 'published', subject: 'english', level: 'A1', reviewerId: null });
    expect((await publishedCourses(t.db)).map((c) => [c.slug, c.units])).toEqual([
      ['english-a1', 6],
      ['english-a2', 6],
      ['english-b1', 6],
      ['kazakh-a1', 6],
      ['kazakh-a2', 6],
    ]);
    expect((await publishedCourses(t.db, { subject: 'kazakh', level: 'A1' })).map((c) => c.slug)).toEqual(['kazakh-a1']);
    expect((await publishedCourses(t.db, { subject: 'english', level: 'B1' })).map((c) => c.slug)).toEqual(['english-b1']);
    expect(await publishedCourses(t.db, { subject: 'kazakh', level: 'B1' })).toEqual([]);

    const other = { ...(await exportCourse(t.db, course!.id)), slug: 'english-a1-copy' };
    const methodologist = await enrolledStaff(t.db, { email: 'method@school.kz', scopes: ['methodologist'] });
    const imported = await importCourse(t.db, { staffId: methodologist.id }, other, { now: NOW });
    expect(imported.created).toBe(true);
    expect(await exportCourse(t.db, imported.courseId)).toEqual(other);
    const [copyRow] = await t.db.select().from(libraryCourses).where(eq(libraryCourses.id, imported.courseId));
    expect(copyRow).toMatchObject({ status: 'draft', authorId: methodologist.id, reviewerId: null });
  });

  it('the seed loads a changed starter file as new versions, but never over staff edits', async () => {
    const file = copy();
    file.slug = 'starter-seeded';
    await seedLibrary(t.db, NOW, [file]);
    await seedLibrary(t.db, later(MIN), [file]);
    const [course] = await t.db.select().from(libraryCourses).where(eq(libraryCourses.slug, 'starter-seeded'));
    const versionsOf = async () => (await t.db.select({ v: libraryUnitVersions.version }).from(libraryUnitVersions).innerJoin(libraryUnits, eq(libraryUnits.id, libraryUnitVersions.unitId)).where(eq(libraryUnits.courseId, course!.id))).map((r) => r.v).sort();
    expect(await versionsOf()).toEqual([1, 1, 1, 1, 1, 1]);
    // The repository's file changes: its changed unit gets a new, published version.
    file.units[1]!.title.en = 'My family and me';
    await seedLibrary(t.db, later(2 * MIN), [file]);
    expect(await versionsOf()).toEqual([1, 1, 1, 1, 1, 1, 2]);
    // A methodologist edits the course; the next change of the file is not loaded over it.
    const methodologist = await enrolledStaff(t.db, { email: 'editor@school.kz', scopes: ['methodologist'] });
    const edited = await exportCourse(t.db, course!.id);
    edited.units[0]!.title.en = 'Hi there!';
    await importCourse(t.db, { staffId: methodologist.id }, edited, { now: later(3 * MIN), publish: true });
    file.units[2]!.title.en = 'A day in my life';
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await seedLibrary(t.db, later(4 * MIN), [file]);
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/starter-seeded changed, but staff have edited/));
    warn.mockRestore();
    const now = await exportCourse(t.db, course!.id);
    expect(now.units[0]!.title.en).toBe('Hi there!');
    expect(now.units[2]!.title.en).toBe('My day');
  });

  it("a published course's head imported from a file waits for review like the editor's; the seed never loads over fields staff edited", async () => {
    const file = copy();
    file.slug = 'starter-fields';
    await seedLibrary(t.db, NOW, [file]);
    const [course] = await t.db.select().from(libraryCourses).where(eq(libraryCourses.slug, 'starter-fields'));
    const methodologist = await enrolledStaff(t.db, { email: 'fields@school.kz', scopes: ['methodologist'] });
    // A school's import of the published course with a new title: the title waits; units unchanged.
    const renamed = { ...copy(), slug: 'starter-fields', title: { ru: 'Английский с нуля', kk: 'Ағылшын тілі нөлден', en: 'English from scratch' } };
    const result = await importCourse(t.db, { staffId: methodologist.id }, renamed, { now: later(MIN) });
    expect(result).toMatchObject({ created: false, fieldsChanged: true });
    const [after] = await t.db.select().from(libraryCourses).where(eq(libraryCourses.id, course!.id));
    expect(after).toMatchObject({ title: file.title, pendingFields: { fields: { title: renamed.title }, by: [methodologist.id] } });
    // The repository's file changes meanwhile: not loaded over the waiting fields.
    file.description.en = 'A changed description.';
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await seedLibrary(t.db, later(2 * MIN), [file]);
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/starter-fields changed, but staff have edited/));
    warn.mockRestore();
    const [still] = await t.db.select().from(libraryCourses).where(eq(libraryCourses.id, course!.id));
    expect(still).toMatchObject({ title: file.title, pendingFields: { fields: { title: renamed.title } } });
    expect(still!.description.en).not.toBe('A changed description.');
  });

  it('the starter courses have six units of ten or more exercises each, of mixed kinds', () => {
    for (const raw of STARTER_COURSES) {
      const parsed = parseCourseFile(raw);
      expect(parsed.ok ? {} : parsed.problems).toEqual({});
      const file = courseFileSchema.parse(raw);
      expect(file.units).toHaveLength(6);
      for (const unit of file.units) {
        const exercises = unit.steps.filter((s) => !['text', 'words', 'grammar'].includes(s.kind));
        expect(exercises.length, `${file.slug}/${unit.id}`).toBeGreaterThanOrEqual(10);
        expect(new Set(exercises.map((s) => s.kind)).size, `${file.slug}/${unit.id}`).toBeGreaterThanOrEqual(5);
      }
    }
  });

  it('a student never receives a key, on any step of any unit', async () => {
    const student = await insertTestUser(t.db, { phone: '+77010000101' });
    for (const raw of STARTER_COURSES) {
      const file = courseFileSchema.parse(raw);
      const units = await t.db.select().from(libraryUnits).innerJoin(libraryCourses, eq(libraryCourses.id, libraryUnits.courseId)).where(eq(libraryCourses.slug, file.slug));
      expect(units).toHaveLength(6);
      for (const { library_units: unit } of units) {
        const shown = await studentUnit(t.db, student, unit.id);
        const keys = new Set<string>();
        JSON.stringify(shown, (k, v: unknown) => (keys.add(k), v));
        for (const secret of ['answer', 'accept', 'pairs', 'transcript']) expect(keys.has(secret), `${unit.key}: ${secret}`).toBe(false);
        const source = file.units.find((u) => u.id === unit.key)!;
        for (const step of source.steps) {
          const got = shown.steps.find((s) => s.id === step.id) as Record<string, unknown>;
          if (step.kind === 'order') expect((got.tokens as string[]).join(' '), step.id).not.toBe(step.answer);
          if (step.kind === 'matching') expect(got.right, step.id).not.toEqual(step.pairs.map((p) => p[1]));
        }
      }
    }
  });

  it('an edit of a published unit makes a new version; a draft version is edited in place; an upgrade keeps the progress', async () => {
    const file = copy();
    file.slug = 'versions';
    const { courseId } = await importCourse(t.db, 'seed', file, { now: NOW, publish: true });
    const [unit] = await t.db.select().from(libraryUnits).where(eq(libraryUnits.courseId, courseId)).orderBy(libraryUnits.position).limit(1);
    const student = await insertTestUser(t.db, { phone: '+77010000102' });
    // hello: be-i (0 = am), be-tom (1 = is), my-name (gap), replies (matching).
    expect(await answerStep(t.db, student, unit!.id, 'be-i', 0, later(MIN))).toMatchObject({ correct: true });
    expect(await answerStep(t.db, student, unit!.id, 'be-tom', 0, later(2 * MIN))).toMatchObject({ correct: false, key: 1 });
    expect(await answerStep(t.db, student, unit!.id, 'be-tom', 1, later(3 * MIN))).toMatchObject({ correct: true });
    expect(await answerStep(t.db, student, unit!.id, 'my-name', ['Name'], later(4 * MIN))).toMatchObject({ correct: true });
    expect(await answerStep(t.db, student, unit!.id, 'about-me', 'My name is Dana. I am from Almaty.', later(5 * MIN))).toEqual({ checkedBy: 'tutor', correct: null });
    const v1 = await unitProgress(t.db, student, unit!.id);
    expect(v1).toMatchObject({ version: 1, upgradeAvailable: false, done: ['be-i', 'be-tom', 'my-name', 'about-me'], total: 13 });

    // The methodologist edits the published unit: be-i goes, a new step comes, a question changes.
    const hello = file.units[0]!;
    hello.steps = hello.steps.filter((s) => s.id !== 'be-i');
    hello.steps.push({ kind: 'choice', id: 'be-we', prompt: file.title, question: 'We ___ friends.', options: ['am', 'is', 'are'], answer: 2 });
    const edit = await importCourse(t.db, 'seed', file, { now: later(10 * MIN) });
    expect(edit.units.hello).toBe('new_version');
    expect(Object.values(edit.units).filter((o) => o === 'same')).toHaveLength(5);
    // A second edit before review changes the new draft version in place.
    const step = hello.steps.find((s) => s.id === 'my-name');
    if (step?.kind === 'gap') step.text = 'Hi! My ___ is Timur.';
    expect((await importCourse(t.db, 'seed', file, { now: later(11 * MIN) })).units.hello).toBe('edited');
    const versions = await t.db.select().from(libraryUnitVersions).where(eq(libraryUnitVersions.unitId, unit!.id)).orderBy(libraryUnitVersions.version);
    expect(versions.map((v) => [v.version, !!v.publishedAt])).toEqual([
      [1, true],
      [2, false],
    ]);
    // Not yet published: the student stays on version 1 and answers there.
    expect((await unitProgress(t.db, student, unit!.id))!.upgradeAvailable).toBe(false);
    expect(await answerStep(t.db, student, unit!.id, 'be-i', 1, later(12 * MIN))).toMatchObject({ correct: false });

    await publishCourseVersions(t.db, courseId, null, later(20 * MIN));
    // A student who has not started gets the new version; this one is offered the upgrade.
    const newcomer = await insertTestUser(t.db, { phone: '+77010000103' });
    expect((await studentUnit(t.db, newcomer, unit!.id)).progress).toMatchObject({ version: 2, done: [] });
    expect(await unitProgress(t.db, student, unit!.id)).toMatchObject({ version: 1, upgradeAvailable: true });
    const upgraded = await upgradeProgress(t.db, student, unit!.id, later(21 * MIN));
    expect(upgraded).toMatchObject({ version: 2, upgradeAvailable: false, done: ['be-tom', 'my-name', 'about-me'], total: 13 });
    expect((await studentUnit(t.db, student, unit!.id)).steps.some((s) => s.id === 'be-we')).toBe(true);
    // Answers on the new version count with the kept ones.
    await answerStep(t.db, student, unit!.id, 'be-we', 2, later(22 * MIN));
    expect((await unitProgress(t.db, student, unit!.id))!.done).toEqual(['be-tom', 'my-name', 'about-me', 'be-we']);
  });

  it('refuses answers to a step that is not an exercise or not in the unit, and answers of the wrong shape', async () => {
    const [unit] = await t.db.select().from(libraryUnits).where(eq(libraryUnits.key, 'tamaq')).limit(1);
    const student = await insertTestUser(t.db, { phone: '+77010000104' });
    for (const stepId of ['words', 'reading', 'nope']) expect((await refusal(answerStep(t.db, student, unit!.id, stepId, 0, NOW))).status).toBe(404);
    // An answer of the wrong shape is a 422 and is not stored: no progress starts.
    for (const junk of [7, 'a', ['x', 'y'], { a: 1 }, null]) expect((await refusal(answerStep(t.db, student, unit!.id, 'alma-unaidy', junk, NOW))).code).toBe('validation_failed');
    expect(await unitProgress(t.db, student, unit!.id)).toMatchObject({ done: [] });
    expect(await t.db.select().from(libraryAnswers).where(eq(libraryAnswers.studentId, student))).toEqual([]);
  });

  it('schedules a word answered Again, Good and Easy at the dates ts-fsrs gives, on an injected clock', async () => {
    const student = await insertTestUser(t.db, { phone: '+77010000105' });
    const tutor = await insertTestUser(t.db, { phone: '+77010000106', role: 'tutor' });
    const [lesson] = await t.db.insert(lessons).values({ tutorId: tutor, studentId: student, subject: 'english', status: 'held', startsAt: later(-60 * MIN), endsAt: later(-30 * MIN) }).returning();
    const words = await t.db
      .insert(lessonWords)
      .values(['apple', 'bread', 'water', 'milk'].map((word, i) => ({ lessonId: lesson!.id, studentId: student, word, translation: word, lang: 'ru' as const, createdAt: later(-60 * MIN + i) })))
      .returning();
    const [again, good, easy, fresh] = words as [typeof lessonWords.$inferSelect, typeof lessonWords.$inferSelect, typeof lessonWords.$inferSelect, typeof lessonWords.$inferSelect];

    const library = fsrs(generatorParameters({ enable_fuzz: false }));
    const expected = (rating: Rating.Again | Rating.Good | Rating.Easy) => library.next(createEmptyCard(NOW), NOW, rating).card;
    expect((await reviewWord(t.db, student, again.id, 'again', NOW)).due).toEqual(expected(Rating.Again).due);
    expect((await reviewWord(t.db, student, good.id, 'good', NOW)).due).toEqual(expected(Rating.Good).due);
    expect((await reviewWord(t.db, student, easy.id, 'easy', NOW)).due).toEqual(expected(Rating.Easy).due);
    const stored = await t.db.select().from(wordCards).where(eq(wordCards.studentId, student));
    const byWord = new Map(stored.map((c) => [c.wordId, c]));
    expect(byWord.get(again.id)).toMatchObject({ due: expected(Rating.Again).due, stability: expected(Rating.Again).stability, state: expected(Rating.Again).state });
    expect(byWord.get(easy.id)!.due.getTime() - NOW.getTime()).toBeGreaterThan(24 * 60 * MIN);

    // A second review from the stored state: the library's answer for the same card and moment.
    const secondAt = expected(Rating.Good).due;
    const secondExpected = library.next(expected(Rating.Good), secondAt, Rating.Good).card;
    expect((await reviewWord(t.db, student, good.id, 'good', secondAt)).due).toEqual(secondExpected.due);

    // Due now: the word answered Again once its minute has passed, and the word never reviewed.
    const due = await dueWords(t.db, student, new Date(expected(Rating.Again).due.getTime() + 1000), 10);
    expect(due.map((w) => w.wordId)).toEqual([again.id, fresh.id]);
    expect(await dueWords(t.db, student, new Date(expected(Rating.Again).due.getTime() + 1000), 1)).toHaveLength(1);

    // Another student's word is not theirs to review.
    const other = await insertTestUser(t.db, { phone: '+77010000107' });
    expect((await refusal(reviewWord(t.db, other, fresh.id, 'good', NOW))).status).toBe(404);
    expect(await t.db.select().from(users).where(eq(users.id, other))).toHaveLength(1);
  });
});
