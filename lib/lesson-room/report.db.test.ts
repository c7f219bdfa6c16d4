import { eq } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import { openSession } from '@/lib/auth/http';
import { lessonAttendanceCorrections, lessonReports, lessons } from '@/lib/db/schema';
import { dbLabel, insertTestUser, useTestDb } from '@/test/db';
import { call } from '@/test/staff';
import { POST as reportRoute } from '@/app/api/lessons/[id]/report/route';
import { GET as recordRoute } from '@/app/api/lessons/[id]/record/route';
import { GET as progressRoute } from '@/app/api/cabinet/progress/route';
import { POST as markRoute } from '@/app/api/lessons/[id]/mark/route';
import { appendEvent } from './events';
import type { ReportLevel } from '@/lib/validations/lesson-report';
import { REPORT_EDIT_HOURS, fileReport, studentProgress } from './report';

const MIN = 60_000;
let n = 300;
const phone = () => `+7701${String(20_000_000 + n++).slice(1)}`;

function req(path: string, opts: { body?: unknown; token?: string; locale?: string } = {}) {
  const headers = new Headers({ 'accept-language': opts.locale ?? 'ru', 'x-forwarded-for': `10.8.${n & 255}.${(n * 3) & 255}`, origin: 'http://localhost' });
  if (opts.body !== undefined) headers.set('content-type', 'application/json');
  if (opts.token) headers.set('authorization', `Bearer ${opts.token}`);
  return new NextRequest(`http://localhost${path}`, { method: opts.body === undefined ? 'GET' : 'POST', headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) });
}
type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

const report = (level: ReportLevel = 'A2') => ({ covered: 'Present Simple, числа до 100', homework: 'Упражнение 3 на с. 12', level, marks: { speaking: 3, listening: 4, reading: 4, writing: 2, grammar: 3 } });

