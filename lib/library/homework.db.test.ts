import { and, eq } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { describe, expect, it, vi } from 'vitest';
import englishA1 from '@/content/library/english-a1.json';
import { openSession } from '@/lib/auth/http';
import type { Actor } from '@/lib/audit/log';
import { groupSeats, homework, lessons, lessonWords, libraryAnswers, libraryProgress, libraryUnits, media, outbox, tutorApplications, tutorProfiles } from '@/lib/db/schema';
import { createGroup, openGroup, setTeachesGroups } from '@/lib/groups/admin';
import { groupSchema } from '@/lib/validations/groups';
import { emptyProfile } from '@/lib/validations/tutor-profile';
import { addDays } from '@/lib/time/calendar';
import { schoolDateOf } from '@/lib/time/school-clock';
import { dbLabel, insertTestUser, useTestDb } from '@/test/db';
import { call } from '@/test/staff';
import { POST as reportRoute } from '@/app/api/lessons/[id]/report/route';
import { GET as recordRoute } from '@/app/api/lessons/[id]/record/route';
import { GET as roomHomeworkRoute } from '@/app/api/lessons/[id]/homework/route';
import { GET as homeworkRoute } from '@/app/api/cabinet/homework/route';
import { POST as checkRoute } from '@/app/api/cabinet/homework/checks/route';
import { GET as recordingRoute } from '@/app/api/cabinet/homework/recordings/[name]/route';
import { POST as answerRoute } from '@/app/api/cabinet/study/courses/[slug]/units/[unit]/answers/route';
import { GET as unitRoute } from '@/app/api/cabinet/study/courses/[slug]/units/[unit]/route';
import { GET as trainerRoute } from '@/app/api/cabinet/trainer/route';
import { GET as wordsRoute } from '@/app/api/cabinet/words/route';
import { importCourse, publishCourseVersions } from './courses';
import { checkHomeworkAnswer, HOMEWORK_LIST_LIMIT, replaceLessonHomework, studentHomework, tutorHomework } from './homework';
import { answerStep, unitProgress, upgradeProgress } from './progress';
import { storeRecording } from './recordings';

const MIN = 60_000;
const T0 = new Date('2025-03-03T04:00:00Z');
const staff: Actor = { kind: 'staff', id: null, label: 'sales@school.kz', ipHash: 'test' };
let n = 700;
const phone = () => `+7701${String(30_000_000 + n++).slice(1)}`;

function req(path: string, opts: { body?: unknown; token?: string; locale?: string } = {}) {
  const headers = new Headers({ 'accept-language': opts.locale ?? 'ru', 'x-forwarded-for': `10.9.${n & 255}.${(n * 7) & 255}`, origin: 'http://localhost' });
  if (opts.body !== undefined) headers.set('content-type', 'application/json');
  if (opts.token) headers.set('authorization', `Bearer ${opts.token}`);
  return new NextRequest(`http://localhost${path}`, { method: opts.body === undefined ? 'GET' : 'POST', headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) });
}
type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };
const marks = { speaking: 3, listening: 4, reading: 4, writing: 2, grammar: 3 };

