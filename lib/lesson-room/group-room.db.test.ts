import { eq } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ApiError } from '@/lib/api/errors';
import type { Actor } from '@/lib/audit/log';
import { openSession } from '@/lib/auth/http';
import { groupSeats, lessonAttendance, lessonReports as lessonReportsTable, lessonRoomEvents, lessonRoomRemovals, lessons, lessonSfuAdmissions, lessonSfuRooms, lessonStudentFacts, lessonWords, tutorApplications, tutorProfiles } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { createGroup, openGroup, setTeachesGroups } from '@/lib/groups/admin';
import { settleEndedLessons } from '@/lib/lessons/attendance';
import { SfuError } from '@/lib/sfu/janus-http';
import type { SfuRoom } from '@/lib/sfu/placement';
import { groupSchema } from '@/lib/validations/groups';
import { emptyProfile } from '@/lib/validations/tutor-profile';
import { dbLabel, insertTestUser, useTestDb } from '@/test/db';
import { call } from '@/test/staff';
import { GET as roomRoute } from '@/app/api/lessons/[id]/room/route';
import { GET as streamRoute, POST as sendRoute } from '@/app/api/lessons/[id]/room/events/route';
import { POST as sfuRoute } from '@/app/api/lessons/[id]/sfu/route';
import { POST as reportRoute } from '@/app/api/lessons/[id]/report/route';
import { listLessons } from '@/lib/lessons/booking';
import { tutorGroups } from '@/lib/groups/catalogue';
import { enterRoom } from './access';
import { lessonRecord } from './record';
import { fileGroupReport, REPORT_EDIT_HOURS, studentProgress } from './report';
import { stopBus } from '@/lib/runtime/bus';
import { sendEvent } from './events';
import { moderate, type ModerateOps } from './moderate';
import { blocksOf, holdBlocks } from './controls';
import { closeEndedSfuRooms, FEED_SPAN, feedOwner, lessonRoom, sfuAccess, SFU_ROOM_CLOSE_AFTER_MINUTES, type SfuOps } from './sfu';
import { roomStream } from './stream';

// The group room's server side: who enters a group lesson (its tutor and seated students), each
// student's attendance from the room's log, and the lesson's Janus room (lib/lesson-room/sfu.ts;
// lib/sfu is a fake here: its calls against a real Janus are lib/sfu/rooms.janus.test.ts's).

const MIN = 60_000;
const staff: Actor = { kind: 'staff', id: null, label: 'sales@school.kz', ipHash: 'test' };
const T0 = new Date('2025-03-03T04:00:00Z');

/** lib/sfu as a fake: rooms numbered in order, every admission recorded. */
function fakeSfu(opts: { failCreate?: boolean; publishing?: number[] } = {}) {
  let next = 1000;
  const created: SfuRoom[] = [];
  const admitted: { room: number; token: string }[] = [];
  const muted: string[] = [];
  const ops: SfuOps = {
    listParticipants: async () => (opts.publishing ?? []).map((id) => ({ id, publisher: true })),
    muteParticipant: async (_room, id, o) => void muted.push(`${o.mute === false ? 'unmute' : 'mute'} ${id} ${o.mid}`),
    createRoom: async () => {
      if (opts.failCreate) throw new Error('connect ECONNREFUSED');
      await new Promise((r) => setTimeout(r, 30));
      const room = { serverId: 'local', room: next++, pin: `pin-${next}`, secret: `secret-${next}` };
      created.push(room);
      return room;
    },
    admitParticipant: async (room, o) => {
      const token = `tok-${admitted.length}`;
      admitted.push({ room: room.room, token });
      return { url: 'ws://127.0.0.1:8188/janus', room: room.room, pin: room.pin, token, expiresAt: new Date((o.now ?? new Date()).getTime() + o.ttlSeconds * 1000) };
    },
  };
  return { ops, created, admitted, muted };
}

