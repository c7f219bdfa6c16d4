import { and, count, eq } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import englishA1 from '@/content/library/english-a1.json';
import { openSession } from '@/lib/auth/http';
import type { OpenDb } from '@/lib/db/open';
import { auditLog, libraryCourses, libraryUnits, libraryUnitVersions, media } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import * as audioRoute from '@/app/api/media/audio/[file]/route';
import * as imageRoute from '@/app/api/media/images/[file]/route';
import type { Unit } from '@/lib/library/format';
import { answerStep, unitProgress, upgradeProgress } from '@/lib/library/progress';
import { createTestDb, dbLabel, insertTestUser, setAppDb } from '@/test/db';
import { call, enrolledStaff, staffRequest } from '@/test/staff';

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };
type Handlers = Record<string, unknown>;

const L = (ru: string, kk: string, en: string) => ({ ru, kk, en });
const prompt = L('Выберите ответ.', 'Жауапты таңдаңыз.', 'Choose the answer.');
const COURSE = {
  slug: 'authoring-a1',
  subject: 'english',
  level: 'A1',
  ageBand: 'adults',
  title: L('Английский: проба', 'Ағылшын тілі: сынама', 'English: a try'),
  description: L('Курс для теста.', 'Тестке арналған курс.', 'A course for the test.'),
};
const UNIT: Unit = {
  id: 'hello',
  title: L('Привет', 'Сәлем', 'Hello'),
  steps: [
    { kind: 'choice', id: 'be-i', prompt, question: 'I ___ a student.', options: ['am', 'is', 'are'], answer: 0 },
    { kind: 'gap', id: 'my-name', prompt, text: 'My ___ is Timur.', answer: [['name']] },
    { kind: 'writing', id: 'about-me', prompt, task: 'Introduce yourself.', minWords: 10 },
  ],
};

