import 'server-only';
import { and, asc, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { ApiError } from '@/lib/api/errors';
import { lessonRoomEvents, lessonRooms, lessonWords, type RoomEventKind, type RoomSide } from '@/lib/db/schema';
import { transaction } from '@/lib/db/transaction';
import type { Db } from '@/lib/db/types';
import { hit } from '@/lib/rate-limit';
import { ROOM_LIMITS, type RoomEventInput } from '@/lib/validations/lesson-room';
import type { RoomLesson } from './access';
import { announce } from '@/lib/runtime/bus';
import { boardMode } from './controls';
import { presentStudentIds } from './dictionary';
import { mergeNotesBounded } from './notes-merge';

export interface RoomEvent {
  seq: number;
  side: RoomSide | 'server';
  kind: RoomEventKind;
  payload: Record<string, unknown>;
  at: string;
}

/** Per side and lesson: enough for ICE candidates in a burst and for drawing, not for a flood. */
export const EVENTS_PER_MINUTE = 1200;
/** Notes saves per side and lesson (the page saves 0.7 s after typing stops): merging costs more than other events (H2). */
export const NOTES_SAVES_PER_MINUTE = 60;
/** A save edited from a version this many notes saves behind the last is not merged (stored as it is). */
export const NOTES_MERGE_MAX_BEHIND = 10;

const other = (side: RoomSide): RoomSide => (side === 'tutor' ? 'student' : 'tutor');

/**
 * Stores one event and then announces it (NOTIFY through lib/runtime/bus.ts in the same transaction: the other
 * instances hear it only once it is committed). Sequence numbers come from the lesson's room row,
 * whose lock orders concurrent writers, so a reader that has seen N has seen everything before N.
 * Signals go to the other side only; the rest to both. A vocabulary word is the tutor's alone and
 * also lands in the student's dictionary (a group lesson's: each present student's), in the same
 * transaction. A group lesson's notes are the tutor's alone, and its board too while they say so.
 */
export async function appendEvent(db: Db, lesson: RoomLesson, side: RoomSide | 'server', input: { kind: RoomEventKind; payload: Record<string, unknown> }, now = new Date(), userId?: number): Promise<RoomEvent> {
  if (input.kind === 'vocab' && side !== 'tutor') throw new ApiError(403, 'forbidden');
  const group = lesson.kind === 'group';
  // A group lesson's media goes through Janus (lib/lesson-room/sfu.ts): no peer-to-peer signalling in its log.
  if (group && input.kind === 'signal') throw new ApiError(409, 'group_no_signal');
  // A group lesson's students share the side `student`: the server stamps who wrote (never the browser's word).
  if (group && side !== 'server' && userId !== undefined) input = { ...input, payload: { ...input.payload, from: userId } };
  const who = group && side === 'student' && userId !== undefined ? `${side}:${userId}` : side;
  // Images on the board are the tutor's to put there (the issue: "the tutor can upload").
  if (input.kind === 'board' && input.payload.files && side !== 'tutor') throw new ApiError(403, 'forbidden');
  // A group lesson's notes are the tutor's, shared read-only with the students.
  if (group && input.kind === 'notes' && side === 'student') throw new ApiError(403, 'notes_read_only');
  if (side !== 'server') {
    const limited = await hit(db, { key: `room:${lesson.id}:${who}`, max: EVENTS_PER_MINUTE, windowSeconds: 60 }, now);
    if (!limited.allowed) throw new ApiError(429, 'rate_limited', undefined, limited.retryAfter);
    if (input.kind === 'notes') {
      const notes = await hit(db, { key: `room-notes:${lesson.id}:${who}`, max: NOTES_SAVES_PER_MINUTE, windowSeconds: 60 }, now);
      if (!notes.allowed) throw new ApiError(429, 'rate_limited', undefined, notes.retryAfter);
    }
  }
  const toSide = input.kind === 'signal' && side !== 'server' ? other(side) : null;
  return transaction(db, async (tx) => {
    const [room] = await tx
      .insert(lessonRooms)
      .values({ lessonId: lesson.id, lastSeq: 1 })
      .onConflictDoUpdate({ target: lessonRooms.lessonId, set: { lastSeq: sql`${lessonRooms.lastSeq} + 1` } })
      .returning({ seq: lessonRooms.lastSeq });
    const seq = room!.seq;
    // While the tutor keeps the board to themselves (lib/lesson-room/controls.ts), a student's stroke
    // is refused; read after the room's row lock, so the switch and a stroke are ordered.
    if (group && side === 'student' && input.kind === 'board' && (await boardMode(tx, lesson.id)) === 'tutor') throw new ApiError(403, 'board_tutor_only');
    // The room's row is locked by the upsert until the commit: notes saved at once are merged in turn.
    const payload = input.kind === 'notes' ? await mergeSavedNotes(tx, lesson.id, input.payload as NotesPayload) : input.payload;
    await tx.insert(lessonRoomEvents).values({ lessonId: lesson.id, seq, side, toSide, kind: input.kind, payload, createdAt: now });
    if (input.kind === 'vocab') {
      const { word, translation, lang } = input.payload as { word: string; translation: string; lang?: 'ru' | 'kk' | 'en' };
      // A group lesson's word goes to the dictionary of every student in the room now (a student
      // who comes in later gets the lesson's words as the room shows them: dictionary.ts catchUpWords).
      const students = group ? await presentStudentIds(tx, lesson.id, now) : lesson.studentId ? [lesson.studentId] : [];
      for (const studentId of students) await tx.insert(lessonWords).values({ lessonId: lesson.id, studentId, word, translation, lang: lang ?? null, createdAt: now });
    }
    await tx.execute(announce('room', lesson.id, seq));
    return { seq, side, kind: input.kind, payload, at: now.toISOString() };
  });
}

type NotesPayload = { text: string; base?: number; client?: string };

/**
 * A notes save made from an older version than the last saved one (the other side saved in
 * between): its edits are merged onto the last one (lib/lesson-room/notes-merge.ts), so neither
 * side's typing is lost. Saved from the last version, or without a base: stored as it is. Stored as
 * it is too (the merge's cost bounded, security.md H2): a base whose text is gone (kept 7 days,
 * lib/retention.ts), a base more than NOTES_MERGE_MAX_BEHIND saves old, edits larger than
 * SERVER_MERGE allows, or a merge over the size cap.
 */
async function mergeSavedNotes(tx: Db, lessonId: number, input: NotesPayload): Promise<Record<string, unknown>> {
  const { text, base, client } = input;
  const stored = { text, ...(client ? { client } : {}) };
  if (base === undefined) return stored;
  const since = await tx
    .select({ seq: lessonRoomEvents.seq, payload: lessonRoomEvents.payload })
    .from(lessonRoomEvents)
    .where(and(eq(lessonRoomEvents.lessonId, lessonId), eq(lessonRoomEvents.kind, 'notes'), gt(lessonRoomEvents.seq, base)))
    .orderBy(desc(lessonRoomEvents.seq))
    .limit(NOTES_MERGE_MAX_BEHIND + 1);
  const last = since[0];
  if (!last || since.length > NOTES_MERGE_MAX_BEHIND) return stored;
  let baseText = '';
  if (base > 0) {
    const [from] = await tx
      .select({ payload: lessonRoomEvents.payload })
      .from(lessonRoomEvents)
      .where(and(eq(lessonRoomEvents.lessonId, lessonId), eq(lessonRoomEvents.seq, base), eq(lessonRoomEvents.kind, 'notes')))
      .limit(1);
    if (!from) return stored;
    baseText = String(from.payload.text ?? '');
  }
  const merged = mergeNotesBounded(baseText, text, String(last.payload.text ?? ''));
  return merged === null || merged.length > ROOM_LIMITS.notes ? stored : { ...stored, text: merged };
}

/** What a side sends from the browser (already parsed by roomEventSchema). */
export const sendEvent = (db: Db, lesson: RoomLesson, side: RoomSide, input: RoomEventInput, now = new Date(), userId?: number) => appendEvent(db, lesson, side, input, now, userId);

/** The events after `after` that `side` may read (its own signals never come back), oldest first. */
export async function readEvents(db: Db, lessonId: number, side: RoomSide, after: number, limit = 500): Promise<RoomEvent[]> {
  const rows = await db
    .select()
    .from(lessonRoomEvents)
    .where(and(eq(lessonRoomEvents.lessonId, lessonId), gt(lessonRoomEvents.seq, after), or(isNull(lessonRoomEvents.toSide), eq(lessonRoomEvents.toSide, side))))
    .orderBy(asc(lessonRoomEvents.seq))
    .limit(limit);
  return rows.map((r) => ({ seq: r.seq, side: r.side, kind: r.kind, payload: r.payload, at: r.createdAt.toISOString() }));
}

/** The lesson's last sequence number (0 before the first event). */
export async function lastSeq(db: Db, lessonId: number): Promise<number> {
  const [row] = await db.select({ seq: lessonRooms.lastSeq }).from(lessonRooms).where(eq(lessonRooms.lessonId, lessonId)).limit(1);
  return row?.seq ?? 0;
}
