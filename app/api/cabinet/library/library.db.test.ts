import { NextRequest } from 'next/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { openSession } from '@/lib/auth/http';
import { seedLibrary } from '@/lib/library/starter';
import { dbLabel, insertTestUser, useTestDb } from '@/test/db';
import { call } from '@/test/staff';
import { GET as list } from './route';
import { GET as course } from './[slug]/route';
import { GET as unit } from './[slug]/[unit]/route';

function req(token: string, path: string, locale = 'en') {
  return new NextRequest(`http://localhost${path}`, { headers: { authorization: `Bearer ${token}`, 'accept-language': locale } });
}

/** The tutor's library (issue 34): the published courses, a course's units, a unit with each exercise's key; a tutor's only. */
describe(`the tutor's library (${dbLabel()})`, () => {
  const t = useTestDb({ asAppDb: true });
  let tutor = '';
  let student = '';
  beforeAll(async () => {
    await seedLibrary(t.db, new Date('2026-03-02T06:00:00Z'));
    const session = async (phone: string, scope: string, role: 'student' | 'tutor') => {
      const id = await insertTestUser(t.db, { phone, role, scope });
      return (await openSession(t.db, { id, scope })).accessToken;
    };
    tutor = await session('+77015554101', 'tutor', 'tutor');
    student = await session('+77015554102', 'student', 'student');
  });

  it('a tutor lists the courses by subject and level, opens a course and a unit: every step as students get it, each exercise with its key', async () => {
    const all = (await (await call(list, req(tutor, '/api/cabinet/library'))).json()) as { courses: { slug: string; subject: string; units: number }[] };
    expect(all.courses.map((c) => c.subject).sort()).toEqual(['english', 'english', 'english', 'kazakh', 'kazakh']);
    const kazakh = (await (await call(list, req(tutor, '/api/cabinet/library?subject=kazakh&level=A1'))).json()) as { courses: { slug: string; units: number }[] };
    expect(kazakh.courses).toEqual([expect.objectContaining({ slug: 'kazakh-a1', units: 6 })]);
    const a2 = (await (await call(list, req(tutor, '/api/cabinet/library?subject=kazakh&level=A2'))).json()) as { courses: { slug: string; units: number }[] };
    expect(a2.courses).toEqual([expect.objectContaining({ slug: 'kazakh-a2', units: 6 })]);
    const c = (await (await call(course, req(tutor, '/api/cabinet/library/english-a1'), { slug: 'english-a1' })).json()) as { units: { key: string }[] };
    expect(c.units).toHaveLength(6);
    const res = await call(unit, req(tutor, `/api/cabinet/library/english-a1/${c.units[0]!.key}`), { slug: 'english-a1', unit: c.units[0]!.key });
    expect(res.status).toBe(200);
    const u = (await res.json()) as { steps: { step: Record<string, unknown>; key: { key?: unknown } | null }[] };
    const exercises = u.steps.filter((s) => s.key !== null);
    expect(exercises.length).toBeGreaterThan(5);
    // The step itself is a student's (no key fields); the key is beside it.
    for (const s of u.steps) for (const f of ['answer', 'accept', 'transcript', 'pairs']) expect(s.step).not.toHaveProperty(f);
    expect(exercises.some((s) => s.key?.key !== undefined)).toBe(true);
  });

  it('a student, a bad filter and an unknown course are refused: 403, 422 in the caller’s language, 404', async () => {
    expect((await call(list, req(student, '/api/cabinet/library'))).status).toBe(403);
    expect((await call(unit, req(student, '/api/cabinet/library/english-a1/hello'), { slug: 'english-a1', unit: 'hello' })).status).toBe(403);
    const bad = await call(list, req(tutor, '/api/cabinet/library?subject=french', 'kk'));
    expect(bad.status).toBe(422);
    expect(((await bad.json()) as { error: { fields: Record<string, string> } }).error.fields.subject).toBeTruthy();
    expect((await call(course, req(tutor, '/api/cabinet/library/no-such-course'), { slug: 'no-such-course' })).status).toBe(404);
    expect((await call(unit, req(tutor, '/api/cabinet/library/english-a1/NOPE!'), { slug: 'english-a1', unit: 'NOPE!' })).status).toBe(404);
  });
});