describe(`authoring in the back office: courses, units, review, import (${dbLabel()})`, () => {
  let t: OpenDb;
  let db: Db;
  const h: Record<string, Handlers> = {};
  let author: Awaited<ReturnType<typeof enrolledStaff>>;
  let second: Awaited<ReturnType<typeof enrolledStaff>>;
  let courseId = 0;
  let unitId = 0;

  beforeAll(async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    t = await createTestDb();
    setAppDb(t);
    db = t.db;
    h.courses = await import('./courses/route');
    h.course = await import('./courses/[id]/route');
    h.units = await import('./courses/[id]/units/route');
    h.order = await import('./courses/[id]/units/order/route');
    h.submit = await import('./courses/[id]/submit/route');
    h.publish = await import('./courses/[id]/publish/route');
    h.export = await import('./courses/[id]/export/route');
    h.unit = await import('./units/[id]/route');
    h.archive = await import('./units/[id]/archive/route');
    h.import = await import('./import/route');
    h.audio = await import('./audio/route');
    h.images = await import('./images/route');
    author = await enrolledStaff(db, { email: 'method1@school.kz', name: 'Айжан Нұрланқызы', scopes: ['methodologist'] });
    second = await enrolledStaff(db, { email: 'method2@school.kz', name: 'Ерлан Сәрсенов', scopes: ['methodologist'] });
  });
  afterAll(() => t.close());

  const send = (handler: unknown, path: string, opts: { method?: string; body?: unknown; cookie?: string; locale?: string }, params: Record<string, string> = {}) =>
    call(handler, staffRequest(path, { ...opts, cookie: opts.cookie ?? author.cookie }), params);
  const json = async <T = Record<string, unknown>>(res: Response) => (await res.json()) as T;

  it('a methodologist creates a course and a unit, edits and reorders, and sends it to review; all of it audited', async () => {
    const created = await send(h.courses!.POST, '/api/admin/library/courses', { body: COURSE });
    expect(created.status).toBe(201);
    courseId = (await json<{ course: { id: number } }>(created)).course.id;

    const added = await send(h.units!.POST, `/api/admin/library/courses/${courseId}/units`, { body: { unit: UNIT } }, { id: String(courseId) });
    expect(added.status).toBe(201);
    unitId = (await json<{ unit: { id: number } }>(added)).unit.id;
    const second = { ...UNIT, id: 'family', title: L('Семья', 'Отбасы', 'Family') };
    expect((await send(h.units!.POST, `/api/admin/library/courses/${courseId}/units`, { body: { unit: second } }, { id: String(courseId) })).status).toBe(201);

    // Editing a draft changes it in place: still version 1.
    const edited = await send(h.unit!.PUT, `/api/admin/library/units/${unitId}`, { method: 'PUT', body: { unit: { ...UNIT, title: L('Привет!', 'Сәлем!', 'Hello!') } } }, { id: String(unitId) });
    expect(await json(edited)).toEqual({ outcome: 'edited', version: 1 });

    const order = await send(h.order!.PUT, `/api/admin/library/courses/${courseId}/units/order`, { method: 'PUT', body: { keys: ['family', 'hello'] } }, { id: String(courseId) });
    expect(order.status).toBe(200);
    const list = await json<{ courses: { slug: string; units: number; status: string }[] }>(await send(h.courses!.GET, '/api/admin/library/courses?status=draft', {}));
    expect(list.courses).toEqual([expect.objectContaining({ slug: 'authoring-a1', units: 2, status: 'draft' })]);

    const submitted = await send(h.submit!.POST, `/api/admin/library/courses/${courseId}/submit`, { body: {} }, { id: String(courseId) });
    expect(await json(submitted)).toEqual({ status: 'review' });
    const actions = (await db.select({ action: auditLog.action, actorId: auditLog.actorId }).from(auditLog).where(and(eq(auditLog.entity, 'library'), eq(auditLog.entityId, String(courseId))))).map((r) => r.action);
    expect(actions.sort()).toEqual(['library.create', 'library.submit', 'library.unit_add', 'library.unit_add', 'library.unit_edit', 'library.unit_order'].sort());
  });

  it('the author cannot publish it (403 with a clear message); a second methodologist publishes it', async () => {
    const own = await send(h.publish!.POST, `/api/admin/library/courses/${courseId}/publish`, { body: {}, locale: 'en' }, { id: String(courseId) });
    expect(own.status).toBe(403);
    expect((await json<ErrorBody>(own)).error).toEqual({ code: 'library_own_review', message: expect.stringMatching(/second methodologist/) });
    const ownKk = await send(h.publish!.POST, `/api/admin/library/courses/${courseId}/publish`, { body: {}, locale: 'kk' }, { id: String(courseId) });
    expect((await json<ErrorBody>(ownKk)).error.message).toMatch(/екінші әдіскер/);

    const ok = await send(h.publish!.POST, `/api/admin/library/courses/${courseId}/publish`, { body: {}, cookie: second.cookie }, { id: String(courseId) });
    expect(await json(ok)).toEqual({ status: 'published' });
    const [course] = await db.select().from(libraryCourses).where(eq(libraryCourses.id, courseId));
    expect(course).toMatchObject({ status: 'published', reviewerId: second.id, authorId: author.id, submittedBy: null });
    const [line] = await db.select().from(auditLog).where(eq(auditLog.action, 'library.publish'));
    expect(line).toMatchObject({ actorId: second.id, entityId: String(courseId), after: { submittedBy: author.id } });
    // Nothing waits now: publishing again is refused.
    expect((await send(h.publish!.POST, `/api/admin/library/courses/${courseId}/publish`, { body: {}, cookie: second.cookie }, { id: String(courseId) })).status).toBe(409);
  });

  it('editing a published unit makes version 2; a student stays on version 1 until the review publishes it, and keeps their progress', async () => {
    const student = await insertTestUser(db, { phone: '+77010003401' });
    const now = new Date();
    expect(await answerStep(db, student, unitId, 'be-i', 0, now)).toMatchObject({ correct: true });

    // The second methodologist changes the unit: a typo in the gap, and a new writing task.
    const v2 = { ...UNIT, steps: [UNIT.steps[0]!, { ...UNIT.steps[1]!, text: 'My ___ is Timur!' }, { kind: 'speaking', id: 'say-hi', prompt, task: 'Say hello.' }] } as Unit;
    const saved = await send(h.unit!.PUT, `/api/admin/library/units/${unitId}`, { method: 'PUT', body: { unit: v2 }, cookie: second.cookie }, { id: String(unitId) });
    expect(await json(saved)).toEqual({ outcome: 'new_version', version: 2 });
    expect((await unitProgress(db, student, unitId))!).toMatchObject({ version: 1, upgradeAvailable: false });

    // The editor sends it; they cannot publish their own change; the author of the course can.
    expect((await send(h.submit!.POST, `/api/admin/library/courses/${courseId}/submit`, { body: {}, cookie: second.cookie }, { id: String(courseId) })).status).toBe(200);
    const waiting = await json<{ courses: { id: number; status: string }[] }>(await send(h.courses!.GET, '/api/admin/library/courses?status=review', {}));
    expect(waiting.courses).toEqual([expect.objectContaining({ id: courseId, status: 'published' })]);
    expect((await send(h.publish!.POST, `/api/admin/library/courses/${courseId}/publish`, { body: {}, cookie: second.cookie }, { id: String(courseId) })).status).toBe(403);
    expect((await send(h.publish!.POST, `/api/admin/library/courses/${courseId}/publish`, { body: {} }, { id: String(courseId) })).status).toBe(200);

    const offered = (await unitProgress(db, student, unitId))!;
    expect(offered).toMatchObject({ version: 1, upgradeAvailable: true, done: ['be-i'] });
    const moved = (await upgradeProgress(db, student, unitId, new Date()))!;
    expect(moved).toMatchObject({ version: 2, upgradeAvailable: false, done: ['be-i'], total: 3 });
  });

  it("a published course's edited fields wait for review: students and tutors keep the published ones until a second methodologist publishes them", async () => {
    const renamed = { ...COURSE, title: L('Английский: первые шаги', 'Ағылшын тілі: алғашқы қадамдар', 'English: first steps'), level: 'A2' };
    const put = (body: unknown, cookie?: string) => send(h.course!.PUT, `/api/admin/library/courses/${courseId}`, { method: 'PUT', body, cookie }, { id: String(courseId) });
    const row = async () => (await db.select().from(libraryCourses).where(eq(libraryCourses.id, courseId)))[0]!;
    const page = async () => json<{ pending: boolean; unitsPending: boolean }>(await send(h.course!.GET, `/api/admin/library/courses/${courseId}`, {}, { id: String(courseId) }));

    expect(await json(await put(renamed, second.cookie))).toEqual({ course: { id: courseId, pending: true } });
    // What every reader of the catalogue takes (the row's own fields) is still the published course.
    expect(await row()).toMatchObject({ title: COURSE.title, level: 'A1', status: 'published', pendingFields: { fields: { title: renamed.title, level: 'A2' }, by: [second.id] } });
    expect(await page()).toMatchObject({ pending: true, unitsPending: false });
    // The export is the course's latest: the fields that wait, like each unit's latest version.
    const file = JSON.parse(await (await send(h.export!.GET, `/api/admin/library/courses/${courseId}/export`, {}, { id: String(courseId) })).text()) as { title: unknown; level: string };
    expect(file).toMatchObject({ title: renamed.title, level: 'A2' });
    // The published fields saved again: nothing waits any more.
    expect(await json(await put(COURSE, second.cookie))).toEqual({ course: { id: courseId, pending: false } });
    expect((await row()).pendingFields).toBeNull();
    expect(await page()).toMatchObject({ pending: false });

    // Renamed again by the author, sent by the second: the one who wrote the fields cannot publish them
    // (nor the one who sent them); a third methodologist does.
    await put(renamed);
    // The second's save carries the author's edit too: both wrote what waits.
    const both = { ...renamed, description: L('Курс для теста, обновлён.', 'Тестке арналған курс, жаңартылды.', 'A course for the test, updated.') };
    await put(both, second.cookie);
    expect((await row()).pendingFields!.by.sort()).toEqual([author.id, second.id].sort());
    expect((await send(h.submit!.POST, `/api/admin/library/courses/${courseId}/submit`, { body: {}, cookie: second.cookie }, { id: String(courseId) })).status).toBe(200);
    const own = await send(h.publish!.POST, `/api/admin/library/courses/${courseId}/publish`, { body: {} }, { id: String(courseId) });
    expect(own.status).toBe(403);
    expect((await json<ErrorBody>(own)).error.code).toBe('library_own_review');
    expect((await row()).title).toEqual(COURSE.title);
    const third = await enrolledStaff(db, { email: 'method3@school.kz', name: 'Гүлмира Оспанова', scopes: ['methodologist'] });
    expect((await send(h.publish!.POST, `/api/admin/library/courses/${courseId}/publish`, { body: {}, cookie: third.cookie }, { id: String(courseId) })).status).toBe(200);
    expect(await row()).toMatchObject({ title: renamed.title, description: both.description, level: 'A2', pendingFields: null, reviewerId: third.id });
    const [line] = await db.select().from(auditLog).where(and(eq(auditLog.action, 'library.publish'), eq(auditLog.actorId, third.id)));
    expect(line!.after).toMatchObject({ fields: { title: renamed.title } });

    // A course never published takes its fields at once (nobody sees it before its review).
    const draft = await json<{ course: { id: number } }>(await send(h.courses!.POST, '/api/admin/library/courses', { body: { ...COURSE, slug: 'authoring-draft' } }));
    const edited = await send(h.course!.PUT, `/api/admin/library/courses/${draft.course.id}`, { method: 'PUT', body: { ...renamed, slug: 'authoring-draft' } }, { id: String(draft.course.id) });
    expect(await json(edited)).toEqual({ course: { id: draft.course.id, pending: false } });
    expect((await db.select().from(libraryCourses).where(eq(libraryCourses.id, draft.course.id)))[0]).toMatchObject({ title: renamed.title, pendingFields: null });
  });

  it('the export gives the course file; import of a malformed file names every problem and stores nothing', async () => {
    const exported = await send(h.export!.GET, `/api/admin/library/courses/${courseId}/export`, {}, { id: String(courseId) });
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-disposition')).toMatch(/authoring-a1\.json/);
    const file = JSON.parse(await exported.text()) as { slug: string; units: { id: string }[] };
    expect(file.units.map((u) => u.id)).toEqual(['family', 'hello']);

    const rows = async () => ({
      courses: (await db.select({ n: count() }).from(libraryCourses))[0]!.n,
      units: (await db.select({ n: count() }).from(libraryUnits))[0]!.n,
      versions: (await db.select({ n: count() }).from(libraryUnitVersions))[0]!.n,
    });
    const before = await rows();
    const bad = structuredClone(englishA1) as unknown as { slug: string; units: { steps: Record<string, unknown>[] }[] };
    bad.slug = 'school-own';
    bad.units[2]!.steps[4]!.answer = 9;
    bad.units[0]!.steps[1]!.kind = 'essay';
    const refused = await send(h.import!.POST, '/api/admin/library/import', { body: bad, locale: 'ru' });
    expect(refused.status).toBe(422);
    const body = await json<ErrorBody>(refused);
    expect(body.error.code).toBe('library_file_invalid');
    expect(body.error.message).toMatch(/ничего не сохранено/);
    expect(body.error.fields).toEqual({
      'units[2].steps[4].answer': 'Ответ — номер одного из вариантов, считая с 0',
      'units[0].steps[1].kind': expect.any(String),
    });
    expect(await rows()).toEqual(before);

    // A good file is a new draft course, its author the importer.
    const good = structuredClone(englishA1) as { slug: string };
    good.slug = 'school-own';
    const imported = await send(h.import!.POST, '/api/admin/library/import', { body: good });
    expect(imported.status).toBe(201);
    const { courseId: ownId, created } = await json<{ courseId: number; created: boolean }>(imported);
    expect(created).toBe(true);
    const [own] = await db.select().from(libraryCourses).where(eq(libraryCourses.id, ownId));
    expect(own).toMatchObject({ status: 'draft', authorId: author.id });
  });

  it('archives a unit; audio and pictures go to the media store when their bytes are what they say', async () => {
    const archived = await send(h.archive!.POST, `/api/admin/library/units/${unitId}/archive`, { body: {} }, { id: String(unitId) });
    expect(archived.status).toBe(200);
    const detail = await json<{ units: { key: string }[]; archived: { key: string }[] }>(await send(h.course!.GET, `/api/admin/library/courses/${courseId}`, {}, { id: String(courseId) }));
    expect(detail.units.map((u) => u.key)).toEqual(['family']);
    expect(detail.archived.map((u) => u.key)).toEqual(['hello']);

    const mp3 = new Uint8Array([0x49, 0x44, 0x33, 3, 0, 0, 0, 0, 0, 10, 0, 0, 0xff, 0xfb, 0x90, 0x64]);
    const upload = (bytes: Uint8Array, locale = 'ru') =>
      call(
        h.audio!.POST,
        new NextRequest('http://localhost/api/admin/library/audio', {
          method: 'POST',
          body: new Blob([bytes as Uint8Array<ArrayBuffer>]),
          headers: { cookie: author.cookie, origin: 'http://localhost', 'content-type': 'application/octet-stream', 'accept-language': locale, 'x-forwarded-for': '10.0.0.9' },
        }),
      );
    const ok = await upload(mp3);
    expect(ok.status).toBe(201);
    const { name } = await json<{ name: string }>(ok);
    expect(name).toMatch(/^a-[\w-]{16}\.mp3$/);
    expect((await db.select({ type: media.contentType }).from(media).where(eq(media.name, name)))[0]).toEqual({ type: 'audio/mpeg' });
    // A picture: checked and re-encoded as the tutor photos are; a course file naming one the store lacks is refused.
    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#3366cc' } }).png().toBuffer();
    const picture = await call(
      h.images!.POST,
      new NextRequest('http://localhost/api/admin/library/images', { method: 'POST', body: new Blob([new Uint8Array(png)]), headers: { cookie: author.cookie, origin: 'http://localhost', 'content-type': 'application/octet-stream', 'x-forwarded-for': '10.0.0.9' } }),
    );
    expect(picture.status).toBe(201);
    const image = (await json<{ name: string }>(picture)).name;
    expect(image).toMatch(/^i-[\w-]{16}\.webp$/);
    const withImages = structuredClone(englishA1) as unknown as { slug: string; units: { steps: Record<string, unknown>[] }[] };
    withImages.slug = 'with-pictures';
    withImages.units[0]!.steps[1]!.image = image;
    withImages.units[0]!.steps[2]!.image = 'i-missing.webp';
    const refused = await send(h.import!.POST, '/api/admin/library/import', { body: withImages, locale: 'en' });
    expect((await json<ErrorBody>(refused)).error.fields).toEqual({ 'units[0].steps[2].image': 'No picture with this name is in the media store: upload it first' });

    // Served from the store by name (a course's files only: never a student's recording, never a path).
    const served = await call(audioRoute.GET, new NextRequest(`http://localhost/api/media/audio/${name}`), { file: name });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('audio/mpeg');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(mp3);
    expect((await call(imageRoute.GET, new NextRequest(`http://localhost/api/media/images/${image}`), { file: image })).headers.get('content-type')).toBe('image/webp');
    for (const file of ['../../etc/passwd', 'rec-abc.webm', image]) expect((await call(audioRoute.GET, new NextRequest('http://localhost/api/media/audio/x'), { file })).status).toBe(404);

    const junk = await upload(new TextEncoder().encode('<html>not audio at all</html>'), 'en');
    expect(junk.status).toBe(415);
    expect((await json<ErrorBody>(junk)).error.message).toMatch(/not an audio file/);
  });

  it('bad input is a 4xx with a message in the caller’s language', async () => {
    const bad = await send(h.courses!.POST, '/api/admin/library/courses', { body: { ...COURSE, slug: 'Bad Slug', title: { ru: '', kk: 'x', en: 'y' } }, locale: 'kk' });
    expect(bad.status).toBe(422);
    const fields = (await json<ErrorBody>(bad)).error.fields!;
    expect(fields.slug).toMatch(/латын/);
    expect(fields['title.ru']).toBe('Бұл міндетті өріс');
    const taken = await send(h.courses!.POST, '/api/admin/library/courses', { body: COURSE, locale: 'en' });
    expect(taken.status).toBe(409);
    expect((await json<ErrorBody>(taken)).error.fields).toEqual({ slug: 'Another course already uses this address' });
    const badUnit = await send(h.units!.POST, `/api/admin/library/courses/${courseId}/units`, { body: { unit: { ...UNIT, id: 'x2', steps: [{ ...UNIT.steps[0]!, answer: 7 }] } }, locale: 'en' }, { id: String(courseId) });
    expect(badUnit.status).toBe(422);
    expect((await json<ErrorBody>(badUnit)).error.fields).toEqual({ 'unit.steps.0.answer': 'The answer is the number of one of the options, counting from 0' });
    const key = await send(h.unit!.PUT, `/api/admin/library/units/${unitId}`, { method: 'PUT', body: { unit: { ...UNIT, id: 'renamed' } }, locale: 'en' }, { id: String(unitId) });
    expect(key.status).toBe(422);
  });

  it('a staff member without the scope gets 403, a student and a stranger 401; admin passes', async () => {
    const sales = await enrolledStaff(db, { email: 'sales-lib@school.kz', scopes: ['sales'] });
    const admin = await enrolledStaff(db, { email: 'admin-lib@school.kz', scopes: ['admin'] });
    const no = await send(h.courses!.GET, '/api/admin/library/courses', { cookie: sales.cookie, locale: 'en' });
    expect(no.status).toBe(403);
    expect((await json<ErrorBody>(no)).error.code).toBe('forbidden');
    expect((await send(h.courses!.GET, '/api/admin/library/courses', { cookie: admin.cookie })).status).toBe(200);
    expect((await call(h.courses!.GET, staffRequest('/api/admin/library/courses'))).status).toBe(401);
    const studentId = await insertTestUser(db, { phone: '+77010003402' });
    const { accessToken } = await openSession(db, { id: studentId, scope: 'student' });
    const req = staffRequest('/api/admin/library/courses');
    req.headers.set('authorization', `Bearer ${accessToken}`);
    expect((await call(h.courses!.GET, req)).status).toBe(401);
  });
});
