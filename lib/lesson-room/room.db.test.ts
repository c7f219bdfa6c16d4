import { createHmac } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { afterAll, describe, expect, it } from 'vitest';
import { openSession } from '@/lib/auth/http';
import { auditLog, lessonAttendance, lessonRoomEvents, lessons, lessonWords } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { parseServerEnv } from '@/lib/env';
import { dbLabel, insertTestUser, useTestDb } from '@/test/db';
import { call } from '@/test/staff';
import { GET as roomRoute } from '@/app/api/lessons/[id]/room/route';
import { GET as streamRoute, POST as sendRoute } from '@/app/api/lessons/[id]/room/events/route';
import { lessonAttendanceOf, markHeldIfTogether, presence, settleEndedLessons, togetherMs } from '@/lib/lessons/attendance';
import { stopBus } from '@/lib/runtime/bus';
import { readFrames } from '@/test/sse';
import { startLessonNowForDev } from './dev';
import { sendEvent } from './events';
import { roomStream } from './stream';
import { iceServers, turnCredentials, turnTtlSeconds } from './turn';

const MIN = 60_000;
let n = 700;
const phone = () => `+7701${String(10_000_000 + n++).slice(1)}`;

function req(path: string, opts: { body?: unknown; raw?: string; token?: string; locale?: string; headers?: Record<string, string>; signal?: AbortSignal } = {}) {
  const headers = new Headers({ 'accept-language': opts.locale ?? 'ru', 'x-forwarded-for': `10.9.${n & 255}.${(n * 7) & 255}`, ...opts.headers });
  const hasBody = opts.body !== undefined || opts.raw !== undefined;
  if (hasBody) headers.set('content-type', 'application/json');
  if (opts.token) headers.set('authorization', `Bearer ${opts.token}`);
  return new NextRequest(`http://localhost${path}`, {
    method: hasBody ? 'POST' : 'GET',
    headers,
    body: opts.raw ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body)),
    signal: opts.signal,
  });
}
type ErrorBody = { error: { code: string; message: string } };

type Ev = { seq: number; kind: string; side: string; payload: Record<string, unknown> };
const events = (frames: { event: string; data: unknown }[]) => frames.filter((f) => f.event === 'message').map((f) => f.data as Ev);