describe(`the lesson report, the record and the attendance correction (${dbLabel()})`, () => {
  const t = useTestDb({ asAppDb: true });

  async function person(role: 'student' | 'tutor') {
    const scope = role === 'tutor' ? 'tutor tutor:bookable' : 'student';
    const id = await insertTestUser(t.db, { role, scope, phone: phone(), email: `report${n}@example.kz`, name: role === 'tutor' ? 'Дана' : 'Айгерім', lastname: 'Серікова' });
    const { accessToken } = await openSession(t.db, { id, scope });
    return { id, token: accessToken, role };
  }
  async function lesson(tutorId: number, studentId: number, startsIn: number, status: 'booked' | 'held' | 'cancelled' | 'not_held' = 'booked', subject = 'english') {
    const startsAt = new Date(Date.now() + startsIn);
    const [row] = await t.db
      .insert(lessons)
      .values({ tutorId, studentId, subject, status, startsAt, endsAt: new Date(startsAt.getTime() + 30 * MIN) })
      .returning();
    return row!;
  }

  it('only the lesson’s tutor files a report, after the start, editable for a while; the student sees only their own', async () => {
    const tutor = await person('tutor');
    const other = await person('tutor');
    const student = await person('student');
    const stranger = await person('student');
    const started = await lesson(tutor.id, student.id, -10 * MIN, 'held');
    const future = await lesson(tutor.id, student.id, 3 * 24 * 60 * MIN, 'booked', 'kazakh');

    // The student, another tutor and a stranger may not file; before the start nobody may.
    const post = (who: { token: string }, id: number, body: unknown, locale = 'ru') => call(reportRoute, req(`/api/lessons/${id}/report`, { body, token: who.token, locale }), { id: String(id) });
    expect((await post(student, started.id, report())).status).toBe(403);
    expect((await post(other, started.id, report())).status).toBe(403);
    const refused = await post(stranger, started.id, report(), 'kk');
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as ErrorBody).error.message).toMatch(/[әіңғүұқөһ]/);
    const early = await post(tutor, future.id, report());
    expect(early.status).toBe(409);
    // Bad input: a clear 422 in the caller's language, nothing stored.
    const bad = await post(tutor, started.id, { ...report(), level: 'Z9', marks: { speaking: 7 } }, 'en');
    expect(bad.status).toBe(422);
    const badBody = (await bad.json()) as ErrorBody;
    expect(Object.keys(badBody.error.fields ?? {})).toEqual(expect.arrayContaining(['level']));
    expect((await post(tutor, started.id, { ...report(), covered: '   ' })).status).toBe(422);
    expect(await t.db.select().from(lessonReports)).toHaveLength(0);

    const ok = await post(tutor, started.id, report('A2'));
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { report: { level: string; editable: boolean } }).report).toMatchObject({ level: 'A2', editable: true });
    // Edited within the window; locked after it.
    expect(await fileReport(t.db, tutor, started.id, { ...report('B1'), homework: '' }, new Date(Date.now() + MIN))).toMatchObject({ level: 'B1', homework: '' });
    await expect(fileReport(t.db, tutor, started.id, report('B2'), new Date(Date.now() + (REPORT_EDIT_HOURS + 1) * 3_600_000))).rejects.toMatchObject({ status: 409, code: 'report_locked' });
    const [stored] = await t.db.select().from(lessonReports).where(eq(lessonReports.lessonId, started.id));
    expect(stored).toMatchObject({ level: 'B1', studentId: student.id, tutorId: tutor.id });

    // The student's progress: their own reports only, oldest first; a stranger's list is empty; a tutor has none.
    const second = await lesson(tutor.id, student.id, -2 * 24 * 60 * MIN, 'held', 'russian');
    await fileReport(t.db, tutor, second.id, report('A1'));
    const mine = await call(progressRoute, req('/api/cabinet/progress', { token: student.token }));
    const body = (await mine.json()) as { student: boolean; reports: { level: string; lesson: { id: number } }[] };
    expect(body.reports.map((r) => [r.lesson.id, r.level])).toEqual([
      [second.id, 'A1'],
      [started.id, 'B1'],
    ]);
    expect(await studentProgress(t.db, { id: stranger.id, role: 'student' })).toEqual({ student: true, reports: [] });
    expect(await studentProgress(t.db, { id: tutor.id, role: 'tutor' })).toEqual({ student: false, reports: [] });
  });

  it('the record (chat with times, notes, words, board, report) is for the lesson’s two sides only', async () => {
    const tutor = await person('tutor');
    const student = await person('student');
    const stranger = await person('student');
    const l = await lesson(tutor.id, student.id, -40 * MIN, 'held');
    await appendEvent(t.db, l, 'student', { kind: 'chat', payload: { text: 'Здравствуйте! https://example.kz' } });
    await appendEvent(t.db, l, 'tutor', { kind: 'notes', payload: { text: 'первая версия' } });
    await appendEvent(t.db, l, 'tutor', { kind: 'notes', payload: { text: 'итог урока' } });
    await appendEvent(t.db, l, 'tutor', { kind: 'vocab', payload: { word: 'кітап', translation: 'книга' } });
    await appendEvent(t.db, l, 'tutor', { kind: 'board', payload: { elements: [{ id: 'a', version: 1 }, { id: 'b', version: 1 }] } });
    await appendEvent(t.db, l, 'student', { kind: 'board', payload: { elements: [{ id: 'a', version: 3, x: 5 }, { id: 'b', version: 2, isDeleted: true }] } });
    // The tutor's image on the board, and one nobody placed (left out of the record).
    const image = { id: 'img-0001', mimeType: 'image/png' as const, dataURL: 'data:image/png;base64,iVBORw0KGgo=', created: 1 };
    await appendEvent(t.db, l, 'tutor', { kind: 'board', payload: { files: [image, { ...image, id: 'img-unused' }] } });
    await appendEvent(t.db, l, 'tutor', { kind: 'board', payload: { elements: [{ id: 'pic', version: 1, type: 'image', fileId: 'img-0001' }] } });
    await appendEvent(t.db, l, 'tutor', { kind: 'signal', payload: { hello: true } });
    await fileReport(t.db, tutor, l.id, report('B1'));

    const get = (who: { token: string }, locale = 'ru') => call(recordRoute, req(`/api/lessons/${l.id}/record`, { token: who.token, locale }), { id: String(l.id) });
    const refused = await get(stranger, 'en');
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as ErrorBody).error.code).toBe('room_forbidden');
    for (const who of [student, tutor]) {
      const res = await get(who);
      expect(res.status).toBe(200);
      const rec = (await res.json()) as Record<string, unknown>;
      expect(rec).toMatchObject({
        chat: [{ side: 'student', text: 'Здравствуйте! https://example.kz' }],
        notes: { text: 'итог урока' },
        words: [{ word: 'кітап', translation: 'книга' }],
        board: { elements: [{ id: 'a', version: 3, x: 5 }, { id: 'pic', fileId: 'img-0001' }], files: [image] },
        report: { level: 'B1' },
        canReport: who === tutor,
      });
      expect(typeof (rec.chat as { at: string }[])[0]!.at).toBe('string');
    }
    const cancelled = await lesson(tutor.id, student.id, -24 * 60 * MIN, 'cancelled', 'kazakh');
    expect((await call(recordRoute, req(`/api/lessons/${cancelled.id}/record`, { token: student.token }), { id: String(cancelled.id) })).status).toBe(409);
  });

  it('a tutor’s mark is a correction that needs a reason, kept with who and when; the facts stay', async () => {
    const tutor = await person('tutor');
    const student = await person('student');
    const l = await lesson(tutor.id, student.id, -60 * MIN);
    await t.db.update(lessons).set({ status: 'not_held', factStatus: 'not_held', factNoShow: 'student', noShow: 'student' }).where(eq(lessons.id, l.id));
    const mark = (body: unknown, locale = 'ru', who = tutor) => call(markRoute, req(`/api/lessons/${l.id}/mark`, { body, token: who.token, locale }), { id: String(l.id) });
    const noReason = await mark({ outcome: 'held' }, 'kk');
    expect(noReason.status).toBe(422);
    expect(((await noReason.json()) as ErrorBody).error.fields).toHaveProperty('reason');
    expect((await mark({ outcome: 'held', reason: '  ' })).status).toBe(422);
    expect((await mark({ outcome: 'held', reason: 'Урок прошёл по телефону' }, 'ru', student)).status).toBe(404);
    expect(await t.db.select().from(lessonAttendanceCorrections)).toHaveLength(0);

    const ok = await mark({ outcome: 'held', reason: 'Урок прошёл по телефону: у ученика не работала камера' });
    expect(ok.status).toBe(200);
    const [row] = await t.db.select().from(lessons).where(eq(lessons.id, l.id));
    expect(row).toMatchObject({ status: 'held', noShow: null, factStatus: 'not_held', factNoShow: 'student' });
    const corrections = await t.db.select().from(lessonAttendanceCorrections).where(eq(lessonAttendanceCorrections.lessonId, l.id));
    expect(corrections).toMatchObject([{ byUserId: tutor.id, fromStatus: 'not_held', status: 'held', reason: 'Урок прошёл по телефону: у ученика не работала камера' }]);
    expect(corrections[0]!.createdAt).toBeInstanceOf(Date);
  });
});
