import 'server-only';
import { randomUUID } from 'node:crypto';
import { errorForLog } from '@/lib/api/error-log';
import { isDbClosed } from '@/lib/db/open';
import type { RoomSide } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { enforceLimits } from '@/lib/rate-limit';
import type { RoomLesson } from './access';
import { env } from '@/lib/env';
import { markHeldIfTogether, recordAttendance } from '@/lib/lessons/attendance';
import { roomBus, type RoomBus } from './bus';
import { catchUpWords } from './dictionary';
import { appendEvent, lastSeq, readEvents, type RoomEvent } from './events';

export interface StreamOptions {
  /** The last sequence number the client has (Last-Event-ID or ?after=). */
  after: number;
  /**
   * A resumed stream (Last-Event-ID) gets the signals after `after` too; a fresh one (a page
   * load) only the room's state: old offers and candidates belong to a call that is gone.
   */
  resume: boolean;
  signal: AbortSignal;
  /** The bus to hear wake-ups on (default: this process's, lib/lesson-room/bus.ts). */
  bus?: RoomBus;
  heartbeatMs?: number;
  now?: () => Date;
  /** Who opened it: recorded on every attendance row; a group lesson's students are told apart by it. */
  userId?: number;
}

const encoder = new TextEncoder();

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
const openStreams = new Map<string, { connection: string; supersede: () => void }[]>();
const frame = (e: RoomEvent) => encoder.encode(`id: ${e.seq}\ndata: ${JSON.stringify(e)}\n\n`);

/**
 * The room's Server-Sent Events stream for one side: the log after `after` (state first, then
 * live), each event with its `id:` so a reconnecting client resumes where it stopped. The
 * connection is the side's presence: a join when it opens, a heartbeat every ROOM_HEARTBEAT_MS (a
 * comment line too, which keeps proxies from timing it out), a leave when it closes; the other
 * side is told (a `presence` event from the server). It ends at the lesson's end (`event: end`).
 */