describe(`the lesson room (${dbLabel()})`, () => {
  const t = useTestDb({ asAppDb: true });
  afterAll(() => stopBus());

  async function person(role: 'student' | 'tutor') {
    const scope = role === 'tutor' ? 'tutor tutor:bookable' : 'student';
    const id = await insertTestUser(t.db, { role, scope, phone: phone(), email: `room${n}@example.kz`, name: role === 'tutor' ? 'Дана' : 'Айгерім', lastname: 'Серікова' });
    const { accessToken } = await openSession(t.db, { id, scope });
    return { id, token: accessToken };
  }
  /** A booked lesson starting `startsIn` ms from now (30 minutes long), with its two sides. */
  async function lesson(startsIn = -5 * MIN, status: 'booked' | 'cancelled' = 'booked') {
    const tutor = await person('tutor');
    const student = await person('student');
    const startsAt = new Date(Date.now() + startsIn);
    const [row] = await t.db
      .insert(lessons)
      .values({ tutorId: tutor.id, studentId: student.id, subject: 'kazakh', status, startsAt, endsAt: new Date(startsAt.getTime() + 30 * MIN) })
      .returning();
    return { id: row!.id, tutor, student, row: row! };
  }
  const info = (id: number, token?: string, locale = 'ru') => call(roomRoute, req(`/api/lessons/${id}/room`, { token, locale }), { id: String(id) });
  const send = (id: number, token: string, body: unknown, locale = 'ru') => call(sendRoute, req(`/api/lessons/${id}/room/events`, { token, body, locale }), { id: String(id) });
  const open = (id: number, token: string, opts: { after?: number; lastEventId?: string } = {}) => {
    const ctl = new AbortController();
    const res = call(
      streamRoute,
      req(`/api/lessons/${id}/room/events${opts.after !== undefined ? `?after=${opts.after}` : ''}`, { token, signal: ctl.signal, headers: opts.lastEventId ? { 'last-event-id': opts.lastEventId } : {} }),
      { id: String(id) },
    );
    return { res, close: () => ctl.abort() };
  };
  const stored = (id: number) => t.db.select().from(lessonRoomEvents).where(eq(lessonRoomEvents.lessonId, id));

  it('lets in only the lesson\'s tutor and student, in its window: a third user, staff-less callers, early, late and cancelled lessons are refused in the caller\'s language', async () => {
    const l = await lesson();
    const tutorRes = await info(l.id, l.tutor.token);
    expect(tutorRes.status).toBe(200);
    const body = (await tutorRes.json()) as { side: string; other: { name: string }; iceServers: unknown[] };
    expect(body.side).toBe('tutor');
    expect(body.other.name).toBe('Айгерім Серікова');
    expect(body.iceServers).toEqual([]); // no TURN_URLS: host candidates only
    expect(((await (await info(l.id, l.student.token)).json()) as { side: string }).side).toBe('student');

    const third = await person('student');
    const refused = await info(l.id, third.token, 'kk');
    expect(refused.status).toBe(403);
    const err = (await refused.json()) as ErrorBody;
    expect(err.error.code).toBe('room_forbidden');
    expect(err.error.message).toMatch(/репетиторы мен оқушылары/);
    // …and cannot send or listen either.
    expect((await send(l.id, third.token, { kind: 'chat', payload: { text: 'hi' } })).status).toBe(403);
    expect((await open(l.id, third.token).res).status).toBe(403);
    // No session at all: 401; a lesson that does not exist looks the same as someone else's.
    expect((await info(l.id)).status).toBe(401);
    expect((await info(999_999, l.tutor.token)).status).toBe(403);

    const early = await lesson(11 * MIN);
    const e = await info(early.id, early.student.token, 'en');
    expect(e.status).toBe(409);
    expect(((await e.json()) as ErrorBody).error).toEqual({ code: 'room_not_open', message: 'The room opens 10 minutes before the lesson starts.' });
    expect((await info((await lesson(9 * MIN)).id, early.student.token)).status).toBe(403); // someone else's, in its window
    const justOpen = await lesson(9 * MIN);
    expect((await info(justOpen.id, justOpen.student.token)).status).toBe(200);

    const over = await lesson(-31 * MIN);
    const o = await info(over.id, over.tutor.token);
    expect(o.status).toBe(409);
    expect(((await o.json()) as ErrorBody).error.code).toBe('room_closed');

    const cancelled = await lesson(-5 * MIN, 'cancelled');
    const c = await info(cancelled.id, cancelled.student.token, 'ru');
    expect(c.status).toBe(409);
    expect(((await c.json()) as ErrorBody).error).toEqual({ code: 'lesson_cancelled', message: 'Этот урок отменён.' });
    expect((await send(cancelled.id, cancelled.student.token, { kind: 'chat', payload: { text: 'hi' } })).status).toBe(409);
    expect(await stored(cancelled.id)).toEqual([]);
  });

  it('refuses oversized and malformed messages with a 4xx and stores nothing of them', async () => {
    const l = await lesson();
    const cases: [unknown, number][] = [
      [{ kind: 'chat', payload: { text: 'x'.repeat(2001) } }, 422],
      [{ kind: 'chat', payload: { text: '   ' } }, 422],
      [{ kind: 'notes', payload: { text: 'ә'.repeat(20_001) } }, 422],
      [{ kind: 'shout', payload: {} }, 422],
      [{ kind: 'signal', payload: { description: { type: 'offer', sdp: 'v=0'.repeat(6000) } } }, 422],
      [{ kind: 'signal', payload: { description: { type: 'pranswer', sdp: 'v=0' } } }, 422],
      [{ kind: 'signal', payload: { candidate: { candidate: 'a' }, extra: 1 } }, 422],
      [{ kind: 'board', payload: { elements: [] } }, 422],
      [{ kind: 'board', payload: { elements: [{ id: 'a', version: 1, text: 'x'.repeat(17_000) }] } }, 422],
      [{ kind: 'presence', payload: { audio: 'yes', video: true } }, 422],
      [{ kind: 'chat', payload: { text: 'a\u0000b' } }, 422],
      [{ kind: 'board', payload: { elements: [{ id: 'a', version: 1, text: '\u0000' }] } }, 422],
      // An image on the board: a data: URL of its own type, one a message, under its cap.
      [{ kind: 'board', payload: {} }, 422],
      [{ kind: 'board', payload: { files: [{ id: 'img-0001', mimeType: 'image/svg+xml', dataURL: 'data:image/svg+xml;base64,PHN2Zz4=', created: 1 }] } }, 422],
      [{ kind: 'board', payload: { files: [{ id: 'img-0001', mimeType: 'image/png', dataURL: 'data:image/jpeg;base64,AAAA', created: 1 }] } }, 422],
      [{ kind: 'board', payload: { files: [{ id: 'img-0001', mimeType: 'image/png', dataURL: 'javascript:alert(1)', created: 1 }] } }, 422],
      [{ kind: 'board', payload: { files: [{ id: 'img-0001', mimeType: 'image/png', dataURL: `data:image/png;base64,${'A'.repeat(180_000)}`, created: 1 }] } }, 422],
    ];
    for (const [body, status] of cases) {
      const res = await send(l.id, l.tutor.token, body, 'kk');
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(((await res.json()) as ErrorBody).error.code).toBe('validation_failed');
    }
    // Over the body cap: 413; not JSON: 400; not an object: 400.
    const huge = { kind: 'board', payload: { elements: Array.from({ length: 30 }, (_, i) => ({ id: `e${i}`, version: 1, text: 'x'.repeat(8000) })) } };
    const tooBig = await send(l.id, l.tutor.token, huge, 'en');
    expect(tooBig.status).toBe(413);
    expect(((await tooBig.json()) as ErrorBody).error.message).toBe('The request is too large.');
    expect((await call(sendRoute, req(`/api/lessons/${l.id}/room/events`, { token: l.tutor.token, raw: '{"kind":' }), { id: String(l.id) })).status).toBe(400);
    expect((await call(sendRoute, req(`/api/lessons/${l.id}/room/events`, { token: l.tutor.token, raw: '[1]' }), { id: String(l.id) })).status).toBe(400);
    // A board element nested 5 000 deep (security L2: a 500, the stack overflowed): 422, refused before any recursion.
    const deep = `{"kind":"board","payload":{"elements":[{"id":"a","version":1,"deep":${'['.repeat(5000)}1${']'.repeat(5000)}}]}}`;
    const deepRes = await call(sendRoute, req(`/api/lessons/${l.id}/room/events`, { token: l.tutor.token, raw: deep, locale: 'kk' }), { id: String(l.id) });
    expect(deepRes.status).toBe(422);
    expect(((await deepRes.json()) as ErrorBody).error.code).toBe('validation_failed');
    // Words and images on the board are the tutor's: the student's are a 403.
    expect((await send(l.id, l.student.token, { kind: 'vocab', payload: { word: 'алма', translation: 'apple' } })).status).toBe(403);
    const image = { id: 'img-0001', mimeType: 'image/png', dataURL: 'data:image/png;base64,iVBORw0KGgo=', created: 1 };
    expect((await send(l.id, l.student.token, { kind: 'board', payload: { files: [image] } })).status).toBe(403);
    expect(await stored(l.id)).toEqual([]);
    expect(await t.db.select().from(lessonWords).where(eq(lessonWords.lessonId, l.id))).toEqual([]);
  });

  it('stores each message before it is delivered; the stream gives the state on a reload, signals only to the other side, and resumes after Last-Event-ID', async () => {
    const l = await lesson();
    expect((await send(l.id, l.tutor.token, { kind: 'chat', payload: { text: 'Сәлем! https://tilmen.kz' } })).status).toBe(201);
    expect((await send(l.id, l.tutor.token, { kind: 'vocab', payload: { word: 'кітап', translation: 'книга' } })).status).toBe(201);
    expect((await send(l.id, l.student.token, { kind: 'notes', payload: { text: 'Урок 1' } })).status).toBe(201);
    const oldSignal = await send(l.id, l.tutor.token, { kind: 'signal', payload: { description: { type: 'offer', sdp: 'v=0 old' } } });
    expect(oldSignal.status).toBe(201);
    // Stored in order, before anybody listened.
    expect((await stored(l.id)).map((e) => e.kind).sort()).toEqual(['chat', 'notes', 'signal', 'vocab']);
    expect(await t.db.select({ w: lessonWords.word, s: lessonWords.studentId }).from(lessonWords).where(eq(lessonWords.lessonId, l.id))).toEqual([{ w: 'кітап', s: l.student.id }]);

    // The student opens the room (a page load): the state, not the stale offer.
    const st = open(l.id, l.student.token);
    const stRes = await st.res;
    expect(stRes.status).toBe(200);
    expect(stRes.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const first = await readFrames(stRes, (f) => f.some((x) => x.event === 'ready'));
    const kinds = events(first).map((e) => e.kind);
    expect(kinds).toEqual(['chat', 'vocab', 'notes', 'presence']);
    expect(events(first)[0]!.payload).toEqual({ text: 'Сәлем! https://tilmen.kz' });

    // The tutor opens too; then sends an offer: the student gets it live, the tutor's own stream does not.
    const tu = open(l.id, l.tutor.token);
    const tuRes = await tu.res;
    await readFrames(tuRes, (f) => f.some((x) => x.event === 'ready'));
    expect((await send(l.id, l.tutor.token, { kind: 'signal', payload: { description: { type: 'offer', sdp: 'v=0 new' } } })).status).toBe(201);
    expect((await send(l.id, l.student.token, { kind: 'chat', payload: { text: 'Сәлеметсіз бе' } })).status).toBe(201);
    const live = events(await readFrames(stRes, (f) => events(f).some((e) => e.kind === 'chat')));
    const offer = live.find((e) => e.kind === 'signal');
    expect(offer?.payload).toEqual({ description: { type: 'offer', sdp: 'v=0 new' } });
    expect(offer?.side).toBe('tutor');
    const tutorSaw = events(await readFrames(tuRes, (f) => events(f).some((e) => e.kind === 'chat' && e.side === 'student')));
    expect(tutorSaw.some((e) => e.kind === 'signal')).toBe(false);
    const chatSeq = live.find((e) => e.kind === 'chat')!.seq;
    st.close();
    tu.close();

    // A reconnect with Last-Event-ID gets what came after it, signals included (the call goes on).
    expect((await send(l.id, l.tutor.token, { kind: 'signal', payload: { candidate: { candidate: 'candidate:1 1 udp 1 10.0.0.1 5000 typ host', sdpMid: '0', sdpMLineIndex: 0 } } })).status).toBe(201);
    const again = open(l.id, l.student.token, { lastEventId: String(chatSeq) });
    const resumed = events(await readFrames(await again.res, (f) => f.some((x) => x.event === 'ready')));
    again.close();
    expect(resumed.every((e) => e.seq > chatSeq)).toBe(true);
    expect(resumed.some((e) => e.kind === 'signal' && 'candidate' in e.payload)).toBe(true);
    expect(resumed.some((e) => e.kind === 'chat')).toBe(false);
    // A malformed Last-Event-ID: 422, not a stream.
    expect((await open(l.id, l.student.token, { lastEventId: 'abc' }).res).status).toBe(422);
  });

  it('notes typed by both at once: a save made from an older version is merged onto the newer one, both sides\' words kept; a save from the last version or without one is stored as it is', async () => {
    const l = await lesson();
    const notesOf = async () => (await stored(l.id)).filter((e) => e.kind === 'notes').sort((a, b) => a.seq - b.seq).map((e) => e.payload);
    const save = (token: string, payload: unknown) => send(l.id, token, { kind: 'notes', payload });
    const first = await save(l.tutor.token, { text: 'Үй тапсырмасы: 3-жаттығу.\nСөздер: алма.', base: 0, client: 'tutor-tab' });
    const base = ((await first.json()) as { seq: number }).seq;
    // Both edit that version; the student's save arrives second and is merged onto the tutor's.
    expect((await save(l.tutor.token, { text: 'Үй тапсырмасы: 3 және 4-жаттығу.\nСөздер: алма.', base, client: 'tutor-tab' })).status).toBe(201);
    expect((await save(l.student.token, { text: 'Үй тапсырмасы: 3-жаттығу.\nСөздер: алма, алмұрт.', base, client: 'student-tab' })).status).toBe(201);
    const saved = await notesOf();
    expect(saved.at(-1)).toEqual({ text: 'Үй тапсырмасы: 3 және 4-жаттығу.\nСөздер: алма, алмұрт.', client: 'student-tab' });
    // Two saves from empty at once: both texts kept.
    const l2 = await lesson();
    const [a, b] = await Promise.all([
      send(l2.id, l2.tutor.token, { kind: 'notes', payload: { text: 'Tutor: read p. 12.', base: 0 } }),
      send(l2.id, l2.student.token, { kind: 'notes', payload: { text: 'Student: question about the past tense.', base: 0 } }),
    ]);
    expect([a.status, b.status]).toEqual([201, 201]);
    const last = (await stored(l2.id)).filter((e) => e.kind === 'notes').sort((x, y) => x.seq - y.seq).at(-1)!.payload.text as string;
    expect(last).toContain('Tutor: read p. 12.');
    expect(last).toContain('Student: question about the past tense.');
    // Without a base (an older page): the last save wins, as before.
    expect((await save(l.student.token, { text: 'Бәрі жаңадан.' })).status).toBe(201);
    expect((await notesOf()).at(-1)).toEqual({ text: 'Бәрі жаңадан.' });
    // A malformed base or client: 422, nothing stored.
    const count = (await notesOf()).length;
    expect((await save(l.student.token, { text: 'x', base: -1 })).status).toBe(422);
    expect((await save(l.student.token, { text: 'x', base: 1, client: 'bad id!' })).status).toBe(422);
    expect((await notesOf()).length).toBe(count);
  });

  it('records joins and leaves from the stream: the other side is told', async () => {
    const l = await lesson();
    const tu = open(l.id, l.tutor.token);
    const tuRes = await tu.res;
    await readFrames(tuRes, (f) => f.some((x) => x.event === 'ready'));
    const st = open(l.id, l.student.token);
    await st.res;
    const joined = events(await readFrames(tuRes, (f) => events(f).some((e) => e.kind === 'presence' && e.payload.side === 'student')));
    expect(joined.find((e) => e.kind === 'presence' && e.payload.side === 'student')?.payload).toEqual({ side: 'student', online: true });
    st.close();
    const left = events(await readFrames(tuRes, (f) => events(f).some((e) => e.kind === 'presence' && e.payload.online === false)));
    expect(left.find((e) => e.payload.online === false)?.payload).toEqual({ side: 'student', online: false });
    tu.close();
    await new Promise((r) => setTimeout(r, 100));
    const rows = await t.db.select().from(lessonAttendance).where(eq(lessonAttendance.lessonId, l.id));
    expect(rows.filter((r) => r.side === 'student').map((r) => r.kind).sort()).toEqual(['join', 'leave']);
    expect(rows.filter((r) => r.side === 'tutor').map((r) => r.kind).sort()).toEqual(['join', 'leave']);
  });

  it('one side opening many streams (security H1): at most three stay open, the oldest told "superseded"; presence is written on the first open and the last close only; the 31st open in a minute is a 429', async () => {
    const l = await lesson();
    const tu = open(l.id, l.tutor.token);
    const tuRes = await tu.res;
    await readFrames(tuRes, (f) => f.some((x) => x.event === 'ready'));
    const streams: { res: Response; close: () => void }[] = [];
    for (let i = 0; i < 12; i++) {
      const st = open(l.id, l.student.token);
      const res = await st.res;
      expect(res.status).toBe(200);
      streams.push({ res, close: st.close });
    }
    // The nine oldest were closed by the server with `superseded`; the three newest are still open.
    const first = await readFrames(streams[0]!.res, (f) => f.some((x) => x.event === 'superseded'));
    expect(first.some((x) => x.event === 'superseded')).toBe(true);
    const newest = await readFrames(streams[11]!.res, (f) => f.some((x) => x.event === 'ready'));
    expect(newest.some((x) => x.event === 'superseded')).toBe(false);
    // The tutor heard one "online", not twelve.
    const presence = async () => (await stored(l.id)).filter((e) => e.kind === 'presence' && (e.payload as { side: string }).side === 'student');
    expect((await presence()).map((e) => (e.payload as { online: boolean }).online)).toEqual([true]);
    for (const st of streams) st.close();
    await new Promise((r) => setTimeout(r, 200));
    expect((await presence()).map((e) => (e.payload as { online: boolean }).online)).toEqual([true, false]);
    // Opening again and again: 30 opens a minute per side, then 429 (on a fixed clock: one window).
    const at = new Date(l.row.startsAt.getTime() + 7 * MIN);
    const ctl = new AbortController();
    const more: Response[] = [];
    for (let i = 0; i < 30; i++) more.push(await roomStream(t.db, l.row, 'student', { after: 0, resume: false, signal: ctl.signal, now: () => at }));
    await expect(roomStream(t.db, l.row, 'student', { after: 0, resume: false, signal: ctl.signal, now: () => at })).rejects.toMatchObject({ status: 429, code: 'rate_limited' });
    ctl.abort();
    for (const r of more) await r.body?.cancel();
    tu.close();
  });

  it('notes saves are limited per side (60 a minute) and a save from a base more than 10 saves old is stored as it is, not merged (security H2)', async () => {
    const l = await lesson();
    const at = new Date(l.row.startsAt.getTime() + 6 * MIN);
    const save = (side: 'tutor' | 'student', text: string, base?: number) => sendEvent(t.db, l.row, side, { kind: 'notes', payload: { text, ...(base !== undefined ? { base } : {}) } } as never, at);
    const first = await save('tutor', 'Сабақ жоспары.');
    for (let i = 0; i < 11; i++) await save('tutor', `Сабақ жоспары. ${i}`);
    // Edited from the first version, 11 saves behind: stored as it is.
    const late = await save('student', 'Сабақ жоспары. Үй тапсырмасы.', first.seq);
    expect(late.payload.text).toBe('Сабақ жоспары. Үй тапсырмасы.');
    for (let i = 0; i < 48; i++) await save('tutor', `x ${i}`);
    await expect(save('tutor', 'one more')).rejects.toMatchObject({ status: 429, code: 'rate_limited' });
    // The other side's own limit is untouched.
    expect((await save('student', 'мен де')).seq).toBeGreaterThan(late.seq);
  });

  it('the dev tool that starts a lesson now answers 409 slot_taken when the move overlaps another lesson, never a 500 (security I2)', async () => {
    const l = await lesson();
    const later = new Date(l.row.startsAt.getTime() + 3 * 60 * MIN);
    const otherStudent = await person('student');
    const [second] = await t.db.insert(lessons).values({ tutorId: l.tutor.id, studentId: otherStudent.id, subject: 'kazakh', status: 'booked', startsAt: later, endsAt: new Date(later.getTime() + 30 * MIN) }).returning();
    await expect(startLessonNowForDev(t.db, second!.id, 0, new Date(l.row.startsAt.getTime() + 2 * MIN))).rejects.toMatchObject({ status: 409, code: 'slot_taken' });
  });

  it('attendance: held when both were together long enough; no-shows from the log; the job closes ended lessons nobody attended', async () => {
    const at = (l: { row: { startsAt: Date } }, min: number) => new Date(l.row.startsAt.getTime() + min * MIN);
    const rows = async (db: Db, lessonId: number, list: ['student' | 'tutor', string, 'join' | 'leave' | 'heartbeat', Date][]) => {
      for (const [side, connection, kind, when] of list) await db.insert(lessonAttendance).values({ lessonId, side, connection, kind, at: when });
    };
    // Pure: presence merges a side's connections and ends a silent one after the grace.
    const base = new Date('2026-01-01T10:00:00Z').getTime();
    const p = presence(
      [
        { side: 'tutor', connection: 'a', kind: 'join', at: new Date(base) },
        { side: 'tutor', connection: 'a', kind: 'heartbeat', at: new Date(base + 10 * MIN) }, // crashed: no leave
        { side: 'student', connection: 'b', kind: 'join', at: new Date(base + 2 * MIN) },
        { side: 'student', connection: 'b', kind: 'leave', at: new Date(base + 20 * MIN) },
      ],
      new Date(base + 60 * MIN),
    );
    expect(p.tutor).toEqual([[base, base + 10 * MIN + 45_000]]);
    expect(togetherMs(p)).toBe(8 * MIN + 45_000);

    const held = await lesson(-40 * MIN);
    await rows(t.db, held.id, [
      ['tutor', 't1', 'join', at(held, -2)],
      ['student', 's1', 'join', at(held, 1)],
      ['student', 's1', 'leave', at(held, 6)], // a network drop…
      ['student', 's2', 'join', at(held, 7)], // …and back on another connection
      ['student', 's2', 'leave', at(held, 25)],
      ['tutor', 't1', 'leave', at(held, 29)],
    ]);
    expect((await lessonAttendanceOf(t.db, held.id, new Date(), 15)).togetherMinutes).toBe(23);
    const short = await lesson(-40 * MIN);
    await rows(t.db, short.id, [
      ['tutor', 't', 'join', at(short, 0)],
      ['student', 's', 'join', at(short, 20)],
      ['student', 's', 'leave', at(short, 30)],
      ['tutor', 't', 'leave', at(short, 30)],
    ]);
    const tutorOnly = await lesson(-40 * MIN);
    await rows(t.db, tutorOnly.id, [['tutor', 't', 'join', at(tutorOnly, 0)], ['tutor', 't', 'leave', at(tutorOnly, 30)]]);
    const studentOnly = await lesson(-40 * MIN);
    await rows(t.db, studentOnly.id, [['student', 's', 'join', at(studentOnly, 0)], ['student', 's', 'heartbeat', at(studentOnly, 5)]]);
    const nobody = await lesson(-40 * MIN);
    const running = await lesson(-5 * MIN);

    expect(await settleEndedLessons(t.db)).toBeGreaterThanOrEqual(5);
    const state = async (id: number) => (await t.db.select({ status: lessons.status, noShow: lessons.noShow }).from(lessons).where(eq(lessons.id, id)))[0];
    expect(await state(held.id)).toEqual({ status: 'held', noShow: null });
    expect(await state(short.id)).toEqual({ status: 'not_held', noShow: null });
    expect(await state(tutorOnly.id)).toEqual({ status: 'not_held', noShow: 'student' });
    expect(await state(studentOnly.id)).toEqual({ status: 'not_held', noShow: 'tutor' });
    expect(await state(nobody.id)).toEqual({ status: 'not_held', noShow: 'both' });
    expect(await state(running.id)).toEqual({ status: 'booked', noShow: null }); // not over yet
    const trail = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'lesson.attendance'), eq(auditLog.entityId, String(nobody.id))));
    expect(trail[0]?.actorKind).toBe('system');
    // Once closed, the job leaves it alone.
    expect(await settleEndedLessons(t.db)).toBe(0);

    // During the lesson: held as soon as they were together long enough (a heartbeat checks).
    const live = await lesson(-20 * MIN);
    await rows(t.db, live.id, [
      ['tutor', 't', 'join', at(live, -1)],
      ['student', 's', 'join', at(live, 0)],
      ['tutor', 't', 'heartbeat', at(live, 19)],
      ['student', 's', 'heartbeat', at(live, 19)],
    ]);
    expect(await markHeldIfTogether(t.db, live.id)).toBe(true);
    expect(await state(live.id)).toEqual({ status: 'held', noShow: null });
  });

  it('TURN: coturn REST credentials from TURN_SECRET, only when TURN_URLS is set, lapsing 10 minutes after the lesson\'s end (security I3)', () => {
    const now = new Date('2026-11-27T08:00:00Z');
    const c = turnCredentials('s3cret-s3cret-s3cret', '42-tutor', 3600, now);
    expect(c.username).toBe(`${Math.floor(now.getTime() / 1000) + 3600}:42-tutor`);
    expect(c.credential).toBe(createHmac('sha1', 's3cret-s3cret-s3cret').update(c.username).digest('base64'));
    const e = parseServerEnv({ TURN_URLS: 'stun:turn.tilmen.kz:3478, turns:turn.tilmen.kz:443?transport=tcp', TURN_SECRET: 's3cret-s3cret-s3cret' } as unknown as NodeJS.ProcessEnv);
    // A 50-minute lesson that started 5 minutes ago: 45 minutes left, credentials for 55 (not the 4 hours of TURN_TTL_SECONDS).
    const endsAt = new Date(now.getTime() + 45 * MIN);
    const { servers, expiresAt } = iceServers('42-student', endsAt, now, e);
    expect(servers[0]).toEqual({ urls: ['stun:turn.tilmen.kz:3478'] });
    expect(servers[1]).toMatchObject({ urls: ['turns:turn.tilmen.kz:443?transport=tcp'], username: `${Math.floor(now.getTime() / 1000) + 55 * 60}:42-student` });
    expect(expiresAt).toEqual(new Date(now.getTime() + 55 * MIN));
    // A short TURN_TTL_SECONDS bounds it (the page fetches new ones); at least 5 minutes near the end.
    expect(turnTtlSeconds(endsAt, now, 1800)).toBe(1800);
    expect(turnTtlSeconds(new Date(now.getTime() - 9 * MIN), now, 14_400)).toBe(300);
    expect(iceServers('x', endsAt, now, parseServerEnv({} as unknown as NodeJS.ProcessEnv))).toEqual({ servers: [], expiresAt: null });
    expect(() => parseServerEnv({ TURN_URLS: 'turn:x:3478' } as unknown as NodeJS.ProcessEnv)).toThrow(/TURN_SECRET/);
    expect(() => parseServerEnv({ TURN_URLS: 'http://x' } as unknown as NodeJS.ProcessEnv)).toThrow(/TURN_URLS/);
  });
});

