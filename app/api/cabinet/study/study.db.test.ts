import { eq, isNotNull } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { beforeAll, describe, expect, it } from 'vitest';
import english from '@/content/library/english-a1.json';
import englishA2 from '@/content/library/english-a2.json';
import englishB1 from '@/content/library/english-b1.json';
import kazakh from '@/content/library/kazakh-a1.json';
import kazakhA2 from '@/content/library/kazakh-a2.json';
import kk from '@/messages/kk.json';
import { openSession } from '@/lib/auth/http';
import { lessonReports, lessons, lessonWords, libraryAnswers, libraryProgress, media, wordReviews } from '@/lib/db/schema';
import { reviewStreak } from '@/lib/library/daily';
import { stepSchema } from '@/lib/library/format';
import { seedLibrary } from '@/lib/library/starter';
import { reviewWord } from '@/lib/library/trainer';
import { dbLabel, insertTestUser, useTestDb } from '@/test/db';
import { call } from '@/test/staff';
import { GET as courses } from './courses/route';
import { GET as course } from './courses/[slug]/route';
import { GET as unit } from './courses/[slug]/units/[unit]/route';
import { POST as answer } from './courses/[slug]/units/[unit]/answers/route';
import { POST as upgrade } from './courses/[slug]/units/[unit]/upgrade/route';
import { POST as recordings } from './recordings/route';
import { GET as audio } from './audio/[file]/route';
import { GET as today } from './today/route';
import { GET as trainer } from '../trainer/route';
import { POST as review } from '../trainer/reviews/route';

const NOW = new Date('2026-03-02T06:00:00Z');
const HOUR = 3_600_000;
const at = (h: number) => new Date(NOW.getTime() + h * HOUR);
/** A key's field names: none may reach a student before the answer. */
const KEY_FIELDS = ['answer', 'accept', 'transcript', 'pairs'];

function req(token: string | null, path: string, opts: { body?: unknown; raw?: Uint8Array; locale?: string } = {}) {
  const headers = new Headers({ 'accept-language': opts.locale ?? 'en' });
  if (token) headers.set('authorization', `Bearer ${token}`);
  if (opts.body !== undefined) headers.set('content-type', 'application/json');
  if (opts.raw) headers.set('content-type', 'application/octet-stream');
  const body = opts.raw ? Buffer.from(opts.raw) : opts.body === undefined ? undefined : JSON.stringify(opts.body);
  return new NextRequest(`http://localhost${path}`, { method: body === undefined ? 'GET' : 'POST', headers, body });
}
const json = async <T = Record<string, unknown>,>(res: Response) => (await res.json()) as T;
/** Every property name anywhere in a value. */
const names = (v: unknown): string[] => (Array.isArray(v) ? v.flatMap(names) : v && typeof v === 'object' ? Object.entries(v).flatMap(([k, x]) => [k, ...names(x)]) : []);

