import 'server-only';
import { randomUUID } from 'node:crypto';
import { openSse, sseBlock } from '@/lib/api/sse';
import { bus, type Bus } from '@/lib/runtime/bus';
import { isDbClosed } from '@/lib/db/open';
import type { RoomSide } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { enforceLimits } from '@/lib/rate-limit';
import type { RoomLesson } from './access';
import { env } from '@/lib/env';
import { markHeldIfTogether, recordAttendance } from '@/lib/lessons/attendance';
import { catchUpWords } from './dictionary';
import { appendEvent, lastSeq, readEvents } from './events';

export interface StreamOptions {
  /** The last sequence number the client has (Last-Event-ID or ?after=). */
  after: number;
  /**
   * A resumed stream (Last-Event-ID) gets the signals after `after` too; a fresh one (a page
   * load) only the room's state: old offers and candidates belong to a call that is gone.
   */
  resume: boolean;
  signal: AbortSignal;
  /** The bus to hear wake-ups on (default: this process's, lib/runtime/bus.ts). */
  bus?: Bus;
  heartbeatMs?: number;
  now?: () => Date;
  /** Who opened it: recorded on every attendance row; a group lesson's students are told apart by it. */
  userId?: number;
}

/**
 * Open streams of one side of one lesson in this process, oldest first (security.md H1): a side
 * keeps at most MAX_STREAMS_PER_SIDE (a phone and a laptop and a reloaded tab); a new one closes
 * the oldest with `event: superseded` (that page says the lesson is open elsewhere and stops), so
 * however many an attacker opens, at most this many read the log. The side is online while it has
 * one: `presence` events are written on the first open and the last close only, never per
 * connection. (Instances each keep their own count; nginx caps streams per address in front.)
 */
export const MAX_STREAMS_PER_SIDE = 3;
/** Streams a side may open in a minute (429 beyond; the page's channel tries again with a growing delay). */
export const STREAM_OPENS_PER_MINUTE = 30;

/**
 * The room's Server-Sent Events stream for one side (lib/api/sse.ts): the log after `after` (state
 * first, then live), each event with its `id:` so a reconnecting client resumes where it stopped.
 * The connection is the side's presence: a join when it opens, a heartbeat every ROOM_HEARTBEAT_MS,
 * a leave when it closes; the other side is told (a `presence` event from the server). It ends at
 * the lesson's end (`event: end`).
 */
export async function roomStream(db: Db, lesson: RoomLesson, side: RoomSide, opts: StreamOptions): Promise<Response> {
  const now = opts.now ?? (() => new Date());
  // A side opens a stream per page load and per reconnection: 30 a minute is far above that (H1).
  // A group lesson has several students: each one is a "side" of its own for the caps and presence.
  const who = lesson.kind === 'group' && side === 'student' && opts.userId !== undefined ? `${side}:${opts.userId}` : side;
  const userId = opts.userId ?? null;
  await enforceLimits(db, [{ key: `room-stream:${lesson.id}:${who}`, max: STREAM_OPENS_PER_MINUTE, windowSeconds: 60 }], now());
  const connection = randomUUID();
  const room = opts.bus ?? (await bus(db));
  const signalsAfter = opts.resume ? opts.after : await lastSeq(db, lesson.id);
  const presenceOf = (online: boolean) => ({ side, online, ...(lesson.kind === 'group' && userId !== null ? { userId } : {}) });
  let cursor = opts.after;
  return openSse({
    db,
    label: 'room',
    group: { key: `room:${lesson.id}:${who}`, max: MAX_STREAMS_PER_SIDE },
    signal: opts.signal,
    heartbeatMs: opts.heartbeatMs ?? env().ROOM_HEARTBEAT_MS,
    endsInMs: lesson.endsAt.getTime() - now().getTime(),
    subscribe: (wake) => room.subscribe('room', lesson.id, wake),
    async opened(first) {
      await recordAttendance(db, lesson.id, side, connection, 'join', now(), userId);
      // In the room from now: a group lesson's student gets the words added before they came (dictionary.ts).
      if (lesson.kind === 'group' && side === 'student' && userId !== null) await catchUpWords(db, lesson.id, userId);
      if (first) await appendEvent(db, lesson, 'server', { kind: 'presence', payload: presenceOf(true) }, now());
    },
    async pump(write) {
      for (;;) {
        if (isDbClosed(db)) return;
        const batch = await readEvents(db, lesson.id, side, cursor);
        for (const e of batch) {
          cursor = e.seq;
          if (e.kind === 'signal' && e.seq <= signalsAfter) continue;
          write(sseBlock(e, { id: e.seq }));
        }
        if (batch.length < 500) break;
      }
    },
    ready: () => sseBlock({ side, seq: cursor }, { event: 'ready' }),
    async beat() {
      await recordAttendance(db, lesson.id, side, connection, 'heartbeat', now(), userId);
      if (lesson.factStatus === null) await markHeldIfTogether(db, lesson.id, now());
    },
    async closed(last) {
      await recordAttendance(db, lesson.id, side, connection, 'leave', now(), userId);
      if (last) await appendEvent(db, lesson, 'server', { kind: 'presence', payload: presenceOf(false) }, now());
    },
  });
}