export async function roomStream(db: Db, lesson: RoomLesson, side: RoomSide, opts: StreamOptions): Promise<Response> {
  const now = opts.now ?? (() => new Date());
  // A side opens a stream per page load and per reconnection: 30 a minute is far above that (H1).
  // A group lesson has several students: each one is a "side" of its own for the caps and presence.
  const who = lesson.kind === 'group' && side === 'student' && opts.userId !== undefined ? `${side}:${opts.userId}` : side;
  const userId = opts.userId ?? null;
  await enforceLimits(db, [{ key: `room-stream:${lesson.id}:${who}`, max: STREAM_OPENS_PER_MINUTE, windowSeconds: 60 }], now());
  const connection = randomUUID();
  const bus = opts.bus ?? (await roomBus(db));
  const signalsAfter = opts.resume ? opts.after : await lastSeq(db, lesson.id);
  const key = `${lesson.id}:${who}`;
  const siblings = openStreams.get(key) ?? [];
  openStreams.set(key, siblings);
  const entry = { connection, supersede: () => {} };
  const firstOfSide = siblings.length === 0;
  siblings.push(entry);
  while (siblings.length > MAX_STREAMS_PER_SIDE) siblings.shift()!.supersede();
  const presenceOf = (online: boolean) => ({ side, online, ...(lesson.kind === 'group' && userId !== null ? { userId } : {}) });
  await recordAttendance(db, lesson.id, side, connection, 'join', now(), userId);
  // In the room from now: a group lesson's student gets the words added before they came (dictionary.ts).
  if (lesson.kind === 'group' && side === 'student' && userId !== null) await catchUpWords(db, lesson.id, userId);
  if (firstOfSide) await appendEvent(db, lesson, 'server', { kind: 'presence', payload: presenceOf(true) }, now());

  let cursor = opts.after;
  let closed = false;
  let pumping: Promise<void> | null = null;
  let again = false;
  const timers: NodeJS.Timeout[] = [];
  let unsubscribe = () => {};
  let closeStream = async () => {};

  return new Response(
    new ReadableStream<Uint8Array>({
      start(controller) {
        const write = (bytes: Uint8Array) => {
          if (closed) return;
          try {
            controller.enqueue(bytes);
          } catch {
            void close();
          }
        };
        const pump = (): Promise<void> => {
          if (pumping) {
            again = true;
            return pumping;
          }
          pumping = (async () => {
            do {
              again = false;
              for (;;) {
                if (closed || isDbClosed(db)) return;
                const batch = await readEvents(db, lesson.id, side, cursor);
                for (const e of batch) {
                  cursor = e.seq;
                  if (e.kind === 'signal' && e.seq <= signalsAfter) continue;
                  write(frame(e));
                }
                if (batch.length < 500) break;
              }
            } while (again && !closed);
          })()
            .catch((err: unknown) => {
              if (!isDbClosed(db)) console.error('[room] could not read the log:', errorForLog(err));
            })
            .finally(() => {
              pumping = null;
            });
          return pumping;
        };
        const close = async () => {
          if (closed) return;
          closed = true;
          const at = siblings.indexOf(entry);
          if (at >= 0) siblings.splice(at, 1);
          const lastOfSide = siblings.length === 0;
          if (lastOfSide && openStreams.get(key) === siblings) openStreams.delete(key);
          unsubscribe();
          for (const t of timers) clearTimeout(t);
          try {
            controller.close();
          } catch {
            // already closed by the client
          }
          if (isDbClosed(db)) return;
          try {
            await recordAttendance(db, lesson.id, side, connection, 'leave', now(), userId);
            if (lastOfSide) await appendEvent(db, lesson, 'server', { kind: 'presence', payload: presenceOf(false) }, now());
          } catch (err) {
            if (!isDbClosed(db)) console.error('[room] could not record a leave:', errorForLog(err));
          }
        };
        closeStream = close;
        entry.supersede = () => {
          write(encoder.encode('event: superseded\ndata: {}\n\n'));
          void close();
        };
        // Superseded before the stream started (a burst of opens): close at once.
        if (!siblings.includes(entry)) entry.supersede();

        write(encoder.encode('retry: 2000\n\n'));
        unsubscribe = bus.subscribe(lesson.id, () => void pump());
        void pump().then(() => write(encoder.encode(`event: ready\ndata: ${JSON.stringify({ side, seq: cursor })}\n\n`)));
        const beat = setInterval(() => {
          if (closed) return;
          write(encoder.encode(': ping\n\n'));
          void (async () => {
            try {
              await recordAttendance(db, lesson.id, side, connection, 'heartbeat', now(), userId);
              if (lesson.factStatus === null) await markHeldIfTogether(db, lesson.id, now());
            } catch (err) {
              if (!isDbClosed(db)) console.error('[room] heartbeat failed:', errorForLog(err));
            }
            // Also the fallback for a wake-up that never came.
            await pump();
          })();
        }, opts.heartbeatMs ?? env().ROOM_HEARTBEAT_MS);
        beat.unref?.();
        timers.push(beat);
        const untilEnd = lesson.endsAt.getTime() - now().getTime();
        const end = setTimeout(() => {
          write(encoder.encode('event: end\ndata: {}\n\n'));
          void close();
        }, Math.max(0, Math.min(untilEnd, 2_147_000_000)));
        end.unref?.();
        timers.push(end);
        if (opts.signal.aborted) void close();
        else opts.signal.addEventListener('abort', () => void close(), { once: true });
      },
      cancel() {
        void closeStream();
      },
    }),
    {
      headers: {
        'content-type': 'text/event-stream; charset=utf-8',
        // no-transform: the compression middleware leaves the stream alone; X-Accel-Buffering: nginx too.
        'cache-control': 'no-store, no-transform',
        'x-accel-buffering': 'no',
      },
    },
  );
}