describe(`homework from the library (${dbLabel()})`, () => {
  const t = useTestDb({ asAppDb: true });

  async function person(role: 'student' | 'tutor', email = true) {
    const scope = role === 'tutor' ? 'tutor tutor:bookable' : 'student';
    const id = await insertTestUser(t.db, { role, scope, phone: phone(), email: email ? `hw${n}@example.kz` : null, name: role === 'tutor' ? 'Дана' : 'Айгерім', lastname: 'Серікова', locale: 'kk' });
    const { accessToken } = await openSession(t.db, { id, scope });
    return { id, token: accessToken };
  }
  async function lesson(tutorId: number, studentId: number | null, extra: Partial<typeof lessons.$inferInsert> = {}) {
    const startsAt = new Date(Date.now() - 40 * MIN);
    const [row] = await t.db
      .insert(lessons)
      .values({ tutorId, studentId, subject: 'english', status: 'held', startsAt, endsAt: new Date(startsAt.getTime() + 30 * MIN), ...extra })
      .returning();
    return row!;
  }
  const post = (route: typeof reportRoute, path: string, token: string, body: unknown, params: Record<string, string> = {}, locale = 'ru') => call(route, req(path, { body, token, locale }), params);
  const get = (route: typeof homeworkRoute, path: string, token: string, params: Record<string, string> = {}) => call(route, req(path, { token }), params);

  it('a report assigns units; the student does them; the tutor checks the writing with a comment the student gets by e-mail and on the page', async () => {
    await importCourse(t.db, 'seed', englishA1, { now: new Date(Date.now() - 60 * MIN), publish: true });
    const tutor = await person('tutor');
    const other = await person('tutor');
    const student = await person('student');
    const held = await lesson(tutor.id, student.id);
    const day = schoolDateOf(held.startsAt);
    const due = addDays(day, 7);
    const report = { covered: 'to be', level: 'A1', marks };
    // Before any homework the unit is self-study: its page says nobody checks its writing.
    const unitOf = async () => (await (await get(unitRoute, '/api/cabinet/study/courses/english-a1/units/hello', student.token, { slug: 'english-a1', unit: 'hello' })).json()) as { homework: boolean; checks: Record<string, { correct: boolean; comment: string }> };
    expect((await unitOf()).homework).toBe(false);

    // Bad homework: an unknown unit, a due day before the lesson, a duplicate — a 422 naming each place, nothing stored.
    const bad = await post(reportRoute, `/api/lessons/${held.id}/report`, tutor.token, { ...report, assign: [{ course: 'english-a1', unit: 'no-such', due }, { course: 'english-a1', unit: 'hello', due: addDays(day, -1) }] }, { id: String(held.id) }, 'kk');
    expect(bad.status).toBe(422);
    const badBody = (await bad.json()) as ErrorBody;
    expect(badBody.error.fields).toMatchObject({ 'assign.0.unit': expect.stringMatching(/[әіңғүұқөһ]/), 'assign.1.due': expect.any(String) });
    expect((await post(reportRoute, `/api/lessons/${held.id}/report`, tutor.token, { ...report, assign: [{ course: 'english-a1', unit: 'hello', due }, { course: 'english-a1', unit: 'hello', due }] }, { id: String(held.id) })).status).toBe(422);
    expect(await t.db.select().from(homework)).toHaveLength(0);

    const ok = await post(reportRoute, `/api/lessons/${held.id}/report`, tutor.token, { ...report, assign: [{ course: 'english-a1', unit: 'hello', due }] }, { id: String(held.id) });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { report: { assign: { unit: string; due: string }[] } }).report.assign).toEqual([expect.objectContaining({ course: 'english-a1', unit: 'hello', due })]);
    const record = (await (await get(recordRoute, `/api/lessons/${held.id}/record`, student.token, { id: String(held.id) })).json()) as { report: { assign: unknown[] } };
    expect(record.report.assign).toHaveLength(1);

    // The student's list: the unit to do, from the tutor, due that day.
    const list = async () => (await (await get(homeworkRoute, '/api/cabinet/homework', student.token)).json()) as { role: string; items: { status: string; due: string; unit: string; tutor: string; done: number; total: number; written: { check: unknown }[] }[] };
    expect(await list()).toMatchObject({ role: 'student', items: [{ status: 'todo', due, unit: 'hello', tutor: 'Дана С.' }] });

    // The student answers: a choice right, the writing goes to the tutor.
    const answer = (stepId: string, value: unknown) => post(answerRoute, '/api/cabinet/study/courses/english-a1/units/hello/answers', student.token, { stepId, answer: value }, { slug: 'english-a1', unit: 'hello' });
    expect((await answer('be-i', 0)).status).toBe(200);
    expect((await answer('about-me', 'Hi! I am Aigerim. I am from Almaty. I am a student. My friend is Dana. She is from Astana.')).status).toBe(200);
    expect((await list()).items[0]).toMatchObject({ status: 'started', done: 2 });
    // Starting the unit put its words into the student's dictionary, translated into their language (kk), once:
    // the trainer has them due, the dictionary names the course.
    const hello = englishA1.units[0]!.steps.find((x) => x.kind === 'words') as { words: { word: string; translation: { kk: string } }[] };
    const words = await t.db.select().from(lessonWords).where(eq(lessonWords.studentId, student.id));
    expect(words.map((w) => [w.word, w.translation, w.lang, w.lessonId]).sort()).toEqual(hello.words.map((w) => [w.word, w.translation.kk, 'kk', null]).sort());
    const trainer = (await (await get(trainerRoute, '/api/cabinet/trainer', student.token)).json()) as { due: number };
    expect(trainer.due).toBe(hello.words.length);
    const dictionary = (await (await get(wordsRoute, '/api/cabinet/words', student.token)).json()) as { words: { lesson: unknown; unit: { course: string } | null }[] };
    expect(dictionary.words.every((w) => w.lesson === null && w.unit?.course === 'english-a1')).toBe(true);

    // The tutor sees it waiting; another tutor cannot check it (404), nor can the student; an auto-checked answer is refused (409).
    const mine = (await (await get(homeworkRoute, '/api/cabinet/homework', tutor.token)).json()) as { role: string; students: { name: string; items: { waiting: number; right: number; written: { answerId: number; answer: string; check: unknown }[] }[] }[] };
    expect(mine.role).toBe('tutor');
    expect(mine.students[0]).toMatchObject({ name: 'Айгерім С.', items: [{ waiting: 1, right: 1 }] });
    const written = mine.students[0]!.items[0]!.written[0]!;
    expect(written.answer).toMatch(/^Hi! I am Aigerim/);
    const [choice] = await t.db.select().from(libraryAnswers).where(and(eq(libraryAnswers.studentId, student.id), eq(libraryAnswers.stepId, 'be-i')));
    expect((await post(checkRoute, '/api/cabinet/homework/checks', other.token, { answerId: written.answerId, correct: true, comment: '' })).status).toBe(404);
    expect((await post(checkRoute, '/api/cabinet/homework/checks', student.token, { answerId: written.answerId, correct: true, comment: '' })).status).toBe(403);
    expect((await post(checkRoute, '/api/cabinet/homework/checks', tutor.token, { answerId: choice!.id, correct: false, comment: '' })).status).toBe(409);
    expect((await post(checkRoute, '/api/cabinet/homework/checks', tutor.token, { answerId: written.answerId, correct: 'yes' })).status).toBe(422);

    // "Do it again": the step is to do once more, the student is e-mailed the comment in their language.
    const again = await post(checkRoute, '/api/cabinet/homework/checks', tutor.token, { answerId: written.answerId, correct: false, comment: 'Add one more sentence about your family.' });
    expect(again.status).toBe(200);
    const mail = (await t.db.select().from(outbox)).filter((m) => m.recipient.startsWith('hw') && m.body.includes('Add one more sentence'));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toMatch(/тексерді/);
    const after = (await list()).items[0]!;
    expect(after).toMatchObject({ done: 1, wrong: 1 });
    expect(after.written[0]!.check).toMatchObject({ correct: false, comment: 'Add one more sentence about your family.' });
    // The unit's page carries the check beside the step.
    const unit = await unitOf();
    expect(unit.homework).toBe(true);
    expect(unit.checks['about-me']).toMatchObject({ correct: false, comment: 'Add one more sentence about your family.' });

    // The room's panel: the tutor's only.
    expect((await get(roomHomeworkRoute, `/api/lessons/${held.id}/homework`, student.token, { id: String(held.id) })).status).toBe(403);
    const room = (await (await get(roomHomeworkRoute, `/api/lessons/${held.id}/homework`, tutor.token, { id: String(held.id) })).json()) as { students: { studentId: number }[] };
    expect(room.students.map((s) => s.studentId)).toEqual([student.id]);

    // Filed again without the unit: the homework goes; the student's answers stay theirs.
    expect((await post(reportRoute, `/api/lessons/${held.id}/report`, tutor.token, { ...report, assign: [] }, { id: String(held.id) })).status).toBe(200);
    expect(await t.db.select().from(homework).where(eq(homework.lessonId, held.id))).toHaveLength(0);
    expect((await t.db.select().from(libraryAnswers).where(eq(libraryAnswers.studentId, student.id))).length).toBeGreaterThanOrEqual(2);
    expect((await t.db.select().from(libraryProgress).where(eq(libraryProgress.studentId, student.id))).length).toBe(1);
  });

  it('a spoken answer plays only for the tutor who set the unit; a group report sets it for every student of the lesson', async () => {
    const tutor = await person('tutor');
    const other = await person('tutor');
    const a = await person('student');
    const b = await person('student', false);
    await t.db.insert(tutorApplications).values({ userId: tutor.id, status: 'approved', reviewDueAt: T0, decidedAt: T0 });
    const profile = { ...emptyProfile(), price: 6000, subjects: ['english'] as never, teachingLanguages: ['ru'] as never };
    await t.db.insert(tutorProfiles).values({ userId: tutor.id, slug: `dana-${tutor.id}`, draft: profile, published: profile, publishedAt: T0 });
    await setTeachesGroups(t.db, staff, tutor.id, true);
    const v = groupSchema.parse({ subject: 'english', level: 'A1', ageBand: 'adults', tutorId: tutor.id, weekdays: [1, 3], startTime: '18:30', durationMinutes: 60, startDate: '2025-03-10', lessons: 2, minSeats: 1, maxSeats: 6, pricePerLesson: 3500 });
    const group = await openGroup(t.db, staff, (await createGroup(t.db, staff, v, T0)).id, T0);
    for (const s of [a, b]) await t.db.insert(groupSeats).values({ groupId: group.id, studentId: s.id, status: 'paid', lessons: 2, perLessonTiyn: 350_000, amountTiyn: 700_000, coversFrom: T0, paidAt: T0 });
    const held = await lesson(tutor.id, null, { kind: 'group', groupId: group.id });
    const due = addDays(schoolDateOf(held.startsAt), 3);
    const filed = await post(reportRoute, `/api/lessons/${held.id}/report`, tutor.token, { covered: 'to be', assign: [{ course: 'english-a1', unit: 'hello', due }], students: [{ studentId: a.id, level: 'A1', marks }] }, { id: String(held.id) });
    expect(filed.status).toBe(200);
    expect(((await filed.json()) as { groupReport: { assign: unknown[] } }).groupReport.assign).toHaveLength(1);
    // Both students, the one marked and the one not.
    expect((await t.db.select({ studentId: homework.studentId }).from(homework).where(eq(homework.lessonId, held.id))).map((r) => r.studentId).sort((x, y) => x - y)).toEqual([a.id, b.id].sort((x, y) => x - y));

    // b records a spoken answer: the tutor hears it; another tutor and a guessed name get 404.
    const webm = new Uint8Array(200);
    webm.set([0x1a, 0x45, 0xdf, 0xa3]);
    const name = await storeRecording(t.db, b.id, webm);
    expect((await post(answerRoute, '/api/cabinet/study/courses/english-a1/units/hello/answers', b.token, { stepId: 'say-hello', answer: name }, { slug: 'english-a1', unit: 'hello' })).status).toBe(200);
    const play = await get(recordingRoute, `/api/cabinet/homework/recordings/${name}`, tutor.token, { name });
    expect(play.status).toBe(200);
    expect(play.headers.get('content-type')).toBe('audio/webm');
    expect((await get(recordingRoute, `/api/cabinet/homework/recordings/${name}`, other.token, { name })).status).toBe(404);
    expect((await get(recordingRoute, `/api/cabinet/homework/recordings/rec-${b.id}-nope.webm`, tutor.token, { name: `rec-${b.id}-nope.webm` })).status).toBe(404);
    expect((await get(recordingRoute, '/api/cabinet/homework/recordings/x', b.token, { name: 'x' })).status).toBe(403);
    // The tutor's right: no e-mail for a student without one, and the check stands.
    const [spoken] = await t.db.select().from(libraryAnswers).where(and(eq(libraryAnswers.studentId, b.id), eq(libraryAnswers.stepId, 'say-hello')));
    expect((await post(checkRoute, '/api/cabinet/homework/checks', tutor.token, { answerId: spoken!.id, correct: true, comment: 'Clear and confident.' })).status).toBe(200);
    const [checked] = await t.db.select().from(libraryAnswers).where(eq(libraryAnswers.id, spoken!.id));
    expect(checked).toMatchObject({ correct: true, comment: 'Clear and confident.', checkedBy: tutor.id });
    expect(await t.db.select().from(media).where(eq(media.name, name))).toHaveLength(1);
  });
  it("a tutor's full list (60 rows over 10 students and 6 units, two versions) reads as each unit's own progress, in as many queries as a short list", async () => {
    const NOW = new Date('2025-06-02T06:00:00Z');
    const today = schoolDateOf(NOW);
    let tick = 0;
    const at = () => new Date(NOW.getTime() - 60 * MIN + tick++ * 1000);
    const file = structuredClone(englishA1) as typeof englishA1;
    file.slug = 'batch';
    const { courseId } = await importCourse(t.db, 'seed', file, { now: at(), publish: true });
    const units = await t.db.select().from(libraryUnits).where(eq(libraryUnits.courseId, courseId)).orderBy(libraryUnits.position);
    expect(units).toHaveLength(6);
    const tutor = await person('tutor');
    const tutorRow = { id: tutor.id, scope: 'tutor tutor:bookable', blockedAt: null };
    const students = [];
    for (let i = 0; i < 10; i++) students.push(await person('student', false));
    // Each student their lesson and the six units, due from two days ago to two days on (some overdue).
    for (const [i, s] of students.entries()) {
      const startsAt = new Date(NOW.getTime() - (i + 2) * 60 * MIN);
      const held = await lesson(tutor.id, s.id, { startsAt, endsAt: new Date(startsAt.getTime() + 30 * MIN) });
      await replaceLessonHomework(t.db, { id: held.id, tutorId: tutor.id }, [s.id], units.map((u, j) => ({ unitId: u.id, dueOn: addDays(today, ((i + j) % 5) - 2) })), at());
    }
    // Another tutor's homework for one of them stays out of this tutor's list.
    const other = await person('tutor');
    const otherLesson = await lesson(other.id, students[0]!.id, { subject: 'kazakh' });
    await replaceLessonHomework(t.db, { id: otherLesson.id, tutorId: other.id }, [students[0]!.id], [{ unitId: units[0]!.id, dueOn: today }], at());

    // Work of five kinds, by (student, unit): none; a choice right and one wrong; a writing waiting; a writing sent back; done.
    for (const [i, s] of students.entries()) {
      for (const [j, u] of units.entries()) {
        const kind = (i * 7 + j) % 5;
        if (kind === 0) continue;
        const steps = file.units[j]!.steps;
        const choices = steps.filter((x) => x.kind === 'choice') as { id: string; answer: number }[];
        const writing = steps.find((x) => x.kind === 'writing')!;
        await answerStep(t.db, s.id, u.id, choices[0]!.id, choices[0]!.answer, at());
        if (kind === 1) await answerStep(t.db, s.id, u.id, choices[1]!.id, choices[1]!.answer + 1, at());
        if (kind === 2 || kind === 3) await answerStep(t.db, s.id, u.id, writing.id, `Written by ${i} in ${j}.`, at());
        if (kind === 3) {
          const [a] = await t.db.select().from(libraryAnswers).where(and(eq(libraryAnswers.studentId, s.id), eq(libraryAnswers.unitId, u.id), eq(libraryAnswers.stepId, writing.id)));
          await checkHomeworkAnswer(t.db, tutorRow, { answerId: a!.id, correct: false, comment: `Again, ${i}.` }, at());
        }
        if (kind === 4) await t.db.update(libraryProgress).set({ completedAt: at() }).where(and(eq(libraryProgress.studentId, s.id), eq(libraryProgress.unitId, u.id)));
      }
    }
    // The first unit gets a second version (a step less, a new title): who started it stays on the first, one moves up, the rest get the second.
    const first = file.units[0]!;
    first.steps = first.steps.filter((x) => x.id !== 'be-tom');
    first.title = { ru: 'Привет (2)', kk: 'Сәлем (2)', en: 'Hello (2)' };
    await importCourse(t.db, 'seed', file, { now: at() });
    await publishCourseVersions(t.db, courseId, null, at());
    const mover = students.find((_, i) => (i * 7) % 5 !== 0)!;
    await upgradeProgress(t.db, mover.id, units[0]!.id, at());

    const client = (t.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
    const queries = vi.spyOn(client, 'query');
    const short = await tutorHomework(t.db, tutorRow, NOW, { studentIds: [students[1]!.id] });
    const shortQueries = queries.mock.calls.length;
    queries.mockClear();
    const list = await tutorHomework(t.db, tutorRow, NOW);
    const fullQueries = queries.mock.calls.length;
    queries.mockRestore();
    // Batched: a list of 60 rows asks no more than a list of 6.
    expect(short.students.flatMap((x) => x.items)).toHaveLength(6);
    expect(fullQueries).toBe(shortQueries);

    const items = list.students.flatMap((x) => x.items);
    expect(items).toHaveLength(HOMEWORK_LIST_LIMIT);
    expect(list.students.map((x) => x.studentId).sort((a, b) => a - b)).toEqual(students.map((s) => s.id).sort((a, b) => a - b));
    for (const item of items) {
      const i = students.findIndex((s) => s.id === item.studentId);
      const j = units.findIndex((u) => u.key === item.unit);
      const kind = (i * 7 + j) % 5;
      // The unit's own progress, read for the pair alone, is what the list says.
      const own = (await unitProgress(t.db, item.studentId, units[j]!.id))!;
      expect(item, `${i}/${j}`).toMatchObject({ course: 'batch', done: own.done.length, total: own.total, due: addDays(today, ((i + j) % 5) - 2) });
      expect(item.title.en).toBe(j === 0 ? 'Hello (2)' : file.units[j]!.title.en);
      const status = kind === 4 ? 'done' : item.due < today ? 'overdue' : kind === 0 ? 'todo' : 'started';
      expect(item.status, `${i}/${j}`).toBe(status);
      expect([item.right, item.wrong, item.waiting], `${i}/${j}`).toEqual([[0, 0, 0], [1, 1, 0], [1, 0, 1], [1, 1, 0], [1, 0, 0]][kind]);
      expect(item.written.map((w) => [w.answer, w.check?.comment ?? null])).toEqual(kind === 2 ? [[`Written by ${i} in ${j}.`, null]] : kind === 3 ? [[`Written by ${i} in ${j}.`, `Again, ${i}.`]] : []);
      // Who started the first unit works on its first version (13 exercises); the one moved up and those not started, the second (12).
      if (j === 0) expect(item.total).toBe(kind !== 0 && students[i] !== mover ? 13 : 12);
    }
    // The student's own list says the same of their units (and adds the other tutor's).
    const mine = await studentHomework(t.db, students[0]!.id, NOW);
    expect(mine.items).toHaveLength(7);
    for (const item of mine.items.filter((x) => x.lessonId !== otherLesson.id)) {
      const { tutor: from, ...rest } = item;
      expect(from).toBe('Дана С.');
      expect(rest).toEqual(items.find((x) => x.id === item.id));
    }
  });
});