describe(`self-study and the word trainer in the cabinet (${dbLabel()})`, () => {
  const t = useTestDb({ asAppDb: true });
  let dana = { id: 0, token: '' };
  let timur = { id: 0, token: '' };
  let tutor = 0;

  beforeAll(async () => {
    await seedLibrary(t.db, NOW);
    const session = async (phone: string, role: 'student' | 'tutor' = 'student') => {
      const id = await insertTestUser(t.db, { phone, role });
      return { id, token: (await openSession(t.db, { id, scope: role })).accessToken };
    };
    dana = await session('+77015553101');
    timur = await session('+77015553102');
    tutor = (await session('+77015553103', 'tutor')).id;
  });

  const unitPath = (slug: string, key: string) => `/api/cabinet/study/courses/${slug}/units/${key}`;
  const getUnit = (who: { token: string }, slug: string, key: string) => call(unit, req(who.token, unitPath(slug, key)), { slug, unit: key });
  const send = (who: { token: string }, slug: string, key: string, body: unknown, locale = 'en') =>
    call(answer, req(who.token, `${unitPath(slug, key)}/answers`, { body, locale }), { slug, unit: key });

  it('needs a signed-in user on every route', async () => {
    expect((await call(courses, req(null, '/api/cabinet/study/courses'))).status).toBe(401);
    expect((await call(trainer, req(null, '/api/cabinet/trainer'))).status).toBe(401);
    expect((await call(today, req(null, '/api/cabinet/study/today'))).status).toBe(401);
    expect((await getUnit({ token: '' }, 'english-a1', 'hello')).status).toBe(401);
    expect((await send({ token: 'x'.repeat(20) }, 'english-a1', 'hello', { stepId: 'be-i', answer: 0 })).status).toBe(401);
    expect((await call(review, req(null, '/api/cabinet/trainer/reviews', { body: { wordId: 1, rating: 'good' } }))).status).toBe(401);
  });

  it("lists the published courses, the student's level first: the tutor's latest report outranks an older test", async () => {
    expect((await json<{ courses: { slug: string; atLevel: boolean }[] }>(await call(courses, req(dana.token, '/api/cabinet/study/courses')))).courses.map((c) => [c.slug, c.atLevel])).toEqual([
      ['english-a1', false],
      ['english-a2', false],
      ['english-b1', false],
      ['kazakh-a1', false],
      ['kazakh-a2', false],
    ]);
    const [lesson] = await t.db.insert(lessons).values({ tutorId: tutor, studentId: dana.id, subject: 'kazakh', status: 'held', startsAt: at(-30), endsAt: at(-29) }).returning();
    await t.db.insert(lessonReports).values({ lessonId: lesson!.id, studentId: dana.id, tutorId: tutor, covered: 'Танысу', level: 'A1', marks: { speaking: 3, listening: 3, reading: 3, writing: 3, grammar: 3 } });
    const body = await json<{ levels: Record<string, string>; courses: { slug: string; atLevel: boolean }[] }>(await call(courses, req(dana.token, '/api/cabinet/study/courses')));
    expect(body.levels).toEqual({ kazakh: 'A1' });
    expect(body.courses.map((c) => [c.slug, c.atLevel])).toEqual([
      ['kazakh-a1', true],
      ['english-a1', false],
      ['english-a2', false],
      ['english-b1', false],
      ['kazakh-a2', false],
    ]);
    const units = await json<{ units: { key: string; done: number; total: number }[] }>(await call(course, req(dana.token, '/api/cabinet/study/courses/kazakh-a1'), { slug: 'kazakh-a1' }));
    expect(units.units.map((u) => u.key)).toEqual(kazakh.units.map((u) => u.id));
    expect(units.units[0]).toMatchObject({ done: 0, total: 14 });
  });

  it("never sends an exercise's key before the answer: every starter unit's data has no answer, accept, transcript or pairs", async () => {
    for (const file of [english, englishA2, englishB1, kazakh, kazakhA2]) {
      for (const u of file.units) {
        const res = await getUnit(timur, file.slug, u.id);
        expect(res.status).toBe(200);
        const text = await res.text();
        const data = JSON.parse(text) as { steps: unknown[]; answered: Record<string, unknown> };
        expect(names(data.steps).filter((n) => KEY_FIELDS.includes(n))).toEqual([]);
        expect(data.answered).toEqual({});
        for (const raw of u.steps) {
          const step = stepSchema.parse(raw);
          if (step.kind === 'order') expect(text).not.toContain(JSON.stringify(step.answer));
          if (step.kind === 'matching') expect(text).not.toContain(JSON.stringify(step.pairs));
          if (step.kind === 'gap') expect(text).not.toContain(JSON.stringify(step.answer));
        }
      }
    }
  });

  it('checks an answer on the server, stores it, returns the verdict with the key only then; another student never sees or changes it', async () => {
    const wrong = await send(dana, 'english-a1', 'hello', { stepId: 'be-i', answer: 2 });
    expect(wrong.status).toBe(200);
    expect(await json(wrong)).toMatchObject({ result: { checkedBy: 'server', correct: false, key: 0 }, progress: { done: [], total: 13 } });
    const right = await json(await send(dana, 'english-a1', 'hello', { stepId: 'be-i', answer: 0 }));
    expect(right).toMatchObject({ result: { correct: true, key: 0 }, progress: { done: ['be-i'] } });
    const order = await json(await send(dana, 'english-a1', 'hello', { stepId: 'from-kz', answer: 'I am from Kazakhstan'.split(' ') }));
    expect(order).toMatchObject({ result: { correct: true, key: 'I am from Kazakhstan' } });
    const writing = await json(await send(dana, 'english-a1', 'hello', { stepId: 'about-me', answer: 'Hello! I am Dana. I am from Almaty. I am a student. I like tea and books very much.' }));
    expect(writing).toMatchObject({ result: { checkedBy: 'tutor', correct: null } });

    // Dana's reload shows her verdicts; Timur's unit knows nothing of them.
    const mine = await json<{ answered: Record<string, { correct: boolean | null }>; progress: { done: string[] } }>(await getUnit(dana, 'english-a1', 'hello'));
    expect(Object.keys(mine.answered).sort()).toEqual(['about-me', 'be-i', 'from-kz']);
    expect(mine.progress.done).toEqual(['be-i', 'from-kz', 'about-me']);
    const his = await json<{ answered: object; progress: { done: string[] } }>(await getUnit(timur, 'english-a1', 'hello'));
    expect(his).toMatchObject({ answered: {}, progress: { done: [] } });
    await send(timur, 'english-a1', 'hello', { stepId: 'be-i', answer: 1 });
    expect((await t.db.select().from(libraryAnswers).where(eq(libraryAnswers.studentId, dana.id))).map((a) => a.correct)).toEqual([false, true, true, null]);
    expect((await json<{ progress: { done: string[] } }>(await getUnit(dana, 'english-a1', 'hello'))).progress.done).toEqual(['be-i', 'from-kz', 'about-me']);

    // What to do today: the unit she started, and the words due (the unit's own: starting it put them in her dictionary).
    const plan = await json<{ next: { course: { slug: string }; unit: { key: string; done: number } }; dueWords: number; streak: { days: number } }>(await call(today, req(dana.token, '/api/cabinet/study/today')));
    expect(plan).toMatchObject({ next: { course: { slug: 'english-a1' }, unit: { key: 'hello', done: 3 } }, dueWords: (english.units[0]!.steps.find((x) => x.kind === 'words') as { words: unknown[] }).words.length, streak: { days: 0 } });
    expect((await call(upgrade, req(dana.token, `${unitPath('english-a1', 'hello')}/upgrade`, { body: {} }), { slug: 'english-a1', unit: 'hello' })).status).toBe(200);
  });

  it('bad input is a 4xx in the caller’s language and stores nothing', async () => {
    const before = (await t.db.select().from(libraryAnswers)).length;
    const shape = await send(timur, 'english-a1', 'hello', { stepId: 'be-i', answer: 'am' }, 'kk');
    expect(shape.status).toBe(422);
    expect((await json<{ error: { message: string } }>(shape)).error.message).toBe(kk.Errors.validation_failed);
    expect((await send(timur, 'english-a1', 'hello', { stepId: 'be-i', answer: 9 })).status).toBe(422);
    expect((await send(timur, 'english-a1', 'hello', { stepId: 'be-i' })).status).toBe(422);
    expect((await send(timur, 'english-a1', 'hello', { stepId: 'be-i', answer: 0, extra: 1 })).status).toBe(422);
    expect((await send(timur, 'english-a1', 'hello', { stepId: 'my-name', answer: ['na\u0000me'] })).status).toBe(422);
    expect((await send(timur, 'english-a1', 'hello', { stepId: 'reading', answer: 0 })).status).toBe(404);
    expect((await send(timur, 'english-a1', 'hello', { stepId: 'no-such', answer: 0 })).status).toBe(404);
    expect((await send(timur, 'english-a1', 'nowhere', { stepId: 'be-i', answer: 0 })).status).toBe(404);
    const missing = await send(timur, 'no-course', 'hello', { stepId: 'be-i', answer: 0 }, 'kk');
    expect(missing.status).toBe(404);
    expect((await json<{ error: { message: string } }>(missing)).error.message).toBe(kk.Errors.not_found);
    expect((await send(timur, 'Bad Slug', 'hello', { stepId: 'be-i', answer: 0 })).status).toBe(404);
    expect((await t.db.select().from(libraryAnswers)).length).toBe(before);
  });

  it('a spoken answer names a recording the student stored: checked by content, never another student’s, never served as unit audio', async () => {
    const webm = new Uint8Array(256);
    webm.set([0x1a, 0x45, 0xdf, 0xa3]);
    const stored = await call(recordings, req(dana.token, '/api/cabinet/study/recordings', { raw: webm }));
    expect(stored.status).toBe(201);
    const { name } = await json<{ name: string }>(stored);
    expect(name).toMatch(new RegExp(`^rec-${dana.id}-[\\w-]+\\.webm$`));
    expect((await call(recordings, req(dana.token, '/api/cabinet/study/recordings', { raw: new Uint8Array(256).fill(7) }))).status).toBe(415);
    expect((await send(timur, 'english-a1', 'hello', { stepId: 'say-hello', answer: name })).status).toBe(422);
    expect((await send(dana, 'english-a1', 'hello', { stepId: 'say-hello', answer: 'rec-1-nothing.webm' })).status).toBe(422);
    expect(await json(await send(dana, 'english-a1', 'hello', { stepId: 'say-hello', answer: name }))).toMatchObject({ result: { checkedBy: 'tutor', correct: null } });
    expect((await call(audio, req(timur.token, `/api/cabinet/study/audio/${name}`), { file: name })).status).toBe(404);
    // A unit's audio is served to a signed-in student; anything but audio is not.
    await t.db.insert(media).values([
      { name: 'tom.mp3', contentType: 'audio/mpeg', bytes: Buffer.from('ID3 fake audio') },
      { name: 'photo.webp', contentType: 'image/webp', bytes: Buffer.from('RIFF') },
    ]);
    const played = await call(audio, req(timur.token, '/api/cabinet/study/audio/tom.mp3'), { file: 'tom.mp3' });
    expect(played.status).toBe(200);
    expect(played.headers.get('content-type')).toBe('audio/mpeg');
    expect(Buffer.from(await played.arrayBuffer()).toString()).toBe('ID3 fake audio');
    expect((await call(audio, req(null, '/api/cabinet/study/audio/tom.mp3'), { file: 'tom.mp3' })).status).toBe(401);
    for (const file of ['photo.webp', '../tom.mp3', 'missing.mp3']) expect((await call(audio, req(timur.token, `/api/cabinet/study/audio/${file}`), { file })).status).toBe(404);
  });

  it('the trainer: the words due from the student’s own dictionary, reviews of their own words only, the streak', async () => {
    // Here a lesson's words only (the units' words join the dictionary too: lib/library/homework.db.test.ts).
    await t.db.delete(lessonWords).where(isNotNull(lessonWords.unitId));
    const [lesson] = await t.db.insert(lessons).values({ tutorId: tutor, studentId: dana.id, subject: 'english', status: 'held', startsAt: at(-3), endsAt: at(-2) }).returning();
    const words = await t.db
      .insert(lessonWords)
      .values(['apple', 'bread'].map((word) => ({ lessonId: lesson!.id, studentId: dana.id, word, translation: word === 'apple' ? 'алма' : 'нан', lang: 'kk' as const })))
      .returning();
    const due = await json<{ words: { id: number; word: string; translation: string }[]; due: number; streak: { days: number; today: boolean } }>(await call(trainer, req(dana.token, '/api/cabinet/trainer')));
    expect(due.words.map((w) => w.word)).toEqual(['apple', 'bread']);
    expect(due).toMatchObject({ due: 2, streak: { days: 0, today: false } });
    expect((await json<{ words: unknown[] }>(await call(trainer, req(timur.token, '/api/cabinet/trainer')))).words).toEqual([]);

    const reviewed = await call(review, req(dana.token, '/api/cabinet/trainer/reviews', { body: { wordId: words[0]!.id, rating: 'good' } }));
    expect(reviewed.status).toBe(200);
    expect(await json(reviewed)).toMatchObject({ streak: { days: 1, today: true } });
    // Timur may not review Dana's word; a bad rating is a 422 in Kazakh.
    expect((await call(review, req(timur.token, '/api/cabinet/trainer/reviews', { body: { wordId: words[1]!.id, rating: 'good' } }))).status).toBe(404);
    const bad = await call(review, req(timur.token, '/api/cabinet/trainer/reviews', { body: { wordId: words[1]!.id, rating: 'perfect' }, locale: 'kk' }));
    expect(bad.status).toBe(422);
    expect((await json<{ error: { message: string } }>(bad)).error.message).toBe(kk.Errors.validation_failed);
    expect(await t.db.select().from(wordReviews).where(eq(wordReviews.studentId, timur.id))).toEqual([]);
    expect((await t.db.select().from(libraryProgress).where(eq(libraryProgress.studentId, timur.id))).length).toBe(1);
  });

  it('the streak counts school days (Almaty) in a row, on an injected clock; it stands until the day after a missed one is over', async () => {
    const student = await insertTestUser(t.db, { phone: '+77015553104' });
    const [lesson] = await t.db.insert(lessons).values({ tutorId: tutor, studentId: student, subject: 'english', status: 'held', startsAt: at(-100), endsAt: at(-99) }).returning();
    const [word] = await t.db.insert(lessonWords).values({ lessonId: lesson!.id, studentId: student, word: 'tea', translation: 'шай', lang: 'kk' }).returning();
    // 2026-03-02 06:00Z is 11:00 in Almaty. Reviews at 23:30 on 28 Feb and 00:30 on 1 Mar (Almaty) are two days.
    const almaty = (iso: string) => new Date(`${iso}+05:00`);
    for (const when of ['2026-02-26T10:00:00', '2026-02-28T23:30:00', '2026-03-01T00:30:00']) await reviewWord(t.db, student, word!.id, 'good', almaty(when));
    expect(await reviewStreak(t.db, student, NOW)).toEqual({ days: 2, today: false });
    expect(await reviewStreak(t.db, student, almaty('2026-03-02T23:59:00'))).toEqual({ days: 2, today: false });
    expect(await reviewStreak(t.db, student, almaty('2026-03-03T00:01:00'))).toEqual({ days: 0, today: false });
    await reviewWord(t.db, student, word!.id, 'easy', NOW);
    expect(await reviewStreak(t.db, student, NOW)).toEqual({ days: 3, today: true });
    // Reviews after `now` do not count yet (the clock is the caller's).
    expect(await reviewStreak(t.db, student, almaty('2026-02-28T12:00:00'))).toEqual({ days: 0, today: false });
  });

  it('a newer published version is offered; moving to it keeps the steps done that it still has', async () => {
    const file = structuredClone(english) as typeof english;
    const first = file.units[0]!;
    first.steps.push({ kind: 'choice', id: 'be-new', prompt: first.steps[3]!.prompt, question: 'They ___ friends.', options: ['is', 'are'], answer: 1 } as never);
    await seedLibrary(t.db, at(1), [file]);
    const before = await json<{ progress: { upgradeAvailable: boolean; version: number; done: string[]; total: number } }>(await getUnit(dana, 'english-a1', 'hello'));
    expect(before.progress).toMatchObject({ upgradeAvailable: true, version: 1, total: 13 });
    const res = await call(upgrade, req(dana.token, `${unitPath('english-a1', 'hello')}/upgrade`, { body: {} }), { slug: 'english-a1', unit: 'hello' });
    expect(await json(res)).toMatchObject({ progress: { upgradeAvailable: false, version: 2, total: 14, done: before.progress.done } });
    // Timur has not moved: he is still offered it, on his own version.
    expect((await json<{ progress: { upgradeAvailable: boolean; version: number } }>(await getUnit(timur, 'english-a1', 'hello'))).progress).toMatchObject({ upgradeAvailable: true, version: 1 });
  });
});
