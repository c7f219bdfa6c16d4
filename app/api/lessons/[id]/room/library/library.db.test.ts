import { eq } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { openSession } from '@/lib/auth/http';
import { lessons, libraryCourses, libraryUnits } from '@/lib/db/schema';
import { publicStep } from '@/lib/library/check';
import { importCourse } from '@/lib/library/courses';
import { stepSchema } from '@/lib/library/format';
import { seedLibrary, STARTER_COURSES } from '@/lib/library/starter';
import { dbLabel, insertTestUser, useTestDb } from '@/test/db';
import { call } from '@/test/staff';
import { GET } from './[slug]/[unit]/route';

type Starter = { slug: string; units: { id: string; steps: unknown[] }[] };
type ErrorBody = { error: { code: string; message: string } };
const KEY_FIELDS = ['answer', 'accept', 'transcript', 'pairs'];

/** Every key of every object in a JSON value, however deep. */
const keysOf = (v: unknown): string[] => (v && typeof v === 'object' ? Object.entries(v).flatMap(([k, child]) => [...(Array.isArray(v) ? [] : [k]), ...keysOf(child)]) : []);

/** The board's library (docs/library.md "The board"): a published unit as students get it, for the lesson's tutor only. */
describe(`the lesson room's library for the board (${dbLabel()})`, () => {
  const t = useTestDb({ asAppDb: true });
  const now = new Date('2026-03-02T06:00:00Z');
  let n = 0;
  const person = async (role: 'student' | 'tutor', locale = 'ru') => {
    const scope = role === 'tutor' ? 'tutor tutor:bookable' : 'student';
    const id = await insertTestUser(t.db, { role, scope, locale, phone: `+7701556${String(4000 + n++)}` });
    return { id, token: (await openSession(t.db, { id, scope })).accessToken };
  };
  let lessonId = 0;
  let tutor = { id: 0, token: '' };
  let student = { id: 0, token: '' };

  const get = (id: string, slug: string, unit: string, token?: string, locale = 'en') =>
    call(
      GET,
      new NextRequest(`http://localhost/api/lessons/${id}/room/library/${slug}/${unit}`, { headers: { 'accept-language': locale, ...(token ? { authorization: `Bearer ${token}` } : {}) } }),
      { id, slug, unit },
    );

  beforeAll(async () => {
    await seedLibrary(t.db, now);
    tutor = await person('tutor');
    student = await person('student', 'kk');
    // A lesson long over: the tutor may prepare the board before it and look again after it.
    const [row] = await t.db
      .insert(lessons)
      .values({ tutorId: tutor.id, studentId: student.id, subject: 'english', status: 'held', startsAt: new Date('2026-02-02T09:00:00Z'), endsAt: new Date('2026-02-02T09:50:00Z') })
      .returning({ id: lessons.id });
    lessonId = row!.id;
  });

  it('gives the lesson\'s tutor every starter unit as students get it: every step through publicStep, no key anywhere, and the student\'s language', async () => {
    for (const course of STARTER_COURSES as Starter[]) {
      for (const unit of course.units) {
        const res = await get(String(lessonId), course.slug, unit.id, tutor.token);
        expect(res.status, `${course.slug}/${unit.id}`).toBe(200);
        const text = await res.text();
        const body = JSON.parse(text) as { lang: string; course: { slug: string }; unit: { key: string; title: Record<string, string> }; steps: { id: string }[] };
        expect(body).toMatchObject({ lang: 'kk', course: { slug: course.slug }, unit: { key: unit.id } });
        expect(body.unit.title.kk).toBeTruthy();
        expect(body.steps).toEqual(unit.steps.map((s) => JSON.parse(JSON.stringify(publicStep(stepSchema.parse(s))))));
        for (const field of KEY_FIELDS) expect(keysOf(body), `${course.slug}/${unit.id}: ${field}`).not.toContain(field);
        expect(text).not.toMatch(/"(answer|accept|transcript|pairs)":/);
        // A word order's sentence comes only as its words, scrambled.
        for (const s of unit.steps as { kind: string; answer?: unknown }[]) if (s.kind === 'order') expect(text).not.toContain(JSON.stringify(s.answer));
      }
    }
  });

  it('refuses the lesson\'s student (the board\'s library is the tutor\'s) and a stranger with 403, a caller without a session with 401', async () => {
    const mine = await get(String(lessonId), 'english-a1', 'hello', student.token, 'kk');
    expect(mine.status).toBe(403);
    const body = (await mine.json()) as ErrorBody;
    expect(body.error.code).toBe('room_library_tutor_only');
    expect(body.error.message).toMatch(/тек сабақтың репетиторы/);
    const stranger = await person('tutor');
    const other = await get(String(lessonId), 'english-a1', 'hello', stranger.token);
    expect(other.status).toBe(403);
    expect(((await other.json()) as ErrorBody).error.code).toBe('room_forbidden');
    expect((await get(String(lessonId), 'english-a1', 'hello')).status).toBe(401);
    // A lesson that does not exist looks the same as someone else's.
    expect((await get('999999', 'english-a1', 'hello', tutor.token)).status).toBe(403);
  });

  it('answers 404 for a course not published, a unit never published, an archived unit, a missing one, and malformed ids', async () => {
    const file = structuredClone(STARTER_COURSES[0]) as Starter & Record<string, unknown>;
    // A draft course (a school's import stays a draft until reviewed).
    await importCourse(t.db, 'seed', { ...file, slug: 'draft-course' }, { now });
    expect((await get(String(lessonId), 'draft-course', 'hello', tutor.token)).status).toBe(404);
    // A published course with a unit added since, not yet published.
    const extra = { ...file.units[0]!, id: 'extra-unit' };
    await importCourse(t.db, 'seed', { ...file, units: [...file.units, extra] }, { now });
    expect((await get(String(lessonId), 'english-a1', 'extra-unit', tutor.token)).status).toBe(404);
    // An archived unit.
    const [course] = await t.db.select({ id: libraryCourses.id }).from(libraryCourses).where(eq(libraryCourses.slug, 'kazakh-a1'));
    const [unit] = await t.db.select({ id: libraryUnits.id, key: libraryUnits.key }).from(libraryUnits).where(eq(libraryUnits.courseId, course!.id)).limit(1);
    await t.db.update(libraryUnits).set({ archivedAt: now }).where(eq(libraryUnits.id, unit!.id));
    expect((await get(String(lessonId), 'kazakh-a1', unit!.key, tutor.token)).status).toBe(404);
    expect((await get(String(lessonId), 'english-a1', 'no-such-unit', tutor.token)).status).toBe(404);
    expect((await get(String(lessonId), 'no-such-course', 'hello', tutor.token)).status).toBe(404);
    for (const [id, slug, key] of [
      ['abc', 'english-a1', 'hello'],
      ['0', 'english-a1', 'hello'],
      ['-1', 'english-a1', 'hello'],
      [String(lessonId), 'NOPE!', 'hello'],
      [String(lessonId), 'english-a1', '../hello'],
      [String(lessonId), 'english-a1', 'x'.repeat(300)],
    ]) {
      const res = await get(id!, slug!, key!, tutor.token);
      expect(res.status, `${id} ${slug} ${key}`).toBe(404);
      expect(((await res.json()) as ErrorBody).error.code).toBe('not_found');
    }
  });
});