describe(`the student's dictionary (${dbLabel()})`, () => {
  const t = useTestDb({ asAppDb: true });

  it('holds every word of the student\'s lessons with the lesson it came from, searchable; a tutor has none, another student sees none', async () => {
    const { GET: wordsRoute } = await import('@/app/api/cabinet/words/route');
    const mk = async (role: 'student' | 'tutor', k: number) => {
      const scope = role === 'tutor' ? 'tutor tutor:bookable' : 'student';
      const id = await insertTestUser(t.db, { role, scope, phone: `+770155500${k}0`, email: `dict${k}@example.kz`, name: role === 'tutor' ? 'Дана' : 'Айгерім', lastname: 'Ахметова' });
      return { id, token: (await openSession(t.db, { id, scope })).accessToken };
    };
    const [tutorA, tutorB, st, other] = [await mk('tutor', 1), await mk('tutor', 2), await mk('student', 3), await mk('student', 4)];
    const booked = async (tutorId: number, startsIn: number, subject: string) => {
      const startsAt = new Date(Date.now() + startsIn);
      const [row] = await t.db.insert(lessons).values({ tutorId, studentId: st.id, subject, status: 'booked', startsAt, endsAt: new Date(startsAt.getTime() + 30 * MIN) }).returning();
      return row!;
    };
    const first = await booked(tutorA.id, -5 * MIN, 'kazakh');
    const second = await booked(tutorB.id, -5 * MIN, 'english');
    const say = (l: { id: number }, token: string, word: string, translation: string, lang?: string) =>
      call(sendRoute, req(`/api/lessons/${l.id}/room/events`, { token, body: { kind: 'vocab', payload: { word, translation, ...(lang ? { lang } : {}) } } }), { id: String(l.id) });
    expect((await say(first, tutorA.token, 'алма', 'apple', 'en')).status).toBe(201);
    // The translation's language is one of the three (422 otherwise, nothing stored).
    expect((await say(first, tutorA.token, 'алма', 'apple', 'de')).status).toBe(422);
    expect((await say(first, tutorA.token, 'кітап', 'book')).status).toBe(201);
    expect((await say(second, tutorB.token, 'мектеп', 'school')).status).toBe(201);
    // A tutor cannot add words to another tutor's lesson.
    expect((await say(second, tutorA.token, 'x', 'y')).status).toBe(403);

    type Dict = { student: boolean; words: { word: string; translation: string; lang: string | null; lesson: { id: number; tutor: string } }[] };
    const dict = async (token: string, q?: string) => (await (await call(wordsRoute, req(`/api/cabinet/words${q ? `?q=${encodeURIComponent(q)}` : ''}`, { token }))).json()) as Dict;
    const all = await dict(st.token);
    expect(all.words.map((w) => w.word)).toEqual(['мектеп', 'кітап', 'алма']);
    expect(all.words[2]!.lesson).toMatchObject({ id: first.id, tutor: 'Дана Ахметова' });
    expect(all.words.map((w) => w.lang)).toEqual([null, null, 'en']);
    expect((await dict(st.token, 'BOO')).words.map((w) => w.word)).toEqual(['кітап']);
    expect((await dict(st.token, 'мек')).words.map((w) => w.translation)).toEqual(['school']);
    expect((await dict(st.token, '%')).words).toEqual([]);
    expect(await dict(other.token)).toEqual({ student: true, words: [] });
    expect(await dict(tutorA.token)).toEqual({ student: false, words: [] });
  });
});