describe(`the group room (${dbLabel()})`, () => {
  const t = useTestDb({ asAppDb: true });
  let db: Db;
  let n = 0;
  const phone = () => `+7703${String(1_000_000 + ++n)}`;
  beforeAll(() => {
    db = t.db;
    vi.spyOn(console, 'info').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterAll(() => stopBus());

  async function person(role: 'student' | 'tutor', name = 'Айгерім') {
    const scope = role === 'tutor' ? 'tutor tutor:bookable' : 'student';
    const id = await insertTestUser(db, { role, scope, phone: phone(), email: `g${n}@example.kz`, name, lastname: 'Серікова' });
    const { accessToken } = await openSession(db, { id, scope });
    return { id, token: accessToken };
  }
  async function tutor() {
    const p = await person('tutor', 'Дина');
    await db.insert(tutorApplications).values({ userId: p.id, status: 'approved', reviewDueAt: T0, decidedAt: T0 });
    const profile = { ...emptyProfile(), price: 6000, subjects: ['english', 'kazakh'] as never, teachingLanguages: ['ru'] as never };
    await db.insert(tutorProfiles).values({ userId: p.id, slug: `dina-${p.id}`, draft: profile, published: profile, publishedAt: T0 });
    await setTeachesGroups(db, staff, p.id, true);
    return p;
  }
  /** A group of `seated` paid students with one dated lesson starting `startsIn` ms from `at` (now unless given; an hour long). */
  async function groupLesson(seated: number, startsIn = -5 * MIN, at?: Date) {
    const tu = await tutor();
    const v = groupSchema.parse({ subject: 'english', level: 'A2', ageBand: 'adults', tutorId: tu.id, weekdays: [1, 3], startTime: '18:30', durationMinutes: 60, startDate: '2025-03-10', lessons: 2, minSeats: 1, maxSeats: 6, pricePerLesson: 3500 });
    const group = await openGroup(db, staff, (await createGroup(db, staff, v, T0)).id, T0);
    const students = [];
    for (let i = 0; i < seated; i++) {
      const s = await person('student', ['Айгерім', 'Нұрлан', 'Мадина'][i] ?? 'Әлия');
      await db.insert(groupSeats).values({ groupId: group.id, studentId: s.id, status: 'paid', lessons: 2, perLessonTiyn: 350_000, amountTiyn: 700_000, coversFrom: T0, paidAt: T0 });
      students.push(s);
    }
    const startsAt = new Date((at ?? new Date()).getTime() + startsIn);
    const [row] = await db.insert(lessons).values({ tutorId: tu.id, kind: 'group', groupId: group.id, subject: 'english', status: 'booked', startsAt, endsAt: new Date(startsAt.getTime() + 60 * MIN) }).returning();
    return { lesson: row!, tutor: tu, students, groupId: group.id };
  }

  const req = (path: string, token?: string, opts: { method?: string; body?: unknown; signal?: AbortSignal; locale?: string } = {}) => {
    const headers = new Headers({ 'accept-language': opts.locale ?? 'ru', 'x-forwarded-for': `10.8.${n & 255}.${(n * 3) & 255}` });
    if (token) headers.set('authorization', `Bearer ${token}`);
    if (opts.body !== undefined) headers.set('content-type', 'application/json');
    return new NextRequest(`http://localhost${path}`, { method: opts.method ?? 'GET', headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body), signal: opts.signal });
  };
  const info = (id: number, token?: string, locale?: string) => call(roomRoute, req(`/api/lessons/${id}/room`, token, { locale }), { id: String(id) });
  const sfu = (id: number, token?: string) => call(sfuRoute, req(`/api/lessons/${id}/sfu`, token, { method: 'POST' }), { id: String(id) });
  const send = (id: number, token: string, body: unknown) => call(sendRoute, req(`/api/lessons/${id}/room/events`, token, { method: 'POST', body }), { id: String(id) });
  const refusal = async (p: Promise<unknown>) => {
    const e = (await p.then(() => null, (err: unknown) => err)) as ApiError | null;
    return e ? [e.status, e.code] : 'ok';
  };

  it('admits the tutor and every seated student; a student without a seat, one of another group and a stranger get 403 on the page, the stream, the chat and the SFU', async () => {
    const g = await groupLesson(2);
    const other = await groupLesson(1);
    const stranger = await person('student');
    for (const p of [g.tutor, ...g.students]) expect((await info(g.lesson.id, p.token)).status).toBe(200);
    const body = (await (await info(g.lesson.id, g.students[1]!.token)).json()) as { side: string; kind: string; me: number; people: { id: number; side: string; name: string }[] };
    expect(body).toMatchObject({ side: 'student', kind: 'group', me: g.students[1]!.id });
    expect(body.people.map((p) => [p.id, p.side])).toEqual([[g.tutor.id, 'tutor'], ...g.students.map((s) => [s.id, 'student'])]);
    expect(body.people[1]!.name).toBe('Айгерім С.');
    expect(((await (await info(g.lesson.id, g.tutor.token)).json()) as { other: { name: string } }).other.name).toBe('Айгерім С., Нұрлан С.');
    for (const p of [other.students[0]!, stranger, other.tutor]) {
      const r = await info(g.lesson.id, p.token, 'en');
      expect(r.status).toBe(403);
      expect(((await r.json()) as { error: { code: string } }).error.code).toBe('room_forbidden');
      expect((await send(g.lesson.id, p.token, { kind: 'chat', payload: { text: 'hi' } })).status).toBe(403);
      expect((await sfu(g.lesson.id, p.token)).status).toBe(403);
      expect((await call(streamRoute, req(`/api/lessons/${g.lesson.id}/room/events`, p.token), { id: String(g.lesson.id) })).status).toBe(403);
    }
    // A seat that ended before the lesson (refunded) is no longer a way in; one paid after it started never was.
    await db.update(groupSeats).set({ status: 'refunded', endedAt: T0 }).where(eq(groupSeats.studentId, g.students[1]!.id));
    expect((await info(g.lesson.id, g.students[1]!.token)).status).toBe(403);
    // The window is the room's: early and over are 409, as for a one-on-one lesson.
    const early = await groupLesson(1, 11 * MIN);
    expect(await refusal(enterRoom(db, early.students[0]!, early.lesson.id))).toEqual([409, 'room_not_open']);
    expect(await refusal(enterRoom(db, g.students[0]!, g.lesson.id, new Date(g.lesson.endsAt.getTime() + 1)))).toEqual([409, 'room_closed']);
    expect((await info(g.lesson.id)).status).toBe(401);
  });

  it('chat for all, stamped with who wrote it by the server; no peer-to-peer signals', async () => {
    const g = await groupLesson(2);
    const [a, b] = g.students;
    // The browser cannot name an author (the schema refuses unknown fields); the server stamps it.
    expect((await send(g.lesson.id, a!.token, { kind: 'chat', payload: { text: 'Сәлем бәріне!', from: b!.id } })).status).toBe(422);
    expect((await send(g.lesson.id, a!.token, { kind: 'chat', payload: { text: 'Сәлем бәріне!' } })).status).toBe(201);
    expect((await db.select().from(lessonRoomEvents).where(eq(lessonRoomEvents.lessonId, g.lesson.id))).find((e) => e.kind === 'chat')!.payload).toEqual({ text: 'Сәлем бәріне!', from: a!.id });
    expect((await send(g.lesson.id, a!.token, { kind: 'signal', payload: { hello: true } })).status).toBe(409);
  });

  it('attendance per student from the server\'s log: each stream\'s rows carry its user; the settling gives each seated student their facts', async () => {
    const g = await groupLesson(3, -70 * MIN);
    const [a, b, c] = g.students;
    const l = g.lesson;
    let clock = l.startsAt;
    const now = () => clock;
    const streams: { ctl: AbortController; res: Response }[] = [];
    const openAs = async (side: 'tutor' | 'student', userId: number) => {
      const ctl = new AbortController();
      streams.push({ ctl, res: await roomStream(db, l, side, { after: 0, resume: false, signal: ctl.signal, now, userId }) });
      return streams.length - 1;
    };
    // The tutor and A for the whole hour; B for 10 minutes (under LESSON_HELD_MINUTES); C never.
    const tu = await openAs('tutor', g.tutor.id);
    const sa = await openAs('student', a!.id);
    const sb = await openAs('student', b!.id);
    clock = new Date(l.startsAt.getTime() + 10 * MIN);
    streams[sb]!.ctl.abort();
    await new Promise((r) => setTimeout(r, 50));
    clock = l.endsAt;
    for (const i of [tu, sa]) streams[i]!.ctl.abort();
    await new Promise((r) => setTimeout(r, 50));
    for (const s of streams) await s.res.body?.cancel().catch(() => {});
    const rows = await db.select().from(lessonAttendance).where(eq(lessonAttendance.lessonId, l.id));
    expect(rows.every((r) => r.userId !== null)).toBe(true);
    expect(new Set(rows.map((r) => r.userId))).toEqual(new Set([g.tutor.id, a!.id, b!.id]));
    expect(rows.filter((r) => r.userId === b!.id).map((r) => r.kind).sort()).toEqual(['join', 'leave']);

    // The lesson's record: the tutor sees each seated student's attendance, a student their own.
    const after = new Date(l.endsAt.getTime() + MIN);
    expect((await lessonRecord(db, g.tutor, l.id, after)).students!.map((x) => [x.id, x.joined, x.present, x.minutes])).toEqual([[a!.id, true, true, 60], [b!.id, true, false, 10], [c!.id, false, false, 0]]);
    expect((await lessonRecord(db, b!, l.id, after)).students!.map((x) => x.id)).toEqual([b!.id]);
    await settleEndedLessons(db, new Date(l.endsAt.getTime() + MIN));
    const facts = await db.select().from(lessonStudentFacts).where(eq(lessonStudentFacts.lessonId, l.id));
    expect(facts.map((f) => [f.studentId, f.present, f.minutes]).sort()).toEqual([[a!.id, true, 60], [b!.id, false, 10], [c!.id, false, 0]].sort());
    const [done] = await db.select().from(lessons).where(eq(lessons.id, l.id));
    expect(done).toMatchObject({ status: 'held', factStatus: 'held' });
  });

  it('the SFU: one room per lesson however many ask at once, kept with the lesson; each participant gets a token of their own, a feed id of their own, never the secret', async () => {
    const g = await groupLesson(2);
    const fake = fakeSfu();
    const all = await Promise.all([g.tutor, ...g.students, g.students[0]!].map((p) => sfuAccess(db, p, g.lesson.id, new Date(), fake.ops)));
    expect(fake.created).toHaveLength(1);
    const [stored] = await db.select().from(lessonSfuRooms).where(eq(lessonSfuRooms.lessonId, g.lesson.id));
    expect(stored).toMatchObject({ serverId: 'local', room: fake.created[0]!.room, secret: fake.created[0]!.secret });
    for (const a of all) {
      expect(a).toMatchObject({ url: 'ws://127.0.0.1:8188/janus', room: fake.created[0]!.room, pin: fake.created[0]!.pin });
      expect(JSON.stringify(a)).not.toContain(fake.created[0]!.secret);
    }
    expect(new Set(all.map((a) => a.token)).size).toBe(4);
    expect(all.map((a) => feedOwner(a.feedId))).toEqual([g.tutor.id, ...g.students.map((s) => s.id), g.students[0]!.id]);
    expect(all.every((a) => a.feedId % FEED_SPAN > 0)).toBe(true);
    // The token lapses with the lesson (its end and 10 minutes).
    expect(new Date(all[0]!.expiresAt).getTime()).toBeGreaterThanOrEqual(g.lesson.endsAt.getTime() + 9 * MIN);
    expect(all[0]!.side).toBe('tutor');
    const admissions = await db.select().from(lessonSfuAdmissions).where(eq(lessonSfuAdmissions.lessonId, g.lesson.id));
    expect(admissions.map((r) => r.token).sort()).toEqual(all.map((a) => a.token).sort());
    // A room gone from its server (a restart) is replaced once, under the lock.
    const replaced = await lessonRoom(db, g.lesson, fake.ops, fake.created[0]!);
    expect(replaced.room).not.toBe(fake.created[0]!.room);
    expect((await lessonRoom(db, g.lesson, fake.ops)).room).toBe(replaced.room);
  });

  it('the SFU route: 401 signed out, 403 outsiders and removed students, 409 a one-on-one lesson, 503 when Janus cannot be reached', async () => {
    const g = await groupLesson(2);
    const outsider = await person('student');
    expect((await sfu(g.lesson.id)).status).toBe(401);
    expect((await sfu(g.lesson.id, outsider.token)).status).toBe(403);
    expect((await sfu(999_999, g.tutor.token)).status).toBe(403);
    const single = await person('student');
    const [one] = await db.insert(lessons).values({ tutorId: g.tutor.id, studentId: single.id, subject: 'english', status: 'booked', startsAt: new Date(Date.now() + 3 * 60 * MIN), endsAt: new Date(Date.now() + 4 * 60 * MIN) }).returning();
    expect(await refusal(sfuAccess(db, single, one!.id, new Date(one!.startsAt.getTime() - MIN), fakeSfu().ops))).toEqual([409, 'not_group_lesson']);
    expect(await refusal(sfuAccess(db, g.tutor, g.lesson.id, new Date(), fakeSfu({ failCreate: true }).ops))).toEqual([503, 'sfu_unavailable']);
    expect(await db.select().from(lessonSfuRooms).where(eq(lessonSfuRooms.lessonId, g.lesson.id))).toEqual([]);
    // Removed by the tutor: refused by the page, the stream, the chat and the SFU for the rest of the lesson.
    await db.insert(lessonRoomRemovals).values({ lessonId: g.lesson.id, userId: g.students[0]!.id, byUserId: g.tutor.id, reason: 'Мешал уроку' });
    const r = await info(g.lesson.id, g.students[0]!.token, 'kk');
    expect(r.status).toBe(403);
    expect(((await r.json()) as { error: { code: string; message: string } }).error).toMatchObject({ code: 'room_removed' });
    expect((await sfu(g.lesson.id, g.students[0]!.token)).status).toBe(403);
    expect((await send(g.lesson.id, g.students[0]!.token, { kind: 'chat', payload: { text: 'hi' } })).status).toBe(403);
    expect(await refusal(sfuAccess(db, g.students[1]!, g.lesson.id, new Date(), fakeSfu().ops))).toBe('ok');
  });

  it('moderation: the tutor mutes one student or every student (Janus told by mid, every page by the log), removes one with the reason kept: off the allowed list, kicked, refused for the rest of the lesson; a student cannot moderate', async () => {
    const g = await groupLesson(2);
    const [a, b] = g.students;
    const fake = fakeSfu();
    const accessA = await sfuAccess(db, a!, g.lesson.id, new Date(), fake.ops);
    const accessB = await sfuAccess(db, b!, g.lesson.id, new Date(), fake.ops);
    const accessT = await sfuAccess(db, g.tutor, g.lesson.id, new Date(), fake.ops);
    const calls: string[] = [];
    const ops: ModerateOps = {
      listParticipants: async () => [accessA, accessB, accessT].map((x) => ({ id: x.feedId, publisher: true })),
      muteParticipant: async (_room, id, o) => void calls.push(`mute ${feedOwner(id)} ${o.mid}`),
      disallowToken: async (_room, tokens) => void calls.push(`disallow ${[tokens].flat().join(',')}`),
      kick: async (_room, id) => (calls.push(`kick ${feedOwner(id)}`), true),
    };
    expect(await refusal(moderate(db, a!, g.lesson.id, { action: 'mute_all' }, new Date(), ops))).toEqual([403, 'forbidden']);
    expect(await moderate(db, g.tutor, g.lesson.id, { action: 'mute', userId: a!.id, kind: 'audio' }, new Date(), ops)).toEqual({ muted: [a!.id] });
    expect(calls).toEqual([`mute ${a!.id} 0`]);
    calls.length = 0;
    expect(((await moderate(db, g.tutor, g.lesson.id, { action: 'mute_all' }, new Date(), ops)) as { muted: number[] }).muted.sort()).toEqual([a!.id, b!.id].sort());
    expect(calls.sort()).toEqual([`mute ${a!.id} 0`, `mute ${b!.id} 0`].sort());
    const told = (await db.select().from(lessonRoomEvents).where(eq(lessonRoomEvents.lessonId, g.lesson.id))).filter((e) => e.kind === 'presence' && e.side === 'server' && e.payload.mutedBy);
    expect(told.map((e) => e.payload.userId as number).sort()).toEqual([a!.id, a!.id, b!.id].sort());
    calls.length = 0;
    const outsider = await person('student');
    expect(await refusal(moderate(db, g.tutor, g.lesson.id, { action: 'remove', userId: outsider.id, reason: 'x' }, new Date(), ops))).toEqual([404, 'not_found']);
    expect(await moderate(db, g.tutor, g.lesson.id, { action: 'remove', userId: b!.id, reason: 'Сабаққа кедергі жасады' }, new Date(), ops)).toEqual({ removed: b!.id });
    expect(calls).toEqual([`disallow ${accessB.token}`, `kick ${b!.id}`]);
    const [kept] = await db.select().from(lessonRoomRemovals).where(eq(lessonRoomRemovals.lessonId, g.lesson.id));
    expect(kept).toMatchObject({ userId: b!.id, byUserId: g.tutor.id, reason: 'Сабаққа кедергі жасады' });
    expect(await refusal(sfuAccess(db, b!, g.lesson.id, new Date(), fake.ops))).toEqual([403, 'room_removed']);
    expect((await info(g.lesson.id, b!.token)).status).toBe(403);
    expect(await refusal(sfuAccess(db, a!, g.lesson.id, new Date(), fake.ops))).toBe('ok');
  });

  it('destroys a group lesson\'s Janus room 15 minutes after its end (or once cancelled) and forgets it; a server that does not answer keeps it for the next pass', async () => {
    const ended = await groupLesson(1, -90 * MIN);
    const live = await groupLesson(1, -5 * MIN);
    const down = await groupLesson(1, -120 * MIN);
    const gone = await groupLesson(1, -100 * MIN);
    const room = (k: number): SfuRoom => ({ serverId: k === gone.lesson.id ? 'retired' : k === down.lesson.id ? 'down' : 'local', room: 5000 + k, pin: 'p', secret: 's' });
    for (const g of [ended, live, down, gone]) await db.insert(lessonSfuRooms).values({ lessonId: g.lesson.id, ...room(g.lesson.id) });
    const destroyed: number[] = [];
    const destroy = async (r: SfuRoom) => {
      if (r.serverId === 'down') throw new SfuError('unreachable', 'connect ECONNREFUSED');
      if (r.serverId === 'retired') throw new SfuError('not_configured', 'no such server');
      destroyed.push(r.room);
      return true;
    };
    const now = new Date();
    expect(SFU_ROOM_CLOSE_AFTER_MINUTES).toBe(15);
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(await closeEndedSfuRooms(db, now, destroy)).toBe(2);
    expect(destroyed).toEqual([5000 + ended.lesson.id]);
    const left = (await db.select({ id: lessonSfuRooms.lessonId }).from(lessonSfuRooms)).map((r) => r.id);
    expect(left).toContain(live.lesson.id);
    expect(left).toContain(down.lesson.id);
    expect(left).not.toContain(ended.lesson.id);
    expect(left).not.toContain(gone.lesson.id);
    // A lesson still on, 14 minutes after its end: kept; cancelled: destroyed at once.
    expect(await closeEndedSfuRooms(db, new Date(live.lesson.endsAt.getTime() + 14 * MIN), destroy)).toBe(0);
    await db.update(lessons).set({ status: 'cancelled' }).where(eq(lessons.id, live.lesson.id));
    expect(await closeEndedSfuRooms(db, now, destroy)).toBe(1);
    expect(destroyed).toEqual([5000 + ended.lesson.id, 5000 + live.lesson.id]);
  });
  // ── The tutor's standing controls (issue 33's "camera off", spotlight, the board's toggle, the
  // notes read-only, words for every present student), against a fixed clock: AT is the lesson's 10th minute.
  const AT = new Date('2025-03-11T10:10:00Z');
  const serverEvents = async (lessonId: number) => (await db.select().from(lessonRoomEvents).where(eq(lessonRoomEvents.lessonId, lessonId))).filter((e) => e.side === 'server').sort((x, y) => x.seq - y.seq);
  /** The fake Janus's moderation calls, by whose feed: 'mute <userId> <mid>'. */
  const janus = (listed: number[]) => {
    const calls: string[] = [];
    const ops: ModerateOps = {
      listParticipants: async () => listed.map((id) => ({ id, publisher: true })),
      muteParticipant: async (_room, id, o) => void calls.push(`${o.mute === false ? 'unmute' : 'mute'} ${feedOwner(id)} ${o.mid}`),
      disallowToken: async () => {},
      kick: async () => true,
    };
    return { ops, calls };
  };

  it('camera off: the tutor turns a student\'s camera off (Janus stops mid 1 of their feeds, every page told); it stands when the student comes back on a new feed (the server mutes that one once it publishes) until the tutor lets it back; mute all; never by a student', async () => {
    const g = await groupLesson(2, -10 * MIN, AT);
    const [a, b] = g.students;
    const first = fakeSfu();
    const accessA = await sfuAccess(db, a!, g.lesson.id, AT, first.ops);
    const accessB = await sfuAccess(db, b!, g.lesson.id, AT, first.ops);
    const j = janus([accessA.feedId, accessB.feedId]);
    expect(await refusal(moderate(db, b!, g.lesson.id, { action: 'mute', userId: a!.id, kind: 'video' }, AT, j.ops))).toEqual([403, 'forbidden']);
    expect(await moderate(db, g.tutor, g.lesson.id, { action: 'mute', userId: a!.id, kind: 'video' }, AT, j.ops)).toEqual({ muted: [a!.id] });
    expect(j.calls).toEqual([`mute ${a!.id} 1`]);
    expect((await serverEvents(g.lesson.id)).at(-1)!.payload).toEqual({ userId: a!.id, mutedBy: 'tutor', video: false });

    // A reloads: a new feed, which Janus does not know was muted. The server watches the room for it
    // (this fake Janus lists every feed admitted so far) and mutes its camera once it publishes.
    const listsAdmitted = () => {
      const f = fakeSfu();
      f.ops.listParticipants = async () => (await db.select().from(lessonSfuAdmissions).where(eq(lessonSfuAdmissions.lessonId, g.lesson.id))).map((r) => ({ id: r.feedId, publisher: true }));
      return f;
    };
    const again = listsAdmitted();
    const back = await sfuAccess(db, a!, g.lesson.id, AT, again.ops);
    await vi.waitFor(() => expect(again.muted).toEqual([`mute ${back.feedId} 1`]));
    // B was never blocked: nothing watched, nothing muted.
    const forB = listsAdmitted();
    await sfuAccess(db, b!, g.lesson.id, AT, forB.ops);
    expect(await blocksOf(db, g.lesson.id, a!.id)).toEqual({ audio: false, video: true });
    expect(await blocksOf(db, g.lesson.id, b!.id)).toEqual({ audio: false, video: false });
    // The watch looks until the feed publishes (here on the third look), and gives up after its time.
    let looks = 0;
    const slow = fakeSfu();
    slow.ops.listParticipants = async () => (++looks >= 3 ? [{ id: back.feedId, publisher: true }] : [{ id: back.feedId, publisher: false }]);
    expect(await holdBlocks(first.created[0]!, back.feedId, { audio: true, video: true }, slow.ops, { everyMs: 5, forMs: 1000 })).toBe(true);
    expect(slow.muted).toEqual([`mute ${back.feedId} 0`, `mute ${back.feedId} 1`]);
    const never = fakeSfu();
    expect(await holdBlocks(first.created[0]!, back.feedId, { audio: false, video: true }, never.ops, { everyMs: 5, forMs: 30 })).toBe(false);
    expect(forB.muted).toEqual([]);

    // The tutor lets the camera back: Janus relays it again, every page is told, no block stands.
    j.calls.length = 0;
    const j2 = janus([accessB.feedId, back.feedId]);
    expect(await moderate(db, g.tutor, g.lesson.id, { action: 'unmute', userId: a!.id, kind: 'video' }, AT, j2.ops)).toEqual({ allowed: [a!.id] });
    expect(j2.calls).toEqual([`unmute ${a!.id} 1`]);
    expect((await serverEvents(g.lesson.id)).at(-1)!.payload).toEqual({ userId: a!.id, allowedBy: 'tutor', video: true });
    expect(await blocksOf(db, g.lesson.id, a!.id)).toEqual({ audio: false, video: false });

    // Mute all: every student's microphone (the tutor's own feed left alone), each page told, each block standing.
    const accessT = await sfuAccess(db, g.tutor, g.lesson.id, AT, fakeSfu().ops);
    const j3 = janus([accessA.feedId, accessB.feedId, accessT.feedId]);
    expect(((await moderate(db, g.tutor, g.lesson.id, { action: 'mute_all' }, AT, j3.ops)) as { muted: number[] }).muted.sort()).toEqual([a!.id, b!.id].sort());
    expect(j3.calls.sort()).toEqual([`mute ${a!.id} 0`, `mute ${b!.id} 0`].sort());
    expect(await blocksOf(db, g.lesson.id, b!.id)).toEqual({ audio: true, video: false });
    // A student who publishes no camera (Janus: no such mid, 428) is no failure.
    const noCamera: ModerateOps = { ...j3.ops, muteParticipant: async () => { throw new SfuError('videoroom', 'No such mid', 428); } };
    expect(await moderate(db, g.tutor, g.lesson.id, { action: 'mute', userId: b!.id, kind: 'video' }, AT, noCamera)).toEqual({ muted: [b!.id] });
  });

  it('spotlight: the tutor puts one participant (a student or themselves) large on every page, or nobody; never a stranger or a removed student; never by a student', async () => {
    const g = await groupLesson(2, -10 * MIN, AT);
    const [a, b] = g.students;
    const stranger = await person('student');
    const { ops } = janus([]);
    expect(await moderate(db, g.tutor, g.lesson.id, { action: 'spotlight', userId: a!.id }, AT, ops)).toEqual({ spotlight: a!.id });
    expect((await serverEvents(g.lesson.id)).at(-1)!.payload).toEqual({ spotlight: a!.id });
    expect(await moderate(db, g.tutor, g.lesson.id, { action: 'spotlight', userId: g.tutor.id }, AT, ops)).toEqual({ spotlight: g.tutor.id });
    expect(await moderate(db, g.tutor, g.lesson.id, { action: 'spotlight', userId: null }, AT, ops)).toEqual({ spotlight: null });
    expect((await serverEvents(g.lesson.id)).at(-1)!.payload).toEqual({ spotlight: null });
    expect(await refusal(moderate(db, g.tutor, g.lesson.id, { action: 'spotlight', userId: stranger.id }, AT, ops))).toEqual([404, 'not_found']);
    expect(await refusal(moderate(db, a!, g.lesson.id, { action: 'spotlight', userId: a!.id }, AT, ops))).toEqual([403, 'forbidden']);
    await moderate(db, g.tutor, g.lesson.id, { action: 'remove', userId: b!.id, reason: 'Сабаққа кедергі жасады' }, AT, ops);
    expect(await refusal(moderate(db, g.tutor, g.lesson.id, { action: 'spotlight', userId: b!.id }, AT, ops))).toEqual([404, 'not_found']);
  });

  it('the board: for all at the start; while the tutor keeps it, a student\'s stroke is refused (403 board_tutor_only) and not stored, the tutor\'s goes on; a switch and strokes at once are ordered by the room\'s lock; a student cannot switch it', async () => {
    const g = await groupLesson(2, -10 * MIN, AT);
    const [a, b] = g.students;
    const { ops } = janus([]);
    const stroke = (id: string, version = 1) => ({ kind: 'board' as const, payload: { elements: [{ id, version, type: 'freedraw' }] } });
    const boardOf = async () => (await db.select().from(lessonRoomEvents).where(eq(lessonRoomEvents.lessonId, g.lesson.id))).filter((e) => e.kind === 'board').sort((x, y) => x.seq - y.seq);
    expect(await refusal(sendEvent(db, g.lesson, 'student', stroke('a1'), AT, a!.id))).toBe('ok');
    expect(await refusal(moderate(db, a!, g.lesson.id, { action: 'board', mode: 'tutor' }, AT, ops))).toEqual([403, 'forbidden']);
    expect(await moderate(db, g.tutor, g.lesson.id, { action: 'board', mode: 'tutor' }, AT, ops)).toEqual({ board: 'tutor' });
    expect(await refusal(sendEvent(db, g.lesson, 'student', stroke('a2'), AT, a!.id))).toEqual([403, 'board_tutor_only']);
    expect(await refusal(sendEvent(db, g.lesson, 'student', stroke('a1', 2), AT, b!.id))).toEqual([403, 'board_tutor_only']);
    expect(await refusal(sendEvent(db, g.lesson, 'tutor', stroke('t1'), AT, g.tutor.id))).toBe('ok');
    // Chat goes on meanwhile; the refused strokes left no trace (not even a sequence number).
    expect(await refusal(sendEvent(db, g.lesson, 'student', { kind: 'chat', payload: { text: 'Түсіндім' } }, AT, b!.id))).toBe('ok');
    const seqs = (await db.select({ seq: lessonRoomEvents.seq }).from(lessonRoomEvents).where(eq(lessonRoomEvents.lessonId, g.lesson.id))).map((r) => r.seq).sort((x, y) => x - y);
    expect(seqs).toEqual(seqs.map((_, i) => i + 1));
    expect((await boardOf()).map((e) => [e.side, e.payload.mode ?? (e.payload.elements as { id: string }[])[0]!.id])).toEqual([['student', 'a1'], ['server', 'tutor'], ['tutor', 't1']]);
    await moderate(db, g.tutor, g.lesson.id, { action: 'board', mode: 'all' }, AT, ops);
    expect(await refusal(sendEvent(db, g.lesson, 'student', stroke('a3'), AT, a!.id))).toBe('ok');

    // Ten strokes of a student racing the tutor's switch: each one stored comes before the switch.
    const results = await Promise.all([
      ...Array.from({ length: 10 }, (_, i) => refusal(sendEvent(db, g.lesson, 'student', stroke(`r${i}`), AT, b!.id))),
      moderate(db, g.tutor, g.lesson.id, { action: 'board', mode: 'tutor' }, AT, ops).then(() => 'switch'),
    ]);
    const board = await boardOf();
    const switchedAt = board.findLast((e) => e.side === 'server')!.seq;
    const raced = board.filter((e) => e.side === 'student' && String((e.payload.elements as { id: string }[])[0]!.id).startsWith('r'));
    expect(raced.every((e) => e.seq < switchedAt)).toBe(true);
    expect(raced.length).toBe(results.filter((r) => r === 'ok').length);
    expect(results.filter((r) => r !== 'ok' && r !== 'switch').every((r) => JSON.stringify(r) === JSON.stringify([403, 'board_tutor_only']))).toBe(true);
  });

  it('notes: a group lesson\'s are the tutor\'s, read-only for the students (403 notes_read_only); every page reads the tutor\'s', async () => {
    const g = await groupLesson(2, -10 * MIN, AT);
    const [a] = g.students;
    expect(await refusal(sendEvent(db, g.lesson, 'student', { kind: 'notes', payload: { text: 'Менің жазбам' } }, AT, a!.id))).toEqual([403, 'notes_read_only']);
    expect(await refusal(sendEvent(db, g.lesson, 'tutor', { kind: 'notes', payload: { text: 'Homework: page 12', base: 0 } }, AT, g.tutor.id))).toBe('ok');
    const notes = (await db.select().from(lessonRoomEvents).where(eq(lessonRoomEvents.lessonId, g.lesson.id))).filter((e) => e.kind === 'notes');
    expect(notes.map((e) => [e.side, e.payload.text])).toEqual([['tutor', 'Homework: page 12']]);
    // What a student reads: the tutor's notes, in their stream like everyone's (readEvents has no per-student filter).
    const { readEvents } = await import('./events');
    expect((await readEvents(db, g.lesson.id, 'student', 0)).filter((e) => e.kind === 'notes').map((e) => e.payload.text)).toEqual(['Homework: page 12']);
  });

  it('words for N students: each word goes to the dictionary of every student in the room then — not one who left, one removed, or one not yet come; one who comes later gets the earlier words, once; the tutor\'s record lists each word once, a student\'s their own', async () => {
    const g = await groupLesson(6, -10 * MIN, AT);
    const s = g.students;
    let clock = AT;
    const now = () => clock;
    const open: { ctl: AbortController; res: Response }[] = [];
    const join = async (userId: number) => {
      const ctl = new AbortController();
      open.push({ ctl, res: await roomStream(db, g.lesson, 'student', { after: 0, resume: false, signal: ctl.signal, now, userId }) });
      return open.length - 1;
    };
    const word = (w: string, tr: string, at: Date) => sendEvent(db, g.lesson, 'tutor', { kind: 'vocab', payload: { word: w, translation: tr, lang: 'ru' } }, at, g.tutor.id);
    const dictionary = async (userId: number) => (await db.select().from(lessonWords).where(eq(lessonWords.studentId, userId))).map((w) => w.word).sort();
    // 0, 1, 2 and 3 come in; 3 leaves; 2 is removed; 4 and 5 are not there yet.
    await join(s[0]!.id);
    await join(s[1]!.id);
    await join(s[2]!.id);
    const leaver = await join(s[3]!.id);
    open[leaver]!.ctl.abort();
    await vi.waitFor(async () => expect((await db.select().from(lessonAttendance).where(eq(lessonAttendance.userId, s[3]!.id))).map((r) => r.kind)).toContain('leave'));
    await db.insert(lessonRoomRemovals).values({ lessonId: g.lesson.id, userId: s[2]!.id, byUserId: g.tutor.id, reason: 'Сабаққа кедергі жасады' });
    await word('apple', 'яблоко', AT);
    await word('pear', 'груша', AT);
    expect(await dictionary(s[0]!.id)).toEqual(['apple', 'pear']);
    expect(await dictionary(s[1]!.id)).toEqual(['apple', 'pear']);
    for (const i of [2, 3, 4, 5]) expect(await dictionary(s[i]!.id)).toEqual([]);
    // 4 comes in: the words shown to them in the room are theirs too; a new word goes to 0, 1 and 4.
    clock = new Date(AT.getTime() + 30_000);
    await join(s[4]!.id);
    expect(await dictionary(s[4]!.id)).toEqual(['apple', 'pear']);
    await word('plum', 'слива', clock);
    for (const i of [0, 1, 4]) expect(await dictionary(s[i]!.id)).toEqual(['apple', 'pear', 'plum']);
    // A second tab of 4 (a reload) adds nothing twice.
    await join(s[4]!.id);
    expect(await dictionary(s[4]!.id)).toEqual(['apple', 'pear', 'plum']);
    // A student whose page went silent (no heartbeat for HEARTBEAT_GRACE_MS: a crashed tab) is not in the room.
    clock = new Date(AT.getTime() + 3 * MIN);
    await word('cherry', 'вишня', clock);
    for (const i of [0, 1, 4]) expect(await dictionary(s[i]!.id)).not.toContain('cherry');
    for (const o of open) o.ctl.abort();
    await new Promise((r) => setTimeout(r, 50));
    for (const o of open) await o.res.body?.cancel().catch(() => {});
    // The record after the lesson: the tutor's lists each word once; a student's, their own.
    const after = new Date(g.lesson.endsAt.getTime() + MIN);
    expect((await lessonRecord(db, g.tutor, g.lesson.id, after)).words.map((w) => w.word)).toEqual(['apple', 'pear', 'plum', 'cherry']);
    expect((await lessonRecord(db, s[4]!, g.lesson.id, after)).words.map((w) => w.word)).toEqual(['apple', 'pear', 'plum']);
    expect((await lessonRecord(db, s[5]!, g.lesson.id, after)).words).toEqual([]);
  });
  it('one report for the group\'s lesson with a mark per student: the tutor files and replaces it; each student reads their own row, in the record and the progress; only seated students; locked after the edit window', async () => {
    const g = await groupLesson(3);
    const [a, b, c] = g.students;
    const marks = (n: number) => ({ speaking: n, listening: n, reading: n, writing: n, grammar: n });
    const body = { covered: 'Past Simple: regular verbs', homework: 'Exercise 4', students: [{ studentId: a!.id, level: 'A2' as const, marks: marks(4) }, { studentId: b!.id, level: 'B1' as const, marks: marks(5) }] };
    const file = (token: string, b2: unknown) => call(reportRoute, req(`/api/lessons/${g.lesson.id}/report`, token, { method: 'POST', body: b2, locale: 'en' }), { id: String(g.lesson.id) });
    // Only the tutor; only seated students, each once; a one-on-one report's shape is not a group's.
    expect((await file(a!.token, body)).status).toBe(403);
    const outsider = await person('student');
    const stranger = await file(g.tutor.token, { ...body, students: [{ studentId: outsider.id, level: 'A2', marks: marks(3) }] });
    expect(stranger.status).toBe(422);
    expect(((await stranger.json()) as { error: { fields: Record<string, string> } }).error.fields).toHaveProperty(['students.0.studentId']);
    expect((await file(g.tutor.token, { ...body, students: [body.students[0], body.students[0]] })).status).toBe(422);
    expect((await file(g.tutor.token, { covered: 'x', level: 'A2', marks: marks(3) })).status).toBe(422);
    expect(await db.select().from(lessonReportsTable).where(eq(lessonReportsTable.lessonId, g.lesson.id))).toHaveLength(0);

    const filed = await file(g.tutor.token, body);
    expect(filed.status).toBe(200);
    const { groupReport } = (await filed.json()) as { groupReport: { covered: string; students: { studentId: number; level: string }[]; editableUntil: string } };
    expect(groupReport).toMatchObject({ covered: 'Past Simple: regular verbs', students: [{ studentId: a!.id, level: 'A2' }, { studentId: b!.id, level: 'B1' }] });
    // The tutor's record has the group's report; a student's, their own row; one not marked, none.
    expect((await lessonRecord(db, g.tutor, g.lesson.id)).groupReport).toMatchObject({ students: [{ studentId: a!.id }, { studentId: b!.id }] });
    expect((await lessonRecord(db, b!, g.lesson.id)).report).toMatchObject({ level: 'B1', homework: 'Exercise 4', marks: marks(5) });
    expect((await lessonRecord(db, c!, g.lesson.id)).report).toBeNull();
    expect((await studentProgress(db, { id: a!.id, role: 'student' })).reports.map((r) => [r.lesson.id, r.level])).toEqual([[g.lesson.id, 'A2']]);
    // The tutor's list of lessons shows the group's lesson once, whatever the rows of its report.
    const list = await listLessons(db, { id: g.tutor.id, role: 'tutor', scope: 'tutor tutor:bookable' });
    expect([...list.upcoming, ...list.past].filter((l) => l.id === g.lesson.id)).toHaveLength(1);

    // Filed again: replaced (b out, c in), the edit window still counted from the first filing.
    const later = new Date(Date.now() + 60 * MIN);
    const again = await fileGroupReport(db, g.tutor, g.lesson.id, { ...body, students: [body.students[0]!, { studentId: c!.id, level: 'A1' as const, marks: marks(2) }] }, later);
    expect(again.students.map((x) => x.studentId)).toEqual([a!.id, c!.id]);
    expect(again.editableUntil).toBe(groupReport.editableUntil);
    expect((await lessonRecord(db, b!, g.lesson.id)).report).toBeNull();
    // The tutor's roster shows each student's level from their latest report (none: null, the group's is shown).
    const roster = (await tutorGroups(db, g.tutor.id, later)).find((x) => x.id === g.groupId)!.roster;
    expect(Object.fromEntries(roster.map((r) => [r.studentId, r.level]))).toEqual({ [a!.id]: 'A2', [b!.id]: null, [c!.id]: 'A1' });
    const locked = new Date(new Date(groupReport.editableUntil).getTime() + MIN);
    expect(locked.getTime() - Date.now()).toBeGreaterThan((REPORT_EDIT_HOURS - 1) * 3_600_000);
    await expect(fileGroupReport(db, g.tutor, g.lesson.id, body, locked)).rejects.toMatchObject({ status: 409, code: 'report_locked' });
  });
});
